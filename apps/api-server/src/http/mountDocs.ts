import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Express } from 'express';
import helmet from 'helmet';
import swaggerUi from 'swagger-ui-express';
import { servedSpec } from './servedSpec.js';

const require = createRequire(import.meta.url);

/**
 * A CSP for the documentation pages only. Helmet's default adds `upgrade-insecure-requests`, which breaks the
 * pages over plain HTTP on a non-localhost address, and Redoc needs `worker-src blob:`. Everything is served from
 * this origin: no CDN.
 */
const docsCsp = helmet.contentSecurityPolicy({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
});

/**
 * Redoc's sidebar footer shows a logo from its CDN (no option turns it off): the bundle we serve shows a blank image
 * of the same size instead, so the page asks no other host for anything (the CSP would block it, with a console
 * error).
 */
const REDOC_REMOTE_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const BLANK_LOGO = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16'/%3E";

/** Redoc's page. Its icon is empty: a browser's `/favicon.ico` would need a key (a 401, and a console error). */
const REDOC_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Wallet Operations API — Redoc</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <redoc spec-url="/openapi.json"></redoc>
    <script src="/redoc/redoc.standalone.js"></script>
  </body>
</html>`;

/**
 * Serves `/openapi.json`, Swagger UI at `/docs` and Redoc at `/redoc` (from the npm bundle). These routes hold no
 * data and are reachable without a key; every API route still needs one.
 */
export function mountDocs(app: Express, spec: object): void {
  const specJson = JSON.stringify(servedSpec(spec));
  app.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(specJson);
  });
  const redocBundle = Buffer.from(
    readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8').replaceAll(
      REDOC_REMOTE_LOGO,
      BLANK_LOGO,
    ),
  );
  app.get('/redoc/redoc.standalone.js', docsCsp, (_req, res) => {
    res.type('application/javascript').set('cache-control', 'public, max-age=3600').send(redocBundle);
  });
  app.get(['/redoc', '/redoc/'], docsCsp, (_req, res) => {
    res.type('html').send(REDOC_HTML);
  });
  app.use(
    '/docs',
    docsCsp,
    swaggerUi.serve,
    swaggerUi.setup(undefined, {
      // No validator badge: it is an image from validator.swagger.io (another host; the CSP blocks it anyway).
      swaggerOptions: { url: '/openapi.json', persistAuthorization: false, validatorUrl: null },
      customSiteTitle: 'Wallet Operations API — Swagger UI',
    }),
  );
}
