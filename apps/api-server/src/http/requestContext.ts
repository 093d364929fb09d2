import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id and its logger (a child with the id, created only when something logs). */
export interface RequestContext {
  readonly id: string;
  readonly log: Logger;
}

const contexts = new WeakMap<Request, RequestContext>();

/**
 * Per-request id and one completion log line (method, path without query, status, duration, id), at the cost of
 * a counter increment: the id is a per-process random prefix plus a counter (unique within the process, unguessable
 * across restarts), or a sane incoming `X-Request-Id`. A child logger is built only when a handler logs.
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
  return (req: Request, res: Response, next: NextFunction): void => {
    const incoming = req.headers['x-request-id'];
    const id =
      typeof incoming === 'string' && REQUEST_ID.test(incoming)
        ? incoming
        : `${prefix}-${(++counter).toString(36)}`;
    res.setHeader('X-Request-Id', id);
    let child: Logger | undefined;
    contexts.set(req, {
      id,
      get log() {
        child ??= logger.child({ reqId: id });
        return child;
      },
    });
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const ms = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
      const line = {
        reqId: id,
        method: req.method,
        // The query string can carry addresses but never secrets; it is left out to keep lines small.
        path: req.path.slice(0, 200),
        status: res.statusCode,
        ms,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      // 500 is our bug; 502–504 an upstream (node, provider) failing; 501 and 4xx are the client's business.
      if (res.statusCode === 500) logger.error(line, 'request completed');
      else if (res.statusCode >= 502) logger.warn(line, 'request completed');
      else logger.info(line, 'request completed');
    });
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
  return contexts.get(req) ?? { id: '', log: (req.app.locals as { logger: Logger }).logger };
}
