import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_API_KEY, type TestServer } from './helpers/startTestServer.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Sends raw bytes on a fresh socket and resolves with everything the server answered, and how long it took. */
function raw(
  request: string | Buffer,
  { endAfterWrite = false } = {},
): Promise<{ text: string; ms: number }> {
  const { port } = new URL(server.url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(request);
      if (endAfterWrite) socket.end();
    });
    let text = '';
    socket.on('data', (d: Buffer) => {
      text += d.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.setTimeout(10_000, () => socket.destroy());
  });
}

const errorLines = () =>
  server
    .logs()
    .split('\n')
    .filter((l) => l.includes('"level":50'));

describe('request bodies', () => {
  it.each(['gzip', 'deflate', 'br'])(
    'a corrupt %s body → 400 MALFORMED_BODY, no error log',
    async (encoding) => {
      const before = errorLines().length;
      const res = await server.call('/wallet/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: 'definitely not compressed',
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(await res.json()).toMatchObject({ code: 'MALFORMED_BODY' });
      expect(errorLines().length).toBe(before);
    },
  );

  it('a well-formed gzip JSON body is still accepted', async () => {
    const res = await server.call('/wallet/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync('{}'),
    });
    expect(res.status).toBe(403); // reached the route: wallet creation is disabled by default
  });

  it('a Content-Length over the limit → 413 at once and the connection is closed', async () => {
    const { text, ms } = await raw(
      `POST /wallet/create HTTP/1.1\r\nHost: x\r\nX-API-Key: ${TEST_API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n`,
    );
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(text.toLowerCase()).toContain('connection: close');
    expect(text).toContain('"code":"PAYLOAD_TOO_LARGE"');
    expect(ms).toBeLessThan(5_000); // the socket closed by itself; it did not wait for 10 MB
  });

  it('a body of another content type is refused: 415 under the limit, 413 over it', async () => {
    const small = await server.call('/wallet/create', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'x'.repeat(100),
    });
    expect(small.status).toBe(415);
    expect(((await small.json()) as { code: string }).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = await server.call('/wallet/create', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'x'.repeat(70_000),
    });
    expect(big.status).toBe(413);
  });

  it('a client that aborts mid-body is not a server error', async () => {
    const before = errorLines().length;
    await raw(
      `POST /wallet/create HTTP/1.1\r\nHost: x\r\nX-API-Key: ${TEST_API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`,
      { endAfterWrite: true },
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(errorLines().length).toBe(before);
    expect(server.logs()).not.toContain('"status":500');
  });
});

describe('answers', () => {
  it('authenticated answers carry Cache-Control: no-store; 401 carries WWW-Authenticate', async () => {
    const ok = await server.call('/governor/status');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const denied = await server.call('/governor/status', { key: 'wrong-key-0123456789' });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('www-authenticate')).toBe('ApiKey header="X-API-Key"');
    const refused = await server.call('/wallet/info?chain=atlantis');
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('a known path with a wrong method → 405 problem+json with Allow', async () => {
    const res = await server.call('/governor/kill', { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(((await res.json()) as { code: string }).code).toBe('METHOD_NOT_ALLOWED');
    const del = await server.call('/governor/status', { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, HEAD');
  });

  it('a method the API never serves → 501 problem+json, logged as a refusal not an error', async () => {
    const before = errorLines().length;
    for (const method of ['PROPFIND', 'PUT', 'PATCH']) {
      const res = await server.call('/governor/status', { method });
      expect(res.status).toBe(501);
      expect(((await res.json()) as { code: string }).code).toBe('METHOD_NOT_IMPLEMENTED');
    }
    expect(errorLines().length).toBe(before);
  });

  it('user input echoed in a problem is bounded and stripped of control characters', async () => {
    // Within `chain`'s 64 characters (a longer one is refused by its declared maxLength, without echo).
    const evil = `atlantis\r\nSet-Cookie: x=1\u0007\u2028${'z'.repeat(30)}`;
    const res = await server.call(`/wallet/info?chain=${encodeURIComponent(evil)}`);
    const body = (await res.json()) as { title: string; instance: string };
    expect(res.status).toBe(422);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting that none came back.
    expect(body.title).not.toMatch(/[\r\n\u0007\u2028]/);
    expect(body.title.length).toBeLessThanOrEqual(201);
    expect(body.title).toContain('Set-Cookie: x=1');
    const long = await server.call(`/${'p'.repeat(1000)}`);
    const longBody = (await long.json()) as { title: string; instance: string };
    expect(longBody.instance.length).toBeLessThanOrEqual(201);
    expect(longBody.title.length).toBeLessThanOrEqual(201);
  });

  it('request ids are unique per request without a uuid per request', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add((await server.call('/health')).headers.get('x-request-id') ?? '');
    expect(ids.size).toBe(20);
  });
});
