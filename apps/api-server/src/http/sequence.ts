import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Calls one middleware the way Express's router does: an error-handling function (four parameters) is skipped, a
 * throw becomes `next(error)`, and so does a returned promise that rejects.
 */
export function callMiddleware(
  handler: RequestHandler,
  req: Request,
  res: Response,
  next: NextFunction,
): void {
  if (handler.length > 3) {
    next();
    return;
  }
  try {
    const returned = handler(req, res, next) as unknown;
    if (
      typeof returned === 'object' &&
      returned !== null &&
      typeof (returned as Promise<unknown>).then === 'function'
    )
      (returned as Promise<unknown>).then(undefined, (error: unknown) =>
        next(error || new Error('Rejected promise')),
      );
  } catch (thrown) {
    next(thrown);
  }
}

/**
 * What a `next(value)` means, as Express's router reads it: nothing (also any falsy value), `'route'`, `'router'`, or
 * an error.
 */
export function nextSignal(value: unknown): 'continue' | 'route' | 'router' | 'error' {
  if (value === 'route') return 'route';
  if (value === 'router') return 'router';
  return value ? 'error' : 'continue';
}

/**
 * Several middlewares run in order as ONE app layer: each `next()` goes straight to the next middleware instead of
 * back through Express's router (a layer lookup, a path match and a `next` closure per middleware). Each is called
 * as the router would call it ({@link callMiddleware}). An error skips the rest and goes to the app's error
 * handlers, as it would from separate layers; `next('route')` leaves the sequence like `next()` does from an
 * app-level middleware, and `next('router')` leaves the app's router.
 *
 * @example
 * ```ts
 * app.use(sequence(requestContext({ logger }), staticSecurityHeaders(), requireApiKey({ apiKey })));
 * ```
 */
export function sequence(...middlewares: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    let i = 0;
    const step = (value?: unknown): void => {
      const signal = nextSignal(value);
      if (signal !== 'continue') {
        if (signal === 'route') next();
        else next(value);
        return;
      }
      const middleware = middlewares[i++];
      if (middleware === undefined) next();
      else callMiddleware(middleware, req, res, step);
    };
    step();
  };
}
