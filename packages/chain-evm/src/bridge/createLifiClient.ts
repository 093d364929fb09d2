import type { Address } from '../chains/chains.js';
import { BridgeProviderError } from './BridgeProviderError.js';
import { bpsToLifiSlippage } from './bpsToLifiSlippage.js';
import { type LifiFetch, type LifiRateLimitState, lifiRequest } from './lifiRequest.js';
import { parseLifiChains } from './parseLifiChains.js';
import { parseLifiConnections } from './parseLifiConnections.js';
import { parseLifiQuote } from './parseLifiQuote.js';
import { parseLifiStatus } from './parseLifiStatus.js';
import { parseLifiTools } from './parseLifiTools.js';
import type { LifiChain, LifiConnection, LifiQuote, LifiRateLimit, LifiStatus, LifiTools } from './types.js';

/** LI.FI's default `maxPriceImpact` (10%), in basis points: ours must be below it. */
export const LIFI_DEFAULT_MAX_PRICE_IMPACT_BPS = 1_000;

/** Parameters of {@link createLifiClient}. */
export interface CreateLifiClientParameters {
  /** Default `https://li.quest` (paths are `/v1/…`). A test points it at a local fixture. */
  readonly baseUrl?: string | undefined;
  /** Optional key, sent as `x-lifi-api-key` (secret: never in a message). */
  readonly apiKey?: string | undefined;
  /** Time-out of each call, in milliseconds (default 10 000). */
  readonly timeoutMs?: number | undefined;
  /** `integrator` sent with quotes when the call names none. */
  readonly integrator?: string | undefined;
  /** Default: the global `fetch`. */
  readonly fetch?: LifiFetch | undefined;
  /** Clock for the rate-limit window (default `Date.now`). */
  readonly now?: (() => number) | undefined;
}

/** Parameters of {@link LifiClient.getQuote}: chain ids, addresses and base units — what our own code decided. */
export interface GetLifiQuoteParameters {
  readonly fromChain: number;
  readonly toChain: number;
  /** Token address on the source chain; `0x000…000` for the native coin. */
  readonly fromToken: Address;
  readonly toToken: Address;
  /** The wallet. */
  readonly fromAddress: Address;
  /** Receiver on the destination chain (default: `fromAddress`). */
  readonly toAddress?: Address | undefined;
  /** Base units, positive. */
  readonly fromAmount: bigint;
  /** Our slippage in basis points (0–5000), sent as LI.FI's decimal fraction (50 → `0.005`). */
  readonly slippageBps: number;
  /** Sent as `maxPriceImpact`; must be below LI.FI's default of 1000 bps (default 300 = 3%). */
  readonly maxPriceImpactBps?: number | undefined;
  readonly order?: 'FASTEST' | 'CHEAPEST' | undefined;
  readonly allowBridges?: readonly string[] | undefined;
  readonly denyBridges?: readonly string[] | undefined;
  readonly preferBridges?: readonly string[] | undefined;
  readonly integrator?: string | undefined;
}

/** Parameters of {@link LifiClient.getStatus}. */
export interface GetLifiStatusParameters {
  /** The source chain's transaction hash. */
  readonly txHash: `0x${string}`;
  readonly fromChain?: number | undefined;
  readonly toChain?: number | undefined;
  /** The bridge (tool) key, which speeds the look-up up. */
  readonly bridge?: string | undefined;
}

/** Parameters of {@link LifiClient.getConnections}. */
export interface GetLifiConnectionsParameters {
  readonly fromChain?: number | undefined;
  readonly toChain?: number | undefined;
  readonly fromToken?: Address | undefined;
  readonly toToken?: Address | undefined;
  readonly allowBridges?: readonly string[] | undefined;
  readonly denyBridges?: readonly string[] | undefined;
}

/** Where the client stands with LI.FI's rate limit. */
export interface LifiRateLimitStatus {
  /** The last `ratelimit-*` headers seen, if any. */
  readonly last: LifiRateLimit | null;
  /** Epoch ms before which the client sends nothing (it answers `BRIDGE_PROVIDER_RATE_LIMITED` at once). */
  readonly blockedUntil: number | null;
}

