import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { callMiddleware, nextSignal } from './sequence.js';

/** The registration methods the generated routes call (`RegisterRoutes(table.routes)`). */
export type RouteRegistrar = Pick<Router, 'get' | 'post' | 'put' | 'delete' | 'patch' | 'head' | 'options'>;

/** What {@link createRouteTable} returns. */
export interface RouteTable {
  /** Registers a route on the app exactly as before, and parameter-free paths in the table too. */
  routes: RouteRegistrar;
  /** The middleware that runs a table route's handlers directly; mount it where the routes would be reached. */
  dispatch: RequestHandler;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options'] as const;
/** A path with nothing for path-to-regexp to interpret: equal strings are the only matches we take. */
const PLAIN_PATH = /^\/[A-Za-z0-9/_.~-]*$/;
/** The handlers the table ran, in `res.locals` (a per-request dictionary: no shape change of the request). */
const DISPATCHED = Symbol('dispatchedByRouteTable');

type Locals = Record<symbol, unknown>;
type StackLayer = {
  handle: unknown;
  route?: { _handlesMethod(method: string): boolean; stack: { handle: unknown }[] };
  match(path: string): boolean;
};

/**
 * Exact-path dispatch for routes without parameters. Express finds a route by trying every layer's regular
 * expression in registration order (the 17th route costs 25 regex matches and as many `next` calls); the table
 * finds it with one `Map` lookup on `method` and `req.path`, then runs the route's handlers in order.
 *
 * Express's behaviour is kept exactly: every route is still registered on the app (case-insensitive and
 * trailing-slash matches, `HEAD` for `GET`, parameters, the 405 `Allow` list all still go through the router),
 * and on the first request each table entry is checked against the app's stack — an entry that a layer between
 * `dispatch` and its own route would claim first is dropped, so the table never answers a request the router
 * would have given to someone else. A table route whose handlers all call `next()` continues down the app's
 * stack, where its own router copy steps aside instead of running twice. Handlers are called as the router calls
 * them (`callMiddleware`); the one difference is that `req.route` stays unset for a table answer.
 *
 * @example
 * ```ts
 * const table = createRouteTable(app);
 * app.use(table.dispatch);
 * RegisterRoutes(table.routes);
 * ```
 */
export function createRouteTable(app: Router): RouteTable {
  const byMethod = new Map<string, Map<string, RequestHandler[]>>();
  let verified = false;

  const routes = {} as Record<
    (typeof METHODS)[number],
    (path: string, ...handlers: RequestHandler[]) => void
  >;
  for (const method of METHODS) {
    routes[method] = (path, ...handlers) => {
      if (typeof path !== 'string' || !PLAIN_PATH.test(path)) {
        (app[method] as (p: unknown, ...h: RequestHandler[]) => void)(path, ...handlers);
        return;
      }
      const name = method.toUpperCase();
      let paths = byMethod.get(name);
      if (paths === undefined) {
        paths = new Map();
        byMethod.set(name, paths);
      }
      // Express takes the first registration of a method and path (a later one only after it passes the request on).
      if (!paths.has(path)) paths.set(path, handlers);
      // The router copy of the handlers the table already ran steps aside; every other route runs as usual.
      const stepAside: RequestHandler = (_req, res, next) => {
        if ((res.locals as Locals)[DISPATCHED] === handlers) next('route');
        else next();
      };
      app[method](path, stepAside, ...handlers);
      verified = false; // a route registered after the first request is checked before it is used
    };
  }

  /** Drops every entry that a layer after `dispatch` and before the entry's own route would take first. */
  function verify(): void {
    verified = true;
    const stack = (
      (app as unknown as { router?: { stack: StackLayer[] } }).router ??
      (app as unknown as { stack: StackLayer[] })
    ).stack;
    const start = stack.findIndex((layer) => layer.handle === dispatch);
    for (const [method, paths] of byMethod) {
      for (const [path, handlers] of paths) {
        let claimedBy: StackLayer | undefined;
        for (let i = start + 1; i < stack.length && claimedBy === undefined; i++) {
          const layer = stack[i] as StackLayer;
          if (!layer.match(path)) continue;
          if (layer.route === undefined || layer.route._handlesMethod(method)) claimedBy = layer;
        }
        const own = claimedBy?.route?.stack.slice(1).map((l) => l.handle);
        const isOwn =
          start >= 0 &&
          own !== undefined &&
          own.length === handlers.length &&
          own.every((handle, i) => handle === handlers[i]);
        if (!isOwn) paths.delete(path);
      }
    }
  }

  function dispatch(req: Request, res: Response, next: NextFunction): void {
    if (!verified) verify();
    const handlers = byMethod.get(req.method)?.get(req.path);
    if (handlers === undefined) {
      next();
      return;
    }
    (res.locals as Locals)[DISPATCHED] = handlers;
    let i = 0;
    const step = (value?: unknown): void => {
      const signal = nextSignal(value);
      if (signal === 'error' || signal === 'router') {
        next(value);
        return;
      }
      const handler = signal === 'route' ? undefined : handlers[i++];
      if (handler === undefined) next();
      else callMiddleware(handler, req, res, step);
    };
    step();
  }

  return { routes: routes as unknown as RouteRegistrar, dispatch };
}
