import { ProviderError } from './errors/ProviderError.js';
import { parseDexScreenerBody } from './internal/parseDexScreenerBody.js';
import { type FetchLike, requestJson } from './internal/requestJson.js';
import { TtlCache } from './internal/TtlCache.js';
import { validateClientOptions } from './internal/validateClientOptions.js';
import type { FetchEvidenceParameters, SourceEvidence, TokenDataSource } from './types.js';

/** Parameters of {@link createDexScreenerSource}. */
export type CreateDexScreenerSourceParameters = {
  /** e.g. `https://api.dexscreener.com`. */
  baseUrl: string;
  /** Per-attempt time-out, default 5000 ms. */
  timeoutMs?: number;
  /** Retries on 429 / 5xx / network errors, default 2. */
  retries?: number;
  /** First backoff delay, doubled per retry, default 250 ms. */
  retryDelayMs?: number;
  /** TTL of the success cache, default 30 000 ms; 0 disables it. */
  cacheTtlMs?: number;
  fetch?: FetchLike;
  now?: () => number;
};

/** Return type of {@link createDexScreenerSource}. */
export type CreateDexScreenerSourceReturnType = TokenDataSource;

/**
 * DexScreener as a {@link TokenDataSource}: `GET /latest/dex/tokens/{address}`, keeping only the pairs on the
 * report's chain (by DexScreener slug from the chain table) and summing their USD liquidity and 24 h volume.
 *
 * @example
 * ```ts
 * const dex = createDexScreenerSource({ baseUrl: 'https://api.dexscreener.com' });
 * ```
 */
export function createDexScreenerSource(
  parameters: CreateDexScreenerSourceParameters,
): CreateDexScreenerSourceReturnType {
  const timeoutMs = parameters.timeoutMs ?? 5_000;
  const retries = parameters.retries ?? 2;
  const retryDelayMs = parameters.retryDelayMs ?? 250;
  const cacheTtlMs = parameters.cacheTtlMs ?? 30_000;
  const baseUrl = validateClientOptions({
    baseUrl: parameters.baseUrl,
    timeoutMs,
    retries,
    retryDelayMs,
    cacheTtlMs,
  });
  const fetchImpl: FetchLike = parameters.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const cache = new TtlCache<SourceEvidence>(cacheTtlMs, 500, parameters.now ?? Date.now);

  return {
    name: 'dexscreener',
    supports: (chain) => chain.dexscreener !== null,
    async fetchEvidence({ chain, address, signal }: FetchEvidenceParameters): Promise<SourceEvidence> {
      const slug = chain.dexscreener;
      if (slug === null) {
        throw new ProviderError({
          code: 'PROVIDER_UNSUPPORTED_CHAIN',
          provider: 'dexscreener',
          shortMessage: `chain ${chain.name} is not covered`,
        });
      }
      const url = `${baseUrl}/latest/dex/tokens/${encodeURIComponent(address)}`;
      const key = `${slug}:${url}`;
      const cached = cache.get(key);
      if (cached) return { ...cached, cached: true };
      const body = await requestJson({
        provider: 'dexscreener',
        url,
        timeoutMs,
        retries,
        retryDelayMs,
        fetch: fetchImpl,
        ...(signal ? { signal } : {}),
      });
      const evidence = parseDexScreenerBody(body, {
        chainSlug: slug,
        address,
        caseSensitive: chain.kind === 'solana',
      });
      cache.set(key, evidence);
      return evidence;
    },
  };
}
