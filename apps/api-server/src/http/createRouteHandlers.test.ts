import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  Controller,
  ExpressTemplateService,
  type IocContainer,
  type IocContainerFactory,
  type TsoaRoute,
} from '@tsoa/runtime';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthenticationFunction, createRouteHandlers } from './createRouteHandlers.js';

class Things extends Controller {
  promised() {
    return Promise.resolve({ via: 'promise' });
  }
  plain() {
    return { via: 'value' };
  }
  nothing() {
    return Promise.resolve(undefined);
  }
  accepted() {
    this.setStatus(202);
    this.setHeader('X-Thing', 'yes');
    return Promise.resolve({ accepted: true });
  }
  created() {
    return Promise.resolve({ created: true });
  }
  throws(): never {
    throw Object.assign(new Error('sync boom'), { status: 409 });
  }
  rejects() {
    return Promise.reject(Object.assign(new Error('async boom'), { status: 418 }));
  }
  stream() {
    return Readable.from(['a', 'b']);
  }
  noContent() {
    this.setStatus(204);
    return Promise.resolve({ ignored: true });
  }
  unicode() {
    return Promise.resolve({ text: 'Grüße — ✓' });
  }
  bigint() {
    return Promise.resolve({ wei: 1n });
  }
  echo(count: number, name?: string) {
    return Promise.resolve({ count, name: name ?? null });
  }
}

// Each scheme answers by the header of the same name: "ok", "async-ok", "async-fail", "403", or a failure.
const check: AuthenticationFunction = (request, name) => {
  const answer = request.get(name);
  if (answer === 'ok') return { scheme: name };
  if (answer === 'async-ok') return Promise.resolve({ scheme: name, async: true });
  if (answer === 'async-fail') return Promise.reject(Object.assign(new Error(`${name} refused`)));
  if (answer === 'throw-string') throw 'not an error object';
  if (answer === '403') throw Object.assign(new Error(`${name} forbidden`), { status: 403 });
  throw new Error(`${name} missing`);
};

const countArgs: Record<string, TsoaRoute.ParameterSchema> = {
  count: { in: 'query', name: 'count', required: true, dataType: 'integer' },
  name: { in: 'query', name: 'name', dataType: 'string' },
};

