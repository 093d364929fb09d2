import type { BridgeProviderError } from '@org/chain-evm';
import { ApiProblem } from '../http/ApiProblem.js';

/**
 * A LI.FI client error as the HTTP answer: no quote or refused parameters → 422, rate-limited, slow or down → 503
 * (with `retryAfterMs` and `retryAfterSeconds` — the `Retry-After` header — when known), anything else (a refused key, an off-shape answer) → 502. The code is the
 * client's own (`BRIDGE_NO_QUOTE`, `BRIDGE_PROVIDER_RATE_LIMITED`…).
 *
 * @example
 * ```ts
 * if (error instanceof BridgeProviderError) throw bridgeProviderProblem(error);
 * ```
 */
export function bridgeProviderProblem(error: BridgeProviderError): ApiProblem {
  // When to come back, also in seconds: `sendProblem` writes it as the standard `Retry-After` header.
  const extra =
    error.retryAfterMs === undefined
      ? undefined
      : {
          retryAfterMs: error.retryAfterMs,
          retryAfterSeconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)),
        };
  switch (error.code) {
    case 'BRIDGE_NO_QUOTE':
    case 'BRIDGE_INVALID_PARAMETER':
    case 'BRIDGE_PROVIDER_REJECTED':
      return new ApiProblem(422, error.code, 'The bridge provider has no quote for this', error.message);
    case 'BRIDGE_PROVIDER_RATE_LIMITED':
    case 'BRIDGE_PROVIDER_TIMEOUT':
    case 'BRIDGE_PROVIDER_UNAVAILABLE':
      return new ApiProblem(503, error.code, 'The bridge provider is unavailable', error.message, extra);
    default:
      return new ApiProblem(502, error.code, 'The bridge provider answered with an error', error.message);
  }
}
