import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sequence } from './sequence.js';

let url: string;
let close: () => void;
const seen: string[] = [];

const step =
  (name: string): RequestHandler =>
  (req, _res, next) => {
    seen.push(name);
    const action = req.get('x-at') === name ? req.get('x-do') : undefined;
    if (action === 'fail') next(new Error(`${name} failed`));
    else if (action === 'throw') throw new Error(`${name} threw`);
    else if (action === 'route') next('route');
    else if (action === 'later') setTimeout(() => next(), 5);
    else if (action === 'false') next(false);
    else if (action === 'reject') return Promise.reject(new Error(`${name} rejected`));
    else next();
  };

beforeAll(async () => {
  const app = express();
  const errorHandler = (_error: unknown, _req: Request, _res: Response, next: NextFunction) => {
    seen.push('error-handler');
    next();
  };
  app.use(sequence(step('a'), errorHandler as unknown as RequestHandler, step('b'), step('c')));
  app.get('/', (_req: Request, res: Response) => {
    seen.push('route');
    res.json({ seen });
  });
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
    res.status(500).json({ error: error.message, seen });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function call(headers: Record<string, string> = {}) {
  seen.length = 0;
  const response = await fetch(`${url}/`, { headers });
  return { status: response.status, body: (await response.json()) as { seen: string[]; error?: string } };
}

describe('sequence', () => {
  it('runs every middleware in order, then the next layer', async () => {
    expect(await call()).toEqual({ status: 200, body: { seen: ['a', 'b', 'c', 'route'] } });
  });

  it('waits for a middleware that calls next later', async () => {
    expect((await call({ 'x-at': 'a', 'x-do': 'later' })).body.seen).toEqual(['a', 'b', 'c', 'route']);
  });

  it('an error passed to next skips the rest and reaches the error handler', async () => {
    expect(await call({ 'x-at': 'b', 'x-do': 'fail' })).toEqual({
      status: 500,
      body: { error: 'b failed', seen: ['a', 'b'] },
    });
  });

  it('a throw is an error too', async () => {
    expect(await call({ 'x-at': 'a', 'x-do': 'throw' })).toEqual({
      status: 500,
      body: { error: 'a threw', seen: ['a'] },
    });
  });

  it('a falsy next value is no error, as in Express; an error handler in the list is skipped', async () => {
    expect((await call({ 'x-at': 'a', 'x-do': 'false' })).body.seen).toEqual(['a', 'b', 'c', 'route']);
  });

  it('a returned promise that rejects is an error', async () => {
    expect(await call({ 'x-at': 'b', 'x-do': 'reject' })).toEqual({
      status: 500,
      body: { error: 'b rejected', seen: ['a', 'b'] },
    });
  });

  it("next('route') leaves the sequence for the next layer", async () => {
    expect((await call({ 'x-at': 'a', 'x-do': 'route' })).body.seen).toEqual(['a', 'route']);
  });
});
