import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegisterRoutes } from '../src/generated/routes.js';
import { problemFromError } from '../src/http/problemFromError.js';
import { sendProblem } from '../src/http/sendProblem.js';
import { specOperations } from './helpers/specOperations.js';
import { TEST_API_KEY } from './helpers/startTestServer.js';

// The per-route check on its own: the generated routes WITHOUT the global requireApiKey middleware in front, so a
// route whose own authentication were skipped (by the route template, or a missing @Security) would answer here.
const { operations } = specOperations();
const protectedOperations = operations.filter((op) => !(op.method === 'GET' && op.path === '/health'));

let url: string;
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.locals.apiKey = TEST_API_KEY;
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

  it.each(protectedOperations.map((op) => [op.method, op.path] as const))(
    '%s %s → 401 without a key or with a wrong one; the right key gets past authentication',
    async (method, path) => {
      for (const key of [null, 'wrong-key', TEST_API_KEY.slice(0, -1), TEST_API_KEY.toUpperCase()]) {
        const res = await fetch(`${url}${path}?chain=devnet`, {
          method,
          headers: key === null ? {} : { 'X-API-Key': key },
        });
        expect(res.status).toBe(401);
        expect(((await res.json()) as { code: string }).code).toBe('UNAUTHORIZED');
      }
      const res = await fetch(`${url}${path}?chain=devnet`, {
        method,
        headers: { 'X-API-Key': TEST_API_KEY, 'Content-Type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(res.status).not.toBe(401);
    },
  );
});