/** A LI.FI API client; every answer is shape-checked, every failure a `BridgeProviderError`. */
export interface LifiClient {
  /** `GET /v1/quote` with `allowDestinationCall=false` and our slippage as a decimal fraction. */
  getQuote(parameters: GetLifiQuoteParameters): Promise<LifiQuote>;
  /** `GET /v1/status`; `NOT_FOUND` is an answer, not an error. */
  getStatus(parameters: GetLifiStatusParameters): Promise<LifiStatus>;
  /** `GET /v1/chains?chainTypes=EVM`. */
  getChains(): Promise<LifiChain[]>;
  /** `GET /v1/connections`. */
  getConnections(parameters?: GetLifiConnectionsParameters): Promise<LifiConnection[]>;
  /** `GET /v1/tools`, optionally for some chains only. */
  getTools(parameters?: { readonly chains?: readonly number[] | undefined }): Promise<LifiTools>;
  /** The rate-limit state (the headers of the last answer, and any hold-back). */
  rateLimit(): LifiRateLimitStatus;
}

/**
 * Creates a LI.FI client: `/v1/quote`, `/v1/status`, `/v1/chains`, `/v1/connections` and `/v1/tools` with a time-out
 * per call, the optional key as `x-lifi-api-key`, and LI.FI's rate limit honoured — after a 429, or when
 * `ratelimit-remaining` reaches 0, it sends nothing until `ratelimit-reset` has passed and answers
 * `BRIDGE_PROVIDER_RATE_LIMITED` with `retryAfterMs` at once. LI.FI's numeric codes are mapped to stable codes
 * (`lifiCode` keeps the original); a 404 no-quote surfaces `errors.failed` as `toolErrors`. Answers are
 * shape-checked (`BRIDGE_PROVIDER_BAD_RESPONSE` otherwise) but not trusted: run `checkBridgeQuote` on every quote.
 * Quotes always ask `allowDestinationCall=false`, never `skipSimulation`, and send slippage as a decimal fraction.
 *
 * @example
 * ```ts
 * const lifi = createLifiClient({ apiKey: process.env['LIFI_API_KEY'], timeoutMs: 8_000 });
 * const quote = await lifi.getQuote({
 *   fromChain: 8453, toChain: 42161, fromToken: usdcBase, toToken: usdcArbitrum,
 *   fromAddress: wallet, fromAmount: 25_000_000n, slippageBps: 50,
 * });
 * ```
 */
