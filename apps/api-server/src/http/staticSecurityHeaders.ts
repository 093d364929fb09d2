import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/**
 * Security headers for a JSON API (OWASP REST guidance), produced by helmet once at start-up and then set with a
 * plain loop: they do not depend on the request, and running helmet's middlewares per request costs more than the
 * route itself. Headers that only matter to HTML pages or to long-gone browsers (COOP, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) are left out;
 * the CSP is `default-src 'none'; frame-ancestors 'none'` (nothing an API answer could load or be framed by). The
 * documentation pages set their own CSP on top.
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
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xFrameOptions: { action: 'deny' },
  })({} as Request, recorder as unknown as Response, () => {
    synchronous = true;
  });
  if (!synchronous) throw new Error('helmet did not complete synchronously: cannot precompute its headers');
  return (_req: Request, res: Response, next: NextFunction): void => {
    for (const [name, value] of headers) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
