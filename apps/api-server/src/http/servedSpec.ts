/**
 * The document as this server serves it: its one server is `/`, the origin the document was fetched from, so
 * "Try it out" and the curl lines of Swagger UI (and Redoc's endpoint URLs) name the server that served the page,
 * whatever its port, host name, scheme or reverse proxy (the page's CSP, `connect-src 'self'`, allows nothing
 * else), without trusting any `X-Forwarded-*` header. The generated `build/openapi.json` keeps the default local
 * bind for offline tools.
 *
 * @example
 * ```ts
 * servedSpec({ openapi: '3.0.0', servers: [{ url: 'http://127.0.0.1:8000' }] }).servers; // [{ url: '/', … }]
 * ```
 */
export function servedSpec<T extends object>(
  spec: T,
): T & { servers: { url: string; description: string }[] } {
  return {
    ...spec,
    servers: [{ url: '/', description: 'This server (the one that served this document)' }],
  };
}
