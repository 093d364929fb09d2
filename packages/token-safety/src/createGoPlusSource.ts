import { ProviderError } from './errors/ProviderError.js';
import { goPlusBodyIsRateLimited, parseGoPlusBody } from './internal/parseGoPlusBody.js';
import { type FetchLike, requestJson } from './internal/requestJson.js';
import { TtlCache } from './internal/TtlCache.js';
import { validateClientOptions } from './internal/validateClientOptions.js';
import type { FetchEvidenceParameters, SourceEvidence, TokenDataSource } from './types.js';

/** Parameters of {@link createGoPlusSource}. */
export type CreateGoPlusSourceParameters = {
  /** e.g. `https://api.gopluslabs.io` (configurable; tests point it at 127.0.0.1). */
  baseUrl: string;
  /** Optional GoPlus access token, sent as `Authorization`. */
  accessToken?: string;
  /** Per-attempt time-out, default 5000 ms. */
  timeoutMs?: number;
  /** Retries on 429 / 5xx / network errors / GoPlus code 4029, default 2. */
  retries?: number;
  /** First backoff delay, doubled per retry, default 250 ms. */
  retryDelayMs?: number;
  /** TTL of the success cache, default 60 000 ms; 0 disables it. */
  cacheTtlMs?: number;
  /** Injected fetch (defaults to the global one). */
  fetch?: FetchLike;
  /** Clock for the cache, default `Date.now`. */
  now?: () => number;
};

/** Return type of {@link createGoPlusSource}. */
export type CreateGoPlusSourceReturnType = TokenDataSource;

/**
 * GoPlus token security as a {@link TokenDataSource}: `GET /api/v1/token_security/{chain_id}` for EVM chains
 * and `GET /api/v1/solana/token_security` for Solana, both with `?contract_addresses=`. String flags are
 * read three-valued ("1" / "0" / missing = unknown), taxes are fractions converted to percent, and body-level
 * error codes are errors even with HTTP 200.
 *
 * @example
 * ```ts
 * const goplus = createGoPlusSource({ baseUrl: 'https://api.gopluslabs.io', timeoutMs: 4000 });
 * const service = createTokenSecurityService({ sources: [goplus] });
 * ```
 */
export function createGoPlusSource(parameters: CreateGoPlusSourceParameters): CreateGoPlusSourceReturnType {
  const timeoutMs = parameters.timeoutMs ?? 5_000;
  const retries = parameters.retries ?? 2;
  const retryDelayMs = parameters.retryDelayMs ?? 250;
  const cacheTtlMs = parameters.cacheTtlMs ?? 60_000;
  const baseUrl = validateClientOptions({
    baseUrl: parameters.baseUrl,
    timeoutMs,
    retries,
    retryDelayMs,
    cacheTtlMs,
  });
  const fetchImpl: FetchLike = parameters.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const cache = new TtlCache<SourceEvidence>(cacheTtlMs, 500, parameters.now ?? Date.now);
  const headers: Record<string, string> = {};
  if (parameters.accessToken) headers['authorization'] = parameters.accessToken;

  return {
    name: 'goplus',
    supports: (chain) => chain.goplus !== null,
    async fetchEvidence({ chain, address, signal }: FetchEvidenceParameters): Promise<SourceEvidence> {
      if (chain.goplus === null) {
        throw new ProviderError({
          code: 'PROVIDER_UNSUPPORTED_CHAIN',
          provider: 'goplus',
          shortMessage: `chain ${chain.name} is not covered`,
        });
      }
      const path =
        chain.kind === 'solana'
          ? '/api/v1/solana/token_security'
          : `/api/v1/token_security/${encodeURIComponent(chain.goplus)}`;
      const url = `${baseUrl}${path}?contract_addresses=${encodeURIComponent(address)}`;
      const cached = cache.get(url);
      if (cached) return { ...cached, cached: true };
      const body = await requestJson({
        provider: 'goplus',
        url,
        headers,
        timeoutMs,
        retries,
        retryDelayMs,
        fetch: fetchImpl,
        shouldRetryBody: goPlusBodyIsRateLimited,
        ...(signal ? { signal } : {}),
      });
      const evidence = parseGoPlusBody(body, address, chain.kind);
      if (chain.kind === 'solana') {
        evidence.notChecked = ['GoPlus gives no honeypot or tax verdict for Solana tokens'];
      }
      cache.set(url, evidence);
      return evidence;
    },
  };
}
