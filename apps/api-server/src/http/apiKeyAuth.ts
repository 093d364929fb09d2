import * as crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { ApiProblem } from './ApiProblem.js';

/** Paths reachable without a key: health (for infrastructure checks) and the documentation (holds no data). */
const PUBLIC = /^\/(?:health\/?|docs(?:\/.*)?|redoc(?:\/.*)?|openapi\.json)$/;

/**
 * Compares a presented key with the configured one in constant time. Both sides are hashed first so that the
 * comparison does not leak the key's length either.
 */
export function isValidApiKey(
  presented: unknown,
  expected: string,
  cache: DigestCache = API_DIGEST,
): boolean {
  if (typeof presented !== 'string' || presented.length === 0 || presented.length > 1024) return false;
  return crypto.timingSafeEqual(sha256(presented), expectedDigest(expected, cache));
}

/** SHA-256 of a UTF-8 string: the one-shot `crypto.hash` where Node has it (20.12+), no Hash object per call. */
const sha256: (text: string) => Buffer =
  typeof (crypto as { hash?: unknown }).hash === 'function'
    ? (text) =>
        (crypto as unknown as { hash(a: string, d: string, o: 'buffer'): Buffer }).hash(
          'sha256',
          text,
          'buffer',
        )
    : (text) => crypto.createHash('sha256').update(text, 'utf8').digest();

/** The last configured key and its digest (one per credential, so the two keys do not evict each other). */
export interface DigestCache {
  entry?: { key: string; digest: Buffer };
}
const API_DIGEST: DigestCache = {};
/** The operator key's digest cache. */
export const OPERATOR_DIGEST: DigestCache = {};

/** The configured key's digest, computed once (it never changes while the server runs). */
function expectedDigest(expected: string, cache: DigestCache): Buffer {
  if (cache.entry?.key !== expected) cache.entry = { key: expected, digest: sha256(expected) };
  return cache.entry.digest;
}

/**
 * Express middleware that requires a key — `X-API-Key`, or `X-Operator-Key` when one is configured — on every
 * request except the public paths — it runs before the
 * router, so a route that forgets its `@Security` decorator is still protected (fail closed).
 *
 * @example
 * ```ts
 * app.use(requireApiKey({ apiKey: config.apiKey }));
 * ```
 */
export function requireApiKey({ apiKey, operatorKey }: { apiKey: string; operatorKey?: string | undefined }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const isPublic = (req.method === 'GET' || req.method === 'HEAD') && PUBLIC.test(req.path);
    if (isPublic) {
      next();
      return;
    }
    const trading = isValidApiKey(req.get('x-api-key'), apiKey);
    const operator =
      operatorKey !== undefined && isValidApiKey(req.get('x-operator-key'), operatorKey, OPERATOR_DIGEST);
    if (trading || operator) {
      // Lets the per-route checks skip hashing a key a second time (they still fail closed without these marks).
      if (trading) res.locals.apiKeyVerified = true;
      if (operator) res.locals.operatorKeyVerified = true;
      // Authenticated answers hold wallet data: never stored by a browser or a proxy.
      res.setHeader('Cache-Control', 'no-store');
      next();
      return;
    }
    next(new ApiProblem(401, 'UNAUTHORIZED', 'Missing or invalid X-API-Key'));
  };
}
