import type { Express, NextFunction, Request, Response } from 'express';
import { ApiProblem } from './ApiProblem.js';

/** Methods the API serves somewhere; anything else is not implemented by this server at all. */
const SERVED = new Set(['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS']);

type RouteLayer = { route?: { methods: Record<string, boolean> }; match(path: string): unknown };

/**
 * For requests no route took: a method this server never serves (PROPFIND, TRACE, PUT…) → 501; a path that exists
 * for other methods → 405 with `Allow`; otherwise the next handler (404). Mount after every route.
 *
 * @example
 * ```ts
 * RegisterRoutes(app);
 * app.use(methodNotAllowed(app));
 * ```
 */
export function methodNotAllowed(app: Express) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!SERVED.has(req.method)) {
      next(new ApiProblem(501, 'METHOD_NOT_IMPLEMENTED', 'Method not implemented'));
      return;
    }
    const allowed = new Set<string>();
    for (const layer of (app as unknown as { router: { stack: RouteLayer[] } }).router.stack) {
      if (!layer.route || !layer.match(req.path)) continue;
      for (const [method, on] of Object.entries(layer.route.methods))
        if (on) allowed.add(method.toUpperCase());
    }
    if (allowed.size === 0) {
      next();
      return;
    }
    if (allowed.has('GET')) allowed.add('HEAD');
    res.setHeader('Allow', [...allowed].sort().join(', '));
    next(new ApiProblem(405, 'METHOD_NOT_ALLOWED', 'Method not allowed for this path'));
  };
}
