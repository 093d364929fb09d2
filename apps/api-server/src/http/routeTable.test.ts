import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouteTable } from './routeTable.js';

let url: string;
let close: () => void;
const calls: string[] = [];

/** Answers who took the request: the table runs the handlers itself, so Express never sets `req.route`. */
const answer = (name: string) => (req: Request, res: Response) => {
  calls.push(name);
  res.json({ name, viaTable: req.route === undefined, params: req.params });
};

beforeAll(async () => {
  const app = express();
  const table = createRouteTable(app);
  app.use(table.dispatch);
  // A middleware between the table and the routes, on one path: the table must leave that path to it.
  app.use('/guarded', (_req: Request, res: Response) => {
    calls.push('guard');
    res.status(403).json({ name: 'guard' });
  });
  const routes = table.routes;
  routes.get('/things', answer('things'));
  routes.post('/things', answer('things-post'));
  routes.get('/things/:id', answer('thing-by-id'));
  // Express takes the first registered match: `/items/:id` comes first and must still win `/items/special`.
  routes.get('/items/:id', answer('item-by-id'));
  routes.get('/items/special', answer('items-special'));
  routes.get('/guarded', answer('guarded-route'));
  // Two handlers, the first like an authentication check.
  routes.get(
    '/checked',
    (req: Request, _res: Response, next: NextFunction) => {
      calls.push('check');
      if (req.get('x-pass') === 'yes') next();
      else next(Object.assign(new Error('refused'), { status: 401 }));
    },
    answer('checked'),
  );
  routes.get('/throws', () => {
    throw Object.assign(new Error('thrown'), { status: 409 });
  });
  routes.get('/rejects', () => Promise.reject(Object.assign(new Error('rejected'), { status: 418 })));
  routes.get('/falls-through', (_req: Request, _res: Response, next: NextFunction) => {
    calls.push('falls-through');
    next();
  });
  routes.get('/twice', answer('first'));
  routes.get('/twice', answer('second'));
  // The first passes the request on: Express then runs the second registration of the same path.
  routes.get('/twice-on', (_req: Request, _res: Response, next: NextFunction) => {
    calls.push('first-passes');
    next();
  });
  routes.get('/twice-on', answer('second-answers'));
  app.use((_req: Request, res: Response) => {
    res.status(404).json({ name: 'not-found' });
  });
  app.use(
    (error: { status?: number; message: string }, _req: Request, res: Response, _next: NextFunction) => {
      res.status(error.status ?? 500).json({ error: error.message });
    },
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function call(path: string, init: RequestInit = {}) {
  calls.length = 0;
  const response = await fetch(`${url}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

describe('createRouteTable', () => {
  it('answers an exact parameter-free path from the table, per method', async () => {
    expect(await call('/things')).toEqual({
      status: 200,
      body: { name: 'things', viaTable: true, params: {} },
    });
    expect((await call('/things', { method: 'POST' })).body).toMatchObject({
      name: 'things-post',
      viaTable: true,
    });
    expect(calls).toEqual(['things-post']);
  });

  it('leaves every other form of the path to the router, which still matches it as Express does', async () => {
    expect((await call('/THINGS')).body).toMatchObject({ name: 'things', viaTable: false });
    expect((await call('/things/')).body).toMatchObject({ name: 'things', viaTable: false });
    expect((await call('/things/42')).body).toEqual({
      name: 'thing-by-id',
      viaTable: false,
      params: { id: '42' },
    });
    const head = await fetch(`${url}/things`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('never takes a path that an earlier route or a middleware in between would take first', async () => {
    expect((await call('/items/special')).body).toMatchObject({
      name: 'item-by-id',
      params: { id: 'special' },
    });
    expect(await call('/guarded')).toEqual({ status: 403, body: { name: 'guard' } });
    expect(calls).toEqual(['guard']);
  });

  it('keeps the first of two registrations of the same route, and reaches the second as Express does', async () => {
    expect((await call('/twice')).body).toMatchObject({ name: 'first', viaTable: true });
    expect((await call('/twice-on')).body).toMatchObject({ name: 'second-answers', viaTable: false });
    expect(calls).toEqual(['first-passes', 'second-answers']);
  });

  it('runs the handlers in order, and an error or a throw goes to the error handlers', async () => {
    expect((await call('/checked', { headers: { 'x-pass': 'yes' } })).body).toMatchObject({
      name: 'checked',
      viaTable: true,
    });
    expect(calls).toEqual(['check', 'checked']);
    expect(await call('/checked')).toEqual({ status: 401, body: { error: 'refused' } });
    expect(calls).toEqual(['check']);
    expect(await call('/throws')).toEqual({ status: 409, body: { error: 'thrown' } });
    expect(await call('/rejects')).toEqual({ status: 418, body: { error: 'rejected' } });
  });

  it('checks a route registered after the first request before the table uses it', async () => {
    const app = express();
    const table = createRouteTable(app);
    app.use(table.dispatch);
    table.routes.get('/early', answer('early'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/early`)).json()).toMatchObject({ viaTable: true });
      // Registered late, behind a parameter route that Express tries first.
      table.routes.get('/late/:id', answer('late-by-id'));
      table.routes.get('/late/fixed', answer('late-fixed'));
      expect(await (await fetch(`${base}/late/fixed`)).json()).toMatchObject({ name: 'late-by-id' });
    } finally {
      server.close();
    }
  });

  it('a route that passes the request on continues down the app once: its router copy steps aside', async () => {
    expect(await call('/falls-through')).toEqual({ status: 404, body: { name: 'not-found' } });
    expect(calls).toEqual(['falls-through']);
  });
});
