import type { NextFunction, Request, Response } from 'express';
import { ApiProblem } from './ApiProblem.js';

/**
 * Refuses a body before reading it: a declared `Content-Length` over the route's limit (`limitOf`) → 413 at once (the
 * connection is closed instead of waiting for bytes that may never come), and a body that is not JSON → 415 (the
 * API only takes JSON bodies; another type would otherwise reach the routes unread and unchecked). JSON bodies sent without a
 * length (chunked) are bounded by the JSON parser, given the same route's limit.
 *
 * @example
 * ```ts
 * app.use(bodyGuard({ limitOf: (method, path) => (method === 'GET' ? 1024 : 4096) }));
 * ```
 */
export function bodyGuard({ limitOf }: { limitOf: (method: string, path: string) => number }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const declared = req.headers['content-length'];
    const length = declared === undefined ? undefined : Number(declared);
    const hasBody = (length !== undefined && length > 0) || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody) {
      next();
      return;
    }
    const limitBytes = limitOf(req.method, req.path);
    if (length !== undefined && length > limitBytes) {
      res.setHeader('Connection', 'close');
      next(
        new ApiProblem(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large', `at most ${limitBytes} bytes`),
      );
      return;
    }
    const type = req.headers['content-type'] ?? '';
    if (!/^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(type)) {
      res.setHeader('Connection', 'close');
      next(new ApiProblem(415, 'UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be application/json'));
      return;
    }
    next();
  };
}