export function createLifiClient(parameters: CreateLifiClientParameters = {}): LifiClient {
  const baseUrl = (parameters.baseUrl ?? 'https://li.quest').replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(baseUrl)) {
    throw invalid('baseUrl', 'must be an http(s) URL without query or fragment');
  }
  const timeoutMs = parameters.timeoutMs ?? 10_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 120_000) {
    throw invalid('timeoutMs', 'must be an integer between 1 and 120000');
  }
  if (
    parameters.apiKey !== undefined &&
    (typeof parameters.apiKey !== 'string' || !/^[\x21-\x7e]{1,256}$/.test(parameters.apiKey))
  ) {
    throw invalid('apiKey', 'must be 1–256 visible ASCII characters');
  }
  const fetchImpl: LifiFetch = parameters.fetch ?? ((input, init) => fetch(input, init));
  const transport = {
    baseUrl,
    apiKey: parameters.apiKey,
    timeoutMs,
    fetch: fetchImpl,
    now: parameters.now ?? Date.now,
  };
  const state: LifiRateLimitState = { last: null, blockedUntil: null };
  const get = (path: string, query: Record<string, string | undefined> = {}) =>
    lifiRequest(transport, state, path, query);

  return {
    async getQuote(request) {
      const fromChain = chainId(request.fromChain, 'fromChain');
      const toChain = chainId(request.toChain, 'toChain');
      if (
        typeof request.fromAmount !== 'bigint' ||
        request.fromAmount <= 0n ||
        request.fromAmount >= 2n ** 256n
      ) {
        throw invalid('fromAmount', 'must be a positive uint256 bigint of base units');
      }
      if (!Number.isInteger(request.slippageBps) || request.slippageBps < 0 || request.slippageBps > 5_000) {
        throw invalid('slippageBps', 'must be whole basis points between 0 and 5000');
      }
      const impact = request.maxPriceImpactBps ?? 300;
      if (!Number.isInteger(impact) || impact < 1 || impact >= LIFI_DEFAULT_MAX_PRICE_IMPACT_BPS) {
        throw invalid(
          'maxPriceImpactBps',
          `must be whole basis points below LI.FI's default ${LIFI_DEFAULT_MAX_PRICE_IMPACT_BPS}`,
        );
      }
      const list = (name: string, value: readonly string[] | undefined) => {
        if (value === undefined) return undefined;
        if (
          !Array.isArray(value) ||
          value.some((v) => typeof v !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(v))
        ) {
          throw invalid(name, 'must be a list of tool keys');
        }
        return value.length > 0 ? value.join(',') : undefined;
      };
      if (request.order !== undefined && request.order !== 'FASTEST' && request.order !== 'CHEAPEST') {
        throw invalid('order', 'must be FASTEST or CHEAPEST');
      }
      const integrator = request.integrator ?? parameters.integrator;
      if (integrator !== undefined && !/^[A-Za-z0-9._-]{1,64}$/.test(integrator)) {
        throw invalid('integrator', 'must be 1–64 characters of [A-Za-z0-9._-]');
      }
      const body = await get('/v1/quote', {
        fromChain: String(fromChain),
        toChain: String(toChain),
        fromToken: address(request.fromToken, 'fromToken'),
        toToken: address(request.toToken, 'toToken'),
        fromAddress: address(request.fromAddress, 'fromAddress'),
        toAddress: request.toAddress === undefined ? undefined : address(request.toAddress, 'toAddress'),
        fromAmount: request.fromAmount.toString(),
        slippage: bpsToLifiSlippage(request.slippageBps),
        maxPriceImpact: bpsToLifiSlippage(impact),
        allowDestinationCall: 'false',
        order: request.order,
        allowBridges: list('allowBridges', request.allowBridges),
        denyBridges: list('denyBridges', request.denyBridges),
        preferBridges: list('preferBridges', request.preferBridges),
        integrator,
      });
      return parseLifiQuote(body);
    },
    async getStatus(request) {
      if (typeof request.txHash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(request.txHash)) {
        throw invalid('txHash', 'must be a 32-byte transaction hash');
      }
      if (request.bridge !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(request.bridge)) {
        throw invalid('bridge', 'must be a tool key');
      }
      const body = await get('/v1/status', {
        txHash: request.txHash,
        fromChain:
          request.fromChain === undefined ? undefined : String(chainId(request.fromChain, 'fromChain')),
        toChain: request.toChain === undefined ? undefined : String(chainId(request.toChain, 'toChain')),
        bridge: request.bridge,
      });
      return parseLifiStatus(body);
    },
    async getChains() {
      return parseLifiChains(await get('/v1/chains', { chainTypes: 'EVM' }));
    },
    async getConnections(request = {}) {
      const body = await get('/v1/connections', {
        fromChain:
          request.fromChain === undefined ? undefined : String(chainId(request.fromChain, 'fromChain')),
        toChain: request.toChain === undefined ? undefined : String(chainId(request.toChain, 'toChain')),
        fromToken: request.fromToken === undefined ? undefined : address(request.fromToken, 'fromToken'),
        toToken: request.toToken === undefined ? undefined : address(request.toToken, 'toToken'),
        allowBridges: request.allowBridges?.join(','),
        denyBridges: request.denyBridges?.join(','),
        allowDestinationCall: 'false',
      });
      return parseLifiConnections(body);
    },
    async getTools(request = {}) {
      const chains = request.chains?.map((id) => String(chainId(id, 'chains')));
      return parseLifiTools(await get('/v1/tools', { chains: chains?.join(',') }));
    },
    rateLimit: () => ({ last: state.last, blockedUntil: state.blockedUntil }),
  };
}

function invalid(parameter: string, what: string): BridgeProviderError {
  return new BridgeProviderError('BRIDGE_INVALID_PARAMETER', `Invalid ${parameter}`, {
    details: `${parameter} ${what}`,
  });
}

function chainId(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1) throw invalid(name, 'must be a positive integer chain id');
  return value;
}

function address(value: string, name: string): string {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value))
    throw invalid(name, 'must be an address');
  return value;
}
