import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { ApiProblem } from './ApiProblem.js';

/** Paths reachable without a key: health (for infrastructure checks) and the documentation (holds no data). */
const PUBLIC = [/^\/health\/?$/, /^\/docs(\/.*)?$/, /^\/redoc(\/.*)?$/, /^\/openapi\.json$/];

/**
 * Compares a presented key with the configured one in constant time. Both sides are hashed first so that the
 * comparison does not leak the key's length either.
 */
export function isValidApiKey(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string' || presented.length === 0 || presented.length > 1024) return false;
  const a = createHash('sha256').update(presented, 'utf8').digest();
  return timingSafeEqual(a, expectedDigest(expected));
}

let cached: { key: string; digest: Buffer } | undefined;
/** The configured key's digest, computed once (it never changes while the server runs). */
function expectedDigest(expected: string): Buffer {
  if (cached?.key !== expected)
    cached = { key: expected, digest: createHash('sha256').update(expected, 'utf8').digest() };
  return cached.digest;
}

/**
 * Express middleware that requires `X-API-Key` on every request except the public paths — it runs before the
 * router, so a route that forgets its `@Security` decorator is still protected (fail closed).
 *
 * @example
 * ```ts
 * app.use(requireApiKey({ apiKey: config.apiKey }));
 * ```
 */
export function requireApiKey({ apiKey }: { apiKey: string }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const isPublic = (req.method === 'GET' || req.method === 'HEAD') && PUBLIC.some((p) => p.test(req.path));
    if (isPublic) {
      next();
      return;
    }
    if (isValidApiKey(req.get('x-api-key'), apiKey)) {
      // Lets the per-route check skip hashing the key a second time (it still fails closed without this mark).
      res.locals.apiKeyVerified = true;
      // Authenticated answers hold wallet data: never stored by a browser or a proxy.
      res.setHeader('Cache-Control', 'no-store');
      next();
      return;
    }
    next(new ApiProblem(401, 'UNAUTHORIZED', 'Missing or invalid X-API-Key'));
  };
}
