import type { NextFunction, Request, Response } from 'express';
import { ApiProblem } from './ApiProblem.js';

/**
 * Longest request target (path and query) the API reads: 16 KiB. The longest input a URL carries is `/gas/estimate`'s
 * `data` (6144 bytes as hex); past this, 414 `URI_TOO_LONG`.
 */
export const MAX_URL_BYTES = 16 * 1024;

/**
 * Refuses a request whose target (path and query) is longer than `maxBytes` with 414 `URI_TOO_LONG`, before any
 * other work, and closes the connection. (A request line longer than the server's header limit never reaches the
 * app: the `clientError` handler answers it, see `answerClientError`.)
 *
 * @example
 * ```ts
 * app.use(requestTargetLimit({ maxBytes: MAX_URL_BYTES }));
 * ```
 */
export function requestTargetLimit({ maxBytes }: { maxBytes: number }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.url.length <= maxBytes) {
      next();
      return;
    }
    res.setHeader('Connection', 'close');
    next(new ApiProblem(414, 'URI_TOO_LONG', 'Request URL is too long', `at most ${maxBytes} bytes`));
  };
}