let url: string;
let close: () => void;
let containerCalls = 0;
beforeAll(async () => {
  const templateService = new ExpressTemplateService(
    {},
    {
      noImplicitAdditionalProperties: 'throw-on-extras',
      bodyCoercion: true,
    },
  );
  const sync: IocContainerFactory = () =>
    ({
      get: (C: new () => unknown) => {
        containerCalls++;
        return new C();
      },
    }) as unknown as IocContainer;
  const { authenticate, handle } = createRouteHandlers({
    templateService,
    iocContainer: sync,
    authenticate: check,
  });
  const asyncContainer = createRouteHandlers({
    templateService,
    iocContainer: () =>
      ({ get: (C: new () => unknown) => Promise.resolve(new C()) }) as unknown as IocContainer,
    authenticate: check,
  });
  const app = express();
  const user = (req: Request, res: Response) => {
    res.json({ user: (req as Request & { user?: unknown }).user });
  };
  app.get('/auth/one', authenticate([{ a: [] }]), user);
  app.get('/auth/any', authenticate([{ a: [] }, { b: [] }]), user);
  app.get('/auth/all', authenticate([{ a: [], b: [] }]), user);
  for (const method of [
    'promised',
    'plain',
    'nothing',
    'accepted',
    'throws',
    'rejects',
    'stream',
    'unicode',
    'bigint',
  ])
    app.get(`/h/${method}`, handle(Things, method, {}, undefined));
  app.post('/h/created', handle(Things, 'created', {}, 201));
  app.get('/h/no-content', handle(Things, 'noContent', {}, undefined));
  app.get('/h/echo', handle(Things, 'echo', countArgs, undefined));
  app.get('/h/async-container', asyncContainer.handle(Things, 'promised', {}, undefined));
  app.use(
    (
      error: { status?: number; message?: string; name?: string },
      _req: Request,
      res: Response,
      _next: NextFunction,
    ) => {
      res.status(error.status ?? 500).json({ error: error.message ?? String(error), name: error.name });
    },
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}${path}`, { headers });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, res };
};

describe('createRouteHandlers: per-route authentication', () => {
  it('passes a request whose scheme checks out, with the user on the request', async () => {
    expect(await get('/auth/one', { a: 'ok' })).toMatchObject({
      status: 200,
      body: { user: { scheme: 'a' } },
    });
  });

  it('fails closed with 401 (the last error) when no group passes, never reaching the route', async () => {
    expect(await get('/auth/one')).toMatchObject({ status: 401, body: { error: 'a missing' } });
    expect(await get('/auth/any')).toMatchObject({ status: 401, body: { error: 'b missing' } });
    expect(await get('/auth/one', { a: 'throw-string' })).toMatchObject({ status: 401 });
  });

  it("keeps an error's own status (403)", async () => {
    expect(await get('/auth/one', { a: '403' })).toMatchObject({
      status: 403,
      body: { error: 'a forbidden' },
    });
  });

  it('any group may pass; every scheme of a group must', async () => {
    expect(await get('/auth/any', { b: 'ok' })).toMatchObject({
      status: 200,
      body: { user: { scheme: 'b' } },
    });
    expect(await get('/auth/all', { a: 'ok' })).toMatchObject({ status: 401, body: { error: 'b missing' } });
    expect(await get('/auth/all', { b: 'ok' })).toMatchObject({ status: 401, body: { error: 'a missing' } });
    expect(await get('/auth/all', { a: 'ok', b: 'ok' })).toMatchObject({ status: 200 });
  });

  it('awaits an asynchronous check: a resolved one passes, a rejected one is a 401, never a pass', async () => {
    expect(await get('/auth/one', { a: 'async-ok' })).toMatchObject({
      status: 200,
      body: { user: { scheme: 'a', async: true } },
    });
    expect(await get('/auth/one', { a: 'async-fail' })).toMatchObject({
      status: 401,
      body: { error: 'a refused' },
    });
    expect(await get('/auth/all', { a: 'ok', b: 'async-fail' })).toMatchObject({ status: 401 });
    expect(await get('/auth/all', { a: 'async-ok', b: 'async-ok' })).toMatchObject({ status: 200 });
    expect(await get('/auth/any', { a: 'async-fail', b: 'ok' })).toMatchObject({ status: 200 });
    expect(await get('/auth/any', { a: 'async-fail', b: 'async-fail' })).toMatchObject({
      status: 401,
      body: { error: 'b refused' },
    });
  });
});

describe('createRouteHandlers: route handler', () => {
  it('answers a promised value and a plain value as JSON 200', async () => {
    expect(await get('/h/promised')).toMatchObject({ status: 200, body: { via: 'promise' } });
    expect(await get('/h/plain')).toMatchObject({ status: 200, body: { via: 'value' } });
  });

  it('answers nothing as 204, the declared success status, and the controller status and headers', async () => {
    expect(await get('/h/nothing')).toMatchObject({ status: 204, body: null });
    const created = await fetch(`${url}/h/created`, { method: 'POST' });
    expect(created.status).toBe(201);
    const accepted = await get('/h/accepted');
    expect(accepted).toMatchObject({ status: 202, body: { accepted: true } });
    expect(accepted.res.headers.get('x-thing')).toBe('yes');
  });

  it('writes JSON as res.json would: UTF-8 type, byte length, no body for HEAD; a bigint is an error', async () => {
    const res = await fetch(`${url}/h/unicode`);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(JSON.parse(bytes.toString('utf8'))).toEqual({ text: 'Grüße — ✓' });
    const head = await fetch(`${url}/h/unicode`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(await head.text()).toBe('');
    expect(await get('/h/bigint')).toMatchObject({ status: 500, body: { name: 'TypeError' } });
  });

  it('answers a conditional request as res.json does (304 for If-None-Match: *), 204 without a body', async () => {
    const { request } = await import('node:http');
    const raw = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number | undefined; type: string | undefined; body: string }>(
        (resolve, reject) => {
          const req = request(`${url}${path}`, { headers }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => {
              body += chunk.toString('utf8');
            });
            res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body }));
          });
          req.on('error', reject);
          req.end();
        },
      );
    expect(await raw('/h/promised', { 'If-None-Match': '*' })).toEqual({
      status: 304,
      type: undefined,
      body: '',
    });
    expect(await raw('/h/promised', {})).toMatchObject({ status: 200, body: '{"via":"promise"}' });
    expect(await raw('/h/no-content', {})).toEqual({ status: 204, type: undefined, body: '' });
  });

  it('pipes a stream', async () => {
    const res = await fetch(`${url}/h/stream`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ab');
  });

  it('hands thrown and rejected errors to the error handler', async () => {
    expect(await get('/h/throws')).toMatchObject({ status: 409, body: { error: 'sync boom' } });
    expect(await get('/h/rejects')).toMatchObject({ status: 418, body: { error: 'async boom' } });
  });

  it('validates inputs with tsoa before the controller is built', async () => {
    expect(await get('/h/echo?count=3&name=x')).toMatchObject({ status: 200, body: { count: 3, name: 'x' } });
    const before = containerCalls;
    const bad = await get('/h/echo?count=abc');
    expect(bad).toMatchObject({ status: 400, body: { name: 'ValidateError' } });
    expect(containerCalls).toBe(before);
  });

  it('waits for a container that returns a promise', async () => {
    expect(await get('/h/async-container')).toMatchObject({ status: 200, body: { via: 'promise' } });
  });
});
