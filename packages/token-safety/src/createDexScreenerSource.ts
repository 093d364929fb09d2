import { ProviderError } from './errors/ProviderError.js';
import { parseDexScreenerBody } from './internal/parseDexScreenerBody.js';
import { type HttpSourceParameters, resolveHttpSourceOptions } from './internal/httpSourceOptions.js';
import { requestJson } from './internal/requestJson.js';
import type { FetchEvidenceParameters, SourceEvidence, TokenDataSource } from './types.js';

/**
 * Parameters of {@link createDexScreenerSource}: the shared HTTP client options (`baseUrl`, e.g.
 * `https://api.dexscreener.com`; `cacheTtlMs` defaults to 30 000 ms here).
 */
export type CreateDexScreenerSourceParameters = HttpSourceParameters;

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
  const { baseUrl, cache, ...request } = resolveHttpSourceOptions(parameters, { cacheTtlMs: 30_000 });

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
        ...request,
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
