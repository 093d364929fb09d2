import { ConfigError } from '../config/ConfigError.js';
import * as b from '../config/schema/bridge.js';
import type { Env } from '../config/variables/Variable.js';

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

export { bridgeChainSuffix } from '../config/schema/bridge.js';

/**
 * `LIFI_*` and `BRIDGE_*` (declared in `config/schema/bridge.ts`): the LI.FI client, the per-chain bridge
 * allowlists, the quote TTL and the status poller. A `BRIDGE_ALLOWED_CONTRACTS_<CHAIN>` for a chain the registry does
 * not know is refused (a typo would leave the chain without the contracts the operator meant).
 *
 * @example
 * ```ts
 * const bridge = parseBridgeConfig({ BRIDGE_ALLOWED_CONTRACTS_DEVNET: '0x5FbDB2315678afecb367f032d93F642f64180aa3' });
 * ```
 */
export function parseBridgeConfig(env: Env): BridgeConfig {
  const allowedContracts = b.BRIDGE_ALLOWED_CONTRACTS.read(env);
  const apiKey = b.LIFI_API_KEY.read(env);
  const stuckFactor = b.BRIDGE_STUCK_FACTOR.read(env);
  const statusPollMs = b.BRIDGE_STATUS_POLL_MS.read(env);
  const statusMaxPollMs = b.BRIDGE_STATUS_MAX_POLL_MS.read(env);
  if (statusMaxPollMs < statusPollMs) {
    throw new ConfigError('BRIDGE_STATUS_MAX_POLL_MS', 'must be at least BRIDGE_STATUS_POLL_MS');
  }
  return {
    lifi: { baseUrl: b.LIFI_BASE_URL.read(env), apiKey, timeoutMs: b.LIFI_TIMEOUT_MS.read(env) },
    allowedContracts,
    quoteTtlMs: b.BRIDGE_QUOTE_TTL_SECONDS.read(env) * 1_000,
    maxPriceImpactBps: b.BRIDGE_MAX_PRICE_IMPACT_BPS.read(env),
    statusPollMs,
    statusMaxPollMs,
    stuckFactor,
    stuckMinMs: b.BRIDGE_STUCK_MIN_SECONDS.read(env) * 1_000,
  };
}
