import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegisterRoutes } from '../src/generated/routes.js';
import { problemFromError } from '../src/http/problemFromError.js';
import { sendProblem } from '../src/http/sendProblem.js';
import { specOperations } from './helpers/specOperations.js';
import { TEST_API_KEY, TEST_OPERATOR_KEY } from './helpers/startTestServer.js';

// The per-route check on its own: the generated routes WITHOUT the global requireApiKey middleware in front, so a
// route whose own authentication were skipped (by the route template, or a missing @Security) would answer here.
const { spec, operations } = specOperations();
const protectedOperations = operations.filter((op) => !(op.method === 'GET' && op.path === '/health'));
/** The keys an operation declares (`api_key`, `operator_key`, or both). */
const schemesOf = (method: string, path: string): string[] => {
  const template = Object.keys(spec.paths).find(
    (p) => p.replace(/\{[^}]+\}/g, '0x0000000000000000000000000000000000000001') === path,
  ) as string;
  const op = (spec.paths[template] as Record<string, { security?: Record<string, unknown>[] }>)[
    method.toLowerCase()
  ];
  return (op?.security ?? []).flatMap((group) => Object.keys(group));
};

let url: string;
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.locals.apiKey = TEST_API_KEY;
  app.locals.operatorKey = TEST_OPERATOR_KEY;
  // No services: a request that gets past authentication fails in its controller, which the tests tell apart.
  app.locals.services = {};
  app.locals.logger = pino({ level: 'silent' });
  RegisterRoutes(app);
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    sendProblem(req, res, problemFromError(error));
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('per-route authentication, without the global middleware', () => {
  it('covers the operations of the spec', () => {
    expect(protectedOperations.length).toBeGreaterThan(10);
  });

  it('the operator key reads everything the trading key reads, and trades nothing', () => {
    const reads = protectedOperations.filter((op) => op.method === 'GET');
    expect(reads.length).toBeGreaterThan(20);
    for (const op of reads)
      expect([op.path, schemesOf(op.method, op.path)]).toEqual([op.path, ['api_key', 'operator_key']]);
    for (const path of [
      '/swap/execute',
      '/approval/revoke',
      '/approval/revoke-all-unlimited',
      '/bridge/execute',
      '/dca/orders',
      '/yield/compound',
      '/wallet/create',
      '/watcher/add',
    ]) {
      expect([path, schemesOf('POST', path)]).toEqual([path, ['api_key']]);
    }
  });

  it.each(protectedOperations.map((op) => [op.method, op.path] as const))(
    '%s %s → refused without its key or with a wrong one (401 trading, 403 operator); its own key gets past',
    async (method, path) => {
      const schemes = schemesOf(method, path);
      expect(schemes.length).toBeGreaterThan(0);
      const call = (headers: Record<string, string>) =>
        fetch(`${url}${path}?chain=devnet`, {
          method,
          headers: { 'Content-Type': 'application/json', ...headers },
          ...(method === 'POST' || method === 'PUT' ? { body: '{}' } : {}),
        });
      const refusals = [
        {},
        { 'X-API-Key': 'wrong-key' },
        { 'X-API-Key': TEST_API_KEY.slice(0, -1) },
        { 'X-API-Key': TEST_API_KEY.toUpperCase() },
        { 'X-Operator-Key': TEST_OPERATOR_KEY.slice(0, -1) },
        // A key only opens the operations that declare it.
        ...(schemes.includes('api_key') ? [] : [{ 'X-API-Key': TEST_API_KEY }]),
        ...(schemes.includes('operator_key') ? [] : [{ 'X-Operator-Key': TEST_OPERATOR_KEY }]),
      ];
      for (const headers of refusals) {
        const res = await call(headers);
        expect([401, 403]).toContain(res.status);
        const { code } = (await res.json()) as { code: string };
        expect(['UNAUTHORIZED', 'OPERATOR_KEY_REQUIRED']).toContain(code);
      }
      if (schemes.includes('api_key'))
        expect([401, 403]).not.toContain((await call({ 'X-API-Key': TEST_API_KEY })).status);
      if (schemes.includes('operator_key')) {
        expect([401, 403]).not.toContain((await call({ 'X-Operator-Key': TEST_OPERATOR_KEY })).status);
      }
    },
  );
});
