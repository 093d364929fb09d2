import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { ApiProblem } from './ApiProblem.js';

/** Where `pnpm build` puts the console (`apps/console/dist`), from `src/http` and from `dist/http` alike. */
export const CONSOLE_DIST = fileURLToPath(new URL('../../../console/dist/', import.meta.url));

/**
 * The console's Content-Security-Policy: its own script and stylesheet only, no inline script or style, no `eval`
 * (none is allowed), data only from this origin (`connect-src 'self'`), never framed, forms never submitted by the
 * browser (the key cannot end up in a URL), and Trusted Types enforced so no string can become HTML or script.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

interface Asset {
  readonly type: string;
  readonly body: Buffer;
  /** Only when it is smaller than the body. */
  readonly gzip: Buffer | undefined;
  readonly cacheControl: string;
}

/** Every file of the build, read once (a few files, tens of kilobytes), keyed by its path under `/console/`. */
function loadAssets(dir: string): Map<string, Asset> | undefined {
  if (!existsSync(join(dir, 'index.html'))) return undefined;
  const assets = new Map<string, Asset>();
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = join(dir, entry);
    const type = TYPES[extname(file)];
    if (type === undefined || !statSync(file).isFile()) continue;
    const body = readFileSync(file);
    const gzip = gzipSync(body, { level: 9 });
    const path = relative(dir, file).split(sep).join('/');
    assets.set(path, {
      type,
      body,
      gzip: gzip.length < body.length ? gzip : undefined,
      // Vite names what is under assets/ by content hash: it never changes. The rest is revalidated.
      cacheControl: path.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  }
  return assets;
}

/** Parameters of {@link serveConsole}. */
export interface ServeConsoleParameters {
  /** The console's build (default {@link CONSOLE_DIST}). */
  readonly dir?: string;
  readonly logger: Logger;
}

/**
 * Serves the operator console's static build at `/console` (GET and HEAD; `index.html` at `/console` and
 * `/console/`), before authentication: like the documentation, the files hold no data — every request the page
 * makes for data carries a key. Each answer has the console's CSP ({@link CONSOLE_CSP}) in place of the API's, a
 * gzip body when the client accepts one, and long caching for the content-hashed assets. A path under `/console/`
 * that is not a file is 404; a server whose console was never built answers 503 `CONSOLE_NOT_BUILT` (and logs it
 * once at start). Any other request goes on to the API.
 *
 * @example
 * ```ts
 * app.use(serveConsole({ logger }));
 * ```
 */
export function serveConsole({ dir = CONSOLE_DIST, logger }: ServeConsoleParameters): RequestHandler {
  const assets = loadAssets(dir);
  if (assets === undefined)
    logger.warn(
      { dir },
      'the operator console is enabled but not built: /console answers 503 until `pnpm build` has run',
    );
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    const path = req.path;
    if (path !== '/console' && !path.startsWith('/console/')) {
      next();
      return;
    }
    if (assets === undefined) {
      next(
        new ApiProblem(
          503,
          'CONSOLE_NOT_BUILT',
          'The operator console is not built',
          'Run `pnpm build` (it builds apps/console) and restart the server.',
        ),
      );
      return;
    }
    const name = path === '/console' || path === '/console/' ? 'index.html' : path.slice('/console/'.length);
    const asset = assets.get(name);
    if (asset === undefined) {
      next(new ApiProblem(404, 'NOT_FOUND', `No route for ${req.method} ${path}`));
      return;
    }
    const gzip = asset.gzip !== undefined && /\bgzip\b/i.test(req.get('accept-encoding') ?? '');
    const body = gzip ? (asset.gzip as Buffer) : asset.body;
    res.status(200);
    res.setHeader('Content-Security-Policy', CONSOLE_CSP);
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Content-Type', asset.type);
    res.setHeader('Cache-Control', asset.cacheControl);
    res.setHeader('Vary', 'Accept-Encoding');
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
