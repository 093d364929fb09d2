import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../src/loadSpec.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ CORS_ALLOWED_ORIGINS: 'https://dash.example' });
});
afterAll(() => server.close());

describe('CORS allowlist', () => {
  it('an allowed origin gets its origin echoed with credentials, on requests and preflights', async () => {
    const res = await server.call('/health', { headers: { Origin: 'https://dash.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://dash.example');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    const preflight = await server.call('/wallet/info?chain=devnet', {
      method: 'OPTIONS',
      key: null,
      headers: {
        Origin: 'https://dash.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-api-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://dash.example');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-api-key');
  });

  it('a refused origin gets no CORS headers, and its preflight is not approved', async () => {
    const res = await server.call('/health', { headers: { Origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await server.call('/wallet/info?chain=devnet', {
      method: 'OPTIONS',
      key: null,
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.status).toBe(401);
  });
});

describe('errors are problem+json with stable codes and no internals', () => {
  it('malformed JSON → 400 MALFORMED_JSON', async () => {
    const res = await server.call('/wallet/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 400, code: 'MALFORMED_JSON' });
  });

  it('a too-large body → 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await server.call('/wallet/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(100_000) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a missing required query parameter → 422 VALIDATION_FAILED naming the field', async () => {
    const res = await server.call('/wallet/info');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { chain: expect.any(String) },
    });
  });

  it('unknown chain → 422 UNSUPPORTED_CHAIN; known chain without RPC → 422 CHAIN_NOT_CONFIGURED', async () => {
    const unknown = await server.call(
      '/wallet/balance/0x0000000000000000000000000000000000000001?chain=atlantis',
    );
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { code: string }).code).toBe('UNSUPPORTED_CHAIN');
    const unconfigured = await server.call(
      '/wallet/balance/0x0000000000000000000000000000000000000001?chain=base',
    );
    expect(unconfigured.status).toBe(422);
    expect(((await unconfigured.json()) as { code: string }).code).toBe('CHAIN_NOT_CONFIGURED');
  });

  it('wallet creation is 403 WALLET_CREATE_DISABLED by default', async () => {
    const res = await server.call('/wallet/create', { method: 'POST' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('WALLET_CREATE_DISABLED');
  });

  it('wallet info without a configured wallet → 503 WALLET_NOT_CONFIGURED', async () => {
    const server2 = await startTestServer({ RPC_URL_DEVNET: 'http://127.0.0.1:9' });
    try {
      const res = await server2.call('/wallet/info?chain=devnet');
      expect(res.status).toBe(503);
      expect(((await res.json()) as { code: string }).code).toBe('WALLET_NOT_CONFIGURED');
    } finally {
      await server2.close();
    }
  });

  it('no error body contains a stack trace', async () => {
    const bodies = await Promise.all(
      ['/nope', '/wallet/info', '/wallet/balance/zzz?chain=devnet'].map(async (p) =>
        (await server.call(p)).text(),
      ),
    );
    for (const body of bodies) expect(body).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  it('every response carries a request id, and a sane incoming one is reused', async () => {
    const res = await server.call('/health', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    const res2 = await server.call('/health', { headers: { 'X-Request-Id': 'x'.repeat(65) } });
    expect(res2.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(server.logs()).toContain('"reqId":"abc-123"');
  });
});

describe('security headers', () => {
  it('API routes get helmet defaults; docs get a scoped CSP that works over plain HTTP', async () => {
    const api = await server.call('/health');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('x-powered-by')).toBeNull();
    const docs = await server.call('/redoc', { key: null });
    expect(docs.status).toBe(200);
    const csp = docs.headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toContain("worker-src 'self' blob:");
    const swagger = await server.call('/docs/', { key: null });
    expect(swagger.status).toBe(200);
    expect(swagger.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    const spec = await server.call('/openapi.json', { key: null });
    expect(((await spec.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    // The docs pages call this origin only (Swagger's "Try it out" included).
    expect(swagger.headers.get('content-security-policy')).toContain("connect-src 'self'");
  });
});

interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
  components: { securitySchemes: Record<string, unknown> };
}

describe('the served OpenAPI document', () => {
  it('names the server it was fetched from (relative `/`); the built file keeps the default bind for offline tools', async () => {
    const res = await server.call('/openapi.json', { key: null });
    const served = (await res.json()) as Document;
    const built = loadSpec() as Document;
    // A relative server resolves against the document's own URL: whatever port, host, scheme or proxy served it.
    expect(served.servers.map((s) => s.url)).toEqual(['/']);
    expect(built.servers.map((s) => s.url)).toEqual(['http://127.0.0.1:8000']);
    expect(served.paths).toEqual(built.paths);
  });

  it('operator operations ask for X-Operator-Key only, every other keyed operation accepts X-API-Key', async () => {
    const served = (await (await server.call('/openapi.json', { key: null })).json()) as Document;
    expect(served.components.securitySchemes).toEqual({
      api_key: { type: 'apiKey', name: 'X-API-Key', in: 'header' },
      operator_key: { type: 'apiKey', name: 'X-Operator-Key', in: 'header' },
    });
    const security = (method: string, path: string) => served.paths[path]?.[method]?.security;
    for (const [method, path] of [
      ['post', '/governor/unkill'],
      ['put', '/governor/limits'],
      ['post', '/confirmations/{id}/approve'],
      ['post', '/confirmations/{id}/deny'],
      ['post', '/executions/{id}/cancel'],
    ] as const)
      expect(security(method, path), `${method} ${path}`).toEqual([{ operator_key: [] }]);
    const operatorOnly = new Set([
      '/governor/unkill',
      '/governor/limits',
      '/confirmations/{id}/approve',
      '/confirmations/{id}/deny',
      '/executions/{id}/cancel',
    ]);
    for (const [path, item] of Object.entries(served.paths))
      for (const [method, operation] of Object.entries(item)) {
        if (path === '/health' || operatorOnly.has(path)) continue;
        expect(operation.security, `${method} ${path}`).toContainEqual({ api_key: [] });
      }
  });
});
