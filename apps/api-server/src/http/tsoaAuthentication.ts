import type { Request } from 'express';
import { ApiProblem } from './ApiProblem.js';
import { isValidApiKey } from './apiKeyAuth.js';

/**
 * tsoa's authentication hook for `@Security('api_key')`. The global middleware already checked the key; this is
 * the second, per-route check (defence in depth) and what puts the requirement into the OpenAPI document.
 * Synchronous (our route template runs it without a promise; it would await one if this ever returned it).
 */
export function expressAuthentication(request: Request, securityName: string): unknown {
  const expected = (request.app.locals as { apiKey?: string }).apiKey;
  if (
    securityName === 'api_key' &&
    expected !== undefined &&
    (request.res?.locals.apiKeyVerified === true || isValidApiKey(request.get('x-api-key'), expected))
  ) {
    return { kind: 'api_key' };
  }
  throw new ApiProblem(401, 'UNAUTHORIZED', 'Missing or invalid X-API-Key');
}
