import type { Request } from 'express';
import { ApiProblem } from './ApiProblem.js';
import { isValidApiKey, OPERATOR_DIGEST } from './apiKeyAuth.js';

/**
 * tsoa's authentication hook for `@Security('api_key')` (the trading key, `X-API-Key`) and
 * `@Security('operator_key')` (the operator key, `X-Operator-Key`). The global middleware already let only requests
 * with one valid key through; this is the per-route check (defence in depth) and what puts each requirement into
 * the OpenAPI document. A route that names both accepts either.
 *
 * An operator route reached with the trading key only answers 403 `OPERATOR_KEY_REQUIRED`, or 403
 * `OPERATOR_KEY_NOT_CONFIGURED` when the server has no operator key (then the operator uses the CLI).
 * Synchronous (our route template runs it without a promise; it would await one if this ever returned it).
 */
export function expressAuthentication(request: Request, securityName: string): unknown {
  const locals = (request.app.locals ?? {}) as { apiKey?: string; operatorKey?: string };
  const verified = request.res?.locals ?? {};
  if (securityName === 'api_key') {
    const expected = locals.apiKey;
    if (
      expected !== undefined &&
      (verified.apiKeyVerified === true || isValidApiKey(request.get('x-api-key'), expected))
    ) {
      return { kind: 'api_key' };
    }
    throw new ApiProblem(401, 'UNAUTHORIZED', 'Missing or invalid X-API-Key');
  }
  if (securityName === 'operator_key') {
    const expected = locals.operatorKey;
    if (
      expected !== undefined &&
      (verified.operatorKeyVerified === true ||
        isValidApiKey(request.get('x-operator-key'), expected, OPERATOR_DIGEST))
    ) {
      return { kind: 'operator_key' };
    }
    if (expected === undefined) {
      throw new ApiProblem(
        403,
        'OPERATOR_KEY_NOT_CONFIGURED',
        'No operator key is configured: use the operator CLI on the server (pnpm operator)',
      );
    }
    throw new ApiProblem(403, 'OPERATOR_KEY_REQUIRED', 'This needs the operator key (X-Operator-Key)');
  }
  throw new ApiProblem(401, 'UNAUTHORIZED', 'Missing or invalid X-API-Key');
}
