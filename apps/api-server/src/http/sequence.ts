import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Several middlewares run in order as ONE app layer: each `next()` goes straight to the next middleware instead of
 * back through Express's router (a layer lookup, a path match and a `next` closure per middleware). An error — a
 * `next(error)` or a throw — skips the rest and goes to the app's error handlers, as it would from separate
 * layers; `next('route')` leaves the sequence like `next()` does from an app-level middleware.
 *
 * @example
 * ```ts
 * app.use(sequence(requestContext({ logger }), staticSecurityHeaders(), requireApiKey({ apiKey })));
 * ```
 */
export function sequence(...middlewares: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    let i = 0;
    const step = (error?: unknown): void => {
      if (error !== undefined && error !== null) {
        next(error === 'route' ? undefined : error);
        return;
      }
      const middleware = middlewares[i++];
      if (middleware === undefined) {
        next();
        return;
      }
      try {
        void middleware(req, res, step);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
