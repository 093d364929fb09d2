import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/**
 * Helmet's default headers, computed once at start-up and then set with a plain loop: they do not depend on the
 * request, and running helmet's fifteen middlewares per request costs more than the route itself.
 *
 * @example
 * ```ts
 * app.use(staticSecurityHeaders());
 * ```
 */
export function staticSecurityHeaders() {
  const headers: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
    getHeader: () => undefined,
  };
  let synchronous = false;
  helmet()({} as Request, recorder as unknown as Response, () => {
    synchronous = true;
  });
  if (!synchronous) throw new Error('helmet did not complete synchronously: cannot precompute its headers');
  return (_req: Request, res: Response, next: NextFunction): void => {
    for (const [name, value] of headers) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
