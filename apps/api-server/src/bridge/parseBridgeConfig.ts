import { chains } from '@org/chain-evm';
import { ConfigError } from '../config.js';
import { parseAddressList } from '../parseAddressList.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Bridge configuration (`LIFI_*`, `BRIDGE_*`). */
export interface BridgeConfig {
  lifi: {
    /** `LIFI_BASE_URL` (default `https://li.quest`; the API is under `/v1`). */
    baseUrl: string;
    /** `LIFI_API_KEY` (optional secret, sent as `x-lifi-api-key`). */
    apiKey: string | undefined;
    /** `LIFI_TIMEOUT_MS` (default 10,000): one call. */
    timeoutMs: number;
  };
  /** Chain id → contracts added to LI.FI's pinned ones on that source chain (`BRIDGE_ALLOWED_CONTRACTS_<CHAIN>`). */
  allowedContracts: Map<number, `0x${string}`[]>;
  /** `BRIDGE_QUOTE_TTL_SECONDS` (default 60): an older quote is re-quoted before it is executed. */
  quoteTtlMs: number;
  /** `BRIDGE_MAX_PRICE_IMPACT_BPS` (default 300): sent as LI.FI's `maxPriceImpact` (its default is 1000). */
  maxPriceImpactBps: number;
  /** `BRIDGE_STATUS_POLL_MS` (default 10,000): the first wait before reading a transfer's status. */
  statusPollMs: number;
  /** `BRIDGE_STATUS_MAX_POLL_MS` (default 300,000): the back-off doubles up to this. */
  statusMaxPollMs: number;
  /** `BRIDGE_STUCK_FACTOR` (default 3): still pending after this × the quoted duration → `stuck`. */
  stuckFactor: number;
  /** `BRIDGE_STUCK_MIN_SECONDS` (default 600): …and never sooner than this. */
  stuckMinMs: number;
}

/**
 * The per-chain variable's suffix: the chain name upper-cased, `-` → `_`.
 *
 * @example
 * ```ts
 * bridgeChainSuffix('devnet-b'); // 'DEVNET_B'
 * ```
 */
export function bridgeChainSuffix(name: string): string {
  return name.toUpperCase().replace(/-/g, '_');
}

/**
 * `LIFI_*` and `BRIDGE_*`: the LI.FI client, the per-chain bridge allowlists, the quote TTL and the status poller.
 * A `BRIDGE_ALLOWED_CONTRACTS_<CHAIN>` for a chain the registry does not know is refused (a typo would leave the
 * chain without the contracts the operator meant).
 *
 * @example
 * ```ts
 * const bridge = parseBridgeConfig({ BRIDGE_ALLOWED_CONTRACTS_DEVNET: '0x5FbDB2315678afecb367f032d93F642f64180aa3' });
 * ```
 */
export function parseBridgeConfig(env: Env): BridgeConfig {
  const known = new Map(chains.map((c) => [bridgeChainSuffix(c.name), c.id]));
  const allowedContracts = new Map<number, `0x${string}`[]>();
  for (const [variable, value] of Object.entries(env)) {
    const match = /^BRIDGE_ALLOWED_CONTRACTS_(.+)$/.exec(variable);
    if (match?.[1] === undefined) continue;
    const chainId = known.get(match[1]);
    if (chainId === undefined) {
      throw new ConfigError(
        variable,
        `unknown chain; use one of ${[...known.keys()].map((n) => `BRIDGE_ALLOWED_CONTRACTS_${n}`).join(', ')}`,
      );
    }
    const raw = value?.trim();
    if (!raw) continue;
    allowedContracts.set(chainId, parseAddressList({ variable, raw, max: 20 }));
  }
  const apiKey = env.LIFI_API_KEY?.trim() || undefined;
  if (apiKey !== undefined && !/^[\x21-\x7e]{1,300}$/.test(apiKey)) {
    throw new ConfigError('LIFI_API_KEY', 'must be 1 to 300 printable characters');
  }
  const stuckFactor = Number(env.BRIDGE_STUCK_FACTOR?.trim() || '3');
  if (!Number.isFinite(stuckFactor) || stuckFactor <= 0 || stuckFactor > 1_000) {
    throw new ConfigError('BRIDGE_STUCK_FACTOR', 'must be a number above 0 and at most 1000');
  }
  const statusPollMs = integer(env, 'BRIDGE_STATUS_POLL_MS', 10_000, 10, 3_600_000);
  const statusMaxPollMs = integer(env, 'BRIDGE_STATUS_MAX_POLL_MS', 300_000, 10, 86_400_000);
  if (statusMaxPollMs < statusPollMs) {
    throw new ConfigError('BRIDGE_STATUS_MAX_POLL_MS', 'must be at least BRIDGE_STATUS_POLL_MS');
  }
  return {
    lifi: {
      baseUrl: url(env, 'LIFI_BASE_URL', 'https://li.quest'),
      apiKey,
      timeoutMs: integer(env, 'LIFI_TIMEOUT_MS', 10_000, 100, 120_000),
    },
    allowedContracts,
    quoteTtlMs: integer(env, 'BRIDGE_QUOTE_TTL_SECONDS', 60, 1, 3_600) * 1_000,
    maxPriceImpactBps: integer(env, 'BRIDGE_MAX_PRICE_IMPACT_BPS', 300, 1, 999),
    statusPollMs,
    statusMaxPollMs,
    stuckFactor,
    stuckMinMs: integer(env, 'BRIDGE_STUCK_MIN_SECONDS', 600, 0, 604_800) * 1_000,
  };
}

function integer(env: Env, variable: string, fallback: number, min: number, max: number): number {
  const raw = env[variable]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^[0-9]+$/.test(raw)) throw new ConfigError(variable, `must be an integer from ${min} to ${max}`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(variable, `must be an integer from ${min} to ${max}`);
  return value;
}

function url(env: Env, variable: string, fallback: string): string {
  const raw = env[variable]?.trim() || fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(variable, 'must be an http(s) URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(variable, 'must be an http(s) URL');
  }
  return raw.replace(/\/+$/, '');
}
