import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specOperations } from './helpers/specOperations.js';
import {
  startTestServer,
  TEST_API_KEY,
  TEST_OPERATOR_KEY,
  type TestServer,
} from './helpers/startTestServer.js';

const { spec, operations } = specOperations();
const protectedOperations = operations.filter((op) => !(op.method === 'GET' && op.path === '/health'));
/** Operations whose only security is the trading key (the operator key must not open them). */
const tradingOnly = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, { security?: Record<string, unknown>[] }>)
    .filter(
      ([, op]) => op.security?.length === 1 && op.security[0] !== undefined && 'api_key' in op.security[0],
    )
    .map(([method]) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{[^}]+\}/g, '0x0000000000000000000000000000000000000001'),
    })),
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ENABLE_WALLET_CREATE_ENDPOINT: 'true' });
});
afterAll(() => server.close());

describe('authentication on every operation of the generated spec', () => {
  it('the spec lists the wallet operations and health (sanity of the table below)', () => {
    expect(operations).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/health' },
        { method: 'GET', path: '/wallet/info' },
        { method: 'POST', path: '/wallet/create' },
      ]),
    );
    expect(protectedOperations.length).toBe(operations.length - 1);
  });

  it.each(protectedOperations.map((op) => [op.method, op.path] as const))(
    '%s %s → 401 without a key and with a wrong key',
    async (method, path) => {
      for (const key of [
        null,
        'wrong-key',
        `${'x'.repeat(2000)}`,
        TEST_API_KEY.slice(0, -1),
        TEST_API_KEY.toUpperCase(),
      ]) {
        const res = await server.call(`${path}?chain=devnet`, { method, key });
        expect(res.status).toBe(401);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        const body = (await res.json()) as { code: string };
        expect(body.code).toBe('UNAUTHORIZED');
      }
    },
  );

  it('every protected operation declares its key in the spec: the trading key, except the operator routes', () => {
    // Deciding and restarting need the operator key alone; every read (the person who decides sees what they decide
    // about) and stopping accept either key; everything else — what trades — needs the trading key.
    const operatorOnly = new Set([
      'post /governor/unkill',
      'put /governor/limits',
      'post /confirmations/{id}/approve',
      'post /confirmations/{id}/deny',
      'post /executions/{id}/cancel',
    ]);
    const either = new Set(['post /governor/kill']);
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, { security?: unknown[] }>)) {
        if (path === '/health') continue;
        const key = `${method} ${path}`;
        const expected = operatorOnly.has(key)
          ? [{ operator_key: [] }]
          : method === 'get' || either.has(key)
            ? [{ api_key: [] }, { operator_key: [] }]
            : [{ api_key: [] }];
        expect({ key, security: op.security }).toEqual({ key, security: expected });
      }
    }
  });

  it.each(tradingOnly.map((op) => [op.method, op.path] as const))(
    '%s %s → 401 with the operator key alone (it is not a trading key)',
    async (method, path) => {
      const res = await server.call(`${path}?chain=devnet`, {
        method,
        key: null,
        headers: { 'X-Operator-Key': TEST_OPERATOR_KEY },
      });
      expect(res.status).toBe(401);
    },
  );

  it('GET /health needs no key and reports the package version', async () => {
    const res = await server.call('/health', { key: null });
    expect(res.status).toBe(200);
    const { version } = (await import('../package.json', { with: { type: 'json' } })).default;
    expect(await res.json()).toMatchObject({ status: 'ok', version });
  });

  it('the correct key is accepted (the 401s above are about the key, not the route)', async () => {
    const res = await server.call('/wallet/create', { method: 'POST' });
    expect(res.status).toBe(201);
  });

  it('an unknown route is 401 without a key and 404 with one', async () => {
    expect((await server.call('/nope', { key: null })).status).toBe(401);
    const res = await server.call('/nope');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
  });

  it('the API key never appears in the logs', () => {
    // Every request above was logged (so the check is not vacuous), and no header value is logged at all.
    expect(server.logs().match(/"msg":"request completed"/g)?.length ?? 0).toBeGreaterThan(20);
    expect(server.logs()).not.toContain(TEST_API_KEY);
  });
});
