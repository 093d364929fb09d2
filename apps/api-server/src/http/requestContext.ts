import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id and its logger (a child with the id, created only when something logs). */
export interface RequestContext {
  readonly id: string;
  readonly log: Logger;
}

/** Where the context lives in `res.locals` (a symbol: no clash with Express or user properties). */
const CONTEXT = Symbol('requestContext');

class Context implements RequestContext {
  readonly id: string;
  readonly started: number;
  /** The authenticated caller (`req.user`, see {@link requestUserProperty}). */
  user: unknown = undefined;
  readonly #logger: Logger;
  #child: Logger | undefined;

  constructor(id: string, logger: Logger) {
    this.id = id;
    this.started = performance.now();
    this.#logger = logger;
  }

  get log(): Logger {
    this.#child ??= this.#logger.child({ reqId: this.id });
    return this.#child;
  }
}

type Locals = Record<symbol, Context | undefined>;
const contextIn = (res: Response | undefined): Context | undefined =>
  (res?.locals as Locals | undefined)?.[CONTEXT];

/**
 * Per-request id and one completion log line (method, path without query, status, duration, id), at the cost of
 * a counter increment: the id is a per-process random prefix plus a counter (unique within the process, unguessable
 * across restarts), or a sane incoming `X-Request-Id`. A child logger is built only when a handler logs.
 *
 * The context is an entry of `res.locals`, the per-request dictionary Express creates: adding a property to the
 * request itself changes its shape and costs about a microsecond each time (a long-lived `WeakMap` keyed by
 * short-lived requests costs the garbage collector more still). Every response shares one `close` listener that
 * finds its request through `res.req`.
 *
 * @example
 * ```ts
 * app.use(requestContext({ logger }));
 * contextOf(req).log.info('something'); // carries reqId
 * ```
 */
export function requestContext({ logger }: { logger: Logger }) {
  const prefix = randomBytes(4).toString('hex');
  let counter = 0;
  function completed(this: Response): void {
    const req = this.req;
    const context = contextIn(this) as Context;
    const line = {
      reqId: context.id,
      method: req.method,
      // The query string can carry addresses but never secrets; it is left out to keep lines small.
      path: req.path.slice(0, 200),
      status: this.statusCode,
      ms: Math.round((performance.now() - context.started) * 1000) / 1000,
      ...(this.writableFinished ? {} : { aborted: true }),
    };
    // 500 is our bug; 502–504 an upstream (node, provider) failing; 501 and 4xx are the client's business.
    if (this.statusCode === 500) logger.error(line, 'request completed');
    else if (this.statusCode >= 502) logger.warn(line, 'request completed');
    else logger.info(line, 'request completed');
  }
  return (req: Request, res: Response, next: NextFunction): void => {
    const incoming = req.headers['x-request-id'];
    const id =
      typeof incoming === 'string' && REQUEST_ID.test(incoming)
        ? incoming
        : `${prefix}-${(++counter).toString(36)}`;
    res.setHeader('X-Request-Id', id);
    (res.locals as Locals)[CONTEXT] = new Context(id, logger);
    res.on('close', completed);
    next();
  };
}

/**
 * The context {@link requestContext} attached to `req` (a fallback for requests it never saw).
 *
 * @example
 * ```ts
 * contextOf(req).id;
 * ```
 */
export function contextOf(req: Request): RequestContext {
  return contextIn(req.res) ?? { id: '', log: (req.app.locals as { logger: Logger }).logger };
}

/**
 * `req.user` kept in the request's context instead of on the request (see {@link requestContext} for why): define
 * it once on the app's request prototype. A request the middleware never saw keeps the user as its own property.
 *
 * @example
 * ```ts
 * Object.defineProperty(app.request, 'user', requestUserProperty);
 * ```
 */
export const requestUserProperty: PropertyDescriptor = {
  configurable: true,
  get(this: Request): unknown {
    return contextIn(this.res)?.user;
  },
  set(this: Request, user: unknown) {
    const context = contextIn(this.res);
    if (context !== undefined) context.user = user;
    else
      Object.defineProperty(this, 'user', {
        value: user,
        writable: true,
        configurable: true,
        enumerable: true,
      });
  },
};
