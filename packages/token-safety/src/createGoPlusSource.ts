import { ProviderError } from './errors/ProviderError.js';
import { goPlusBodyIsRateLimited, parseGoPlusBody } from './internal/parseGoPlusBody.js';
import { type HttpSourceParameters, resolveHttpSourceOptions } from './internal/httpSourceOptions.js';
import { requestJson } from './internal/requestJson.js';
import type { FetchEvidenceParameters, SourceEvidence, TokenDataSource } from './types.js';

/**
 * Parameters of {@link createGoPlusSource}: the shared HTTP client options (`baseUrl`, e.g.
 * `https://api.gopluslabs.io`; `cacheTtlMs` defaults to 60 000 ms here) plus an optional access token.
 */
export type CreateGoPlusSourceParameters = HttpSourceParameters & {
  /** Optional GoPlus access token, sent as `Authorization`. */
  accessToken?: string;
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
 * const service = createTokenSecurityService({ sources: [goplus], chains: [...registryChains, SOLANA_CHAIN] });
 * ```
 */
export function createGoPlusSource(parameters: CreateGoPlusSourceParameters): CreateGoPlusSourceReturnType {
  const { baseUrl, cache, ...request } = resolveHttpSourceOptions(parameters, { cacheTtlMs: 60_000 });
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
        ...request,
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
