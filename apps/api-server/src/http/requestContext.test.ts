import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { PassThrough } from 'node:stream';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './createLogger.js';
import { contextOf, requestContext, requestUserProperty } from './requestContext.js';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  aborted?: boolean;
  note?: string;
}

let url: string;
let slowStarted = false;
let lines: Line[] = [];
let close: () => void;
beforeAll(async () => {
  const sink = new PassThrough();
  let buffered = '';
  sink.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const part of parts) lines.push(JSON.parse(part) as Line);
  });
  const logger = createLogger({ level: 'info', destination: sink });
  const app = express();
  app.locals.logger = logger;
  Object.defineProperty(app.request, 'user', requestUserProperty);
  type WithUser = express.Request & { user?: unknown };
  const setUser = (req: express.Request, _res: express.Response, next: express.NextFunction) => {
    (req as WithUser).user = { who: req.get('x-who') };
    next();
  };
  const showUser = (req: express.Request, res: express.Response) => {
    res.json({ user: (req as WithUser).user, own: Object.hasOwn(req, 'user'), id: contextOf(req).id });
  };
  app.get('/outside', (req, res) => {
    // A request the middleware never saw: the fallback context, with the app's logger.
    res.json({ id: contextOf(req).id });
  });
  app.get('/outside/user', setUser, showUser);
  app.use(requestContext({ logger }));
  app.get('/ok', (req, res) => {
    contextOf(req).log.info({ note: 'inside' }, 'handler logged');
    res.json({ id: contextOf(req).id });
  });
  app.get('/user', setUser, showUser);
  app.get('/status/:code', (req, res) => {
    res.status(Number(req.params.code)).end();
  });
  app.get('/slow', (_req, res) => {
    slowStarted = true;
    setTimeout(() => res.end('late'), 500);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const completed = () => lines.filter((l) => l.msg === 'request completed');
/** Waits until `predicate` holds, for at most 5 s (the assertion after it says what did not happen). */
const waitFor = async (predicate: () => boolean) => {
  const end = Date.now() + 5_000;
  while (!predicate() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
};

describe('requestContext', () => {
  it('gives each request its own id, sets X-Request-Id and logs exactly one completion line', async () => {
    lines = [];
    const a = await fetch(`${url}/ok?address=0xabc`);
    const b = await fetch(`${url}/ok`);
    const idA = a.headers.get('x-request-id');
    const idB = b.headers.get('x-request-id');
    expect(idA).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(idB).not.toBe(idA);
    expect(await a.json()).toEqual({ id: idA });
    await waitFor(() => completed().length === 2);
    expect(completed()).toEqual([
      expect.objectContaining({ level: 30, reqId: idA, method: 'GET', path: '/ok', status: 200 }),
      expect.objectContaining({ level: 30, reqId: idB, method: 'GET', path: '/ok', status: 200 }),
    ]);
    for (const line of completed()) {
      expect(line.ms).toBeGreaterThanOrEqual(0);
      expect(line.aborted).toBeUndefined();
    }
    // The handler's child logger carries the request id.
    expect(lines.find((l) => l.msg === 'handler logged')).toMatchObject({ reqId: idA, note: 'inside' });
  });

  it('keeps a sane incoming X-Request-Id and replaces an unsafe one', async () => {
    lines = [];
    const kept = await fetch(`${url}/ok`, { headers: { 'X-Request-Id': 'client-1.a_b' } });
    expect(kept.headers.get('x-request-id')).toBe('client-1.a_b');
    const replaced = await fetch(`${url}/ok`, { headers: { 'X-Request-Id': 'bad id {"x":1}' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-/);
    await waitFor(() => completed().length === 2);
    expect(completed().map((l) => l.reqId)).toEqual(['client-1.a_b', replaced.headers.get('x-request-id')]);
  });

  it('logs 500 as an error, 502–504 as a warning, 4xx and 501 as info', async () => {
    lines = [];
    for (const code of [500, 502, 504, 501, 404]) await fetch(`${url}/status/${code}`);
    await waitFor(() => completed().length === 5);
    expect(completed().map((l) => [l.status, l.level])).toEqual([
      [500, 50],
      [502, 40],
      [504, 40],
      [501, 30],
      [404, 30],
    ]);
  });

  it('marks a request the client abandoned before the answer as aborted', async () => {
    lines = [];
    slowStarted = false;
    const req = httpRequest(`${url}/slow`);
    req.on('error', () => {});
    req.end();
    // Abandoned once the server is working on it (not on a timer the server may not have met yet).
    await waitFor(() => slowStarted);
    expect(slowStarted).toBe(true);
    req.destroy();
    await waitFor(() => completed().length === 1);
    expect(completed()).toEqual([expect.objectContaining({ path: '/slow', aborted: true })]);
  });

  it('keeps req.user in the request context, one per request, without adding it to the request', async () => {
    const [a, b] = await Promise.all(
      ['alice', 'bob'].map(async (who) => (await fetch(`${url}/user`, { headers: { 'x-who': who } })).json()),
    );
    expect(a).toMatchObject({ user: { who: 'alice' }, own: false });
    expect(b).toMatchObject({ user: { who: 'bob' }, own: false });
    expect((await (await fetch(`${url}/user`)).json()) as object).toMatchObject({ user: {} });
    // Without a context the user is the request's own property, still readable.
    expect(await (await fetch(`${url}/outside/user`, { headers: { 'x-who': 'carol' } })).json()).toEqual({
      user: { who: 'carol' },
      own: true,
      id: '',
    });
  });

  it('falls back to an empty id and the app logger for a request it never saw', async () => {
    const res = await fetch(`${url}/outside`);
    expect(await res.json()).toEqual({ id: '' });
  });
});
