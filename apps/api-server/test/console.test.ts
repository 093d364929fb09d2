import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { createLogger } from '../src/http/createLogger.js';
import { CONSOLE_CSP } from '../src/http/serveConsole.js';
import type { Services } from '../src/services/Services.js';
import { rawHttp } from './helpers/rawHttp.js';
import { startTestServer, TEST_API_KEY, type TestServer } from './helpers/startTestServer.js';

// The operator console's static routes: served without a key (they hold no data), under their own strict CSP,
// gzip when accepted, off with ENABLE_CONSOLE=false, and a clear 503 when the console was never built.

/** GET without automatic decompression (fetch would undo the gzip this checks). */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET /console (enabled: the default on 127.0.0.1)', () => {
  it('serves the page without a key, with the console CSP, never framed, revalidated', async () => {
    for (const path of ['/console', '/console/']) {
      const res = await server.call(path, { key: null });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(CONSOLE_CSP);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toMatch(
        /<script type="module" crossorigin src="\/console\/assets\/index-[\w-]+\.js"><\/script>/,
      );
      // No inline script: every <script> has a src.
      expect(html.match(/<script\b[^>]*>/g)?.every((tag) => / src="\/console\//.test(tag))).toBe(true);
    }
  });

  it('the CSP allows only this origin, no inline code, no eval, no framing, no form posts, Trusted Types', () => {
    const directives = new Map(
      CONSOLE_CSP.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')] as const),
    );
    expect(Object.fromEntries(directives)).toEqual({
      'default-src': "'none'",
      'script-src': "'self'",
      'style-src': "'self'",
      'img-src': "'self'",
      'connect-src': "'self'",
      'base-uri': "'none'",
      'form-action': "'none'",
      'frame-ancestors': "'none'",
      'require-trusted-types-for': "'script'",
      'trusted-types': "'none'",
    });
    expect(CONSOLE_CSP).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:/);
  });

  it('serves the content-hashed bundle gzip-compressed when accepted, cached for good, HEAD included', async () => {
    const html = await (await server.call('/console/', { key: null })).text();
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string;
    const style = /href="(\/console\/assets\/[^"]+\.css)"/.exec(html)?.[1] as string;
    const plain = await rawGet(`${server.url}${script}`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-security-policy']).toBe(CONSOLE_CSP);
    const gzipped = await rawGet(`${server.url}${script}`, { 'accept-encoding': 'gzip, br' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 2);
    const head = await rawGet(`${server.url}${script}`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(plain.body.length);
    const css = await rawGet(`${server.url}${style}`);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('a path under /console that is not a file is 404; other methods need a key like any route', async () => {
    const missing = await server.call('/console/assets/nope.js', { key: null });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    // No way out of the build directory: paths are looked up in the list of built files, never joined to a path.
    for (const path of [
      '/console/../../package.json',
      '/console/%2e%2e/%2e%2e/package.json',
      '/console/..%2fsrc',
    ]) {
      const raw = await rawHttp(server.url, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(raw.status).toBe(404);
    }
    const post = await server.call('/console', { key: null, method: 'POST' });
    expect(post.status).toBe(401);
  });

  it('the API keeps its own CSP; the console CSP is only on /console', async () => {
    const api = await server.call('/governor/status');
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
  });
});

describe('ENABLE_CONSOLE=false', () => {
  let off: TestServer;
  beforeAll(async () => {
    off = await startTestServer({ ENABLE_CONSOLE: 'false' });
  });
  afterAll(() => off?.close());

  it('/console is not there: 401 without a key (like any non-public path), 404 with one', async () => {
    const anonymous = await off.call('/console/', { key: null });
    expect(anonymous.status).toBe(401);
    const keyed = await off.call('/console/', { key: TEST_API_KEY });
    expect(keyed.status).toBe(404);
    expect(keyed.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('a console that was never built', () => {
  it('answers 503 CONSOLE_NOT_BUILT and says so in the log at start', async () => {
    const sink = new PassThrough();
    let logs = '';
    sink.on('data', (c: Buffer) => {
      logs += c.toString('utf8');
    });
    const app = createApp({
      config: { apiKey: TEST_API_KEY, corsAllowedOrigins: [], enableConsole: true },
      services: {} as Services,
      logger: createLogger({ level: 'info', destination: sink }),
      spec: {},
      consoleDir: join(mkdtempSync(join(tmpdir(), 'console-missing-')), 'dist'),
    });
    const listening = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
      const res = await fetch(`${url}/console/`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'CONSOLE_NOT_BUILT' });
      expect(logs).toContain('the operator console is enabled but not built');
    } finally {
      listening.close();
    }
  });
});
