import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawAnswer, rawHttp } from './helpers/rawHttp.js';
import { startTestServer, TEST_API_KEY, type TestServer } from './helpers/startTestServer.js';

// Every client error has the problem shape — the ones the app answers (malformed JSON, body too large, URL too long)
// and the ones Node's HTTP parser refuses before the app sees the request (headers too large, a URL longer than the
// parser reads, a broken request line or header): status, `application/problem+json`, a stable code, a request id,
// no stack. Sent on raw sockets, byte for byte.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const request = (head: string, body = '') => rawHttp(server.url, `${head}\r\n\r\n${body}`);

function expectProblem(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  expect(answer.headers['content-type']).toContain('application/problem+json');
  expect(answer.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
  const problem = JSON.parse(answer.body) as Record<string, unknown>;
  expect(problem).toMatchObject({ status, code, requestId: answer.headers['x-request-id'] });
  expect(problem.type).toBe(`urn:wallet-ops:problem:${code.toLowerCase().replaceAll('_', '-')}`);
  expect(answer.body).not.toMatch(/\bat .+:\d+:\d+/);
  expect(answer.body.length).toBeLessThan(1_000);
}

describe('client errors answered by the app', () => {
  it('malformed JSON → 400 MALFORMED_JSON', async () => {
    const body = '{"tokenIn": ';
    expectProblem(
      await request(
        `POST /swap/execute HTTP/1.1\r\nHost: x\r\nX-API-Key: ${TEST_API_KEY}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close`,
        body,
      ),
      400,
      'MALFORMED_JSON',
    );
  });

  it("a body over the route's limit (70 KB to /swap/execute) → 413 PAYLOAD_TOO_LARGE", async () => {
    const body = `{"a":"${'x'.repeat(70_000)}"}`;
    expectProblem(
      await request(
        `POST /swap/execute HTTP/1.1\r\nHost: x\r\nX-API-Key: ${TEST_API_KEY}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}`,
        body,
      ),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('a 20 KB URL → 414 URI_TOO_LONG (before authentication) and the connection is closed', async () => {
    const answer = await request(`GET /health?pad=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x`);
    expectProblem(answer, 414, 'URI_TOO_LONG');
    expect(answer.headers.connection).toBe('close');
    // Under the limit the same request is served.
    expect(
      (await request(`GET /health?pad=${'a'.repeat(15_000)} HTTP/1.1\r\nHost: x\r\nConnection: close`))
        .status,
    ).toBe(200);
  });
});

describe("client errors answered from Node's parser (clientError)", () => {
  it('a request line longer than the parser reads (40 KB) → 414 URI_TOO_LONG', async () => {
    const answer = await request(`GET /health?pad=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x`);
    expectProblem(answer, 414, 'URI_TOO_LONG');
    expect(JSON.parse(answer.body).instance).toBe('/health');
    // Still unterminated when the parser gives up: the URL too.
    expectProblem(await rawHttp(server.url, `GET /health?pad=${'a'.repeat(40_000)}`), 414, 'URI_TOO_LONG');
  });

  it('headers over the limit (40 KB) → 431 HEADERS_TOO_LARGE', async () => {
    const answer = await request(`GET /health HTTP/1.1\r\nHost: x\r\nX-Padding: ${'b'.repeat(40_000)}`);
    expectProblem(answer, 431, 'HEADERS_TOO_LARGE');
    expect(answer.headers.connection).toBe('close');
  });

  it.each([
    ['a broken request line', 'NOT AN HTTP REQUEST'],
    ['a header name with a space', 'GET /health HTTP/1.1\r\nHost: x\r\nBad Header: 1'],
    ['a header value with a NUL', 'GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b'],
    [
      'two Content-Length headers that disagree',
      'POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2',
    ],
  ])('%s → 400 MALFORMED_REQUEST', async (_name, head) => {
    expectProblem(await request(head), 400, 'MALFORMED_REQUEST');
  });

  it('a malformed request after a good one on a kept-alive connection → 400 MALFORMED_REQUEST on that connection', async () => {
    const text = await conversation([
      'GET /health HTTP/1.1\r\nHost: x\r\n\r\n',
      'NOT AN HTTP REQUEST\r\n\r\n',
    ]);
    expect(text.startsWith('HTTP/1.1 200 OK')).toBe(true);
    expect(text).toMatch(/HTTP\/1\.1 400 Bad Request\r\nContent-Type: application\/problem\+json/);
    expect(text).toContain('"code":"MALFORMED_REQUEST"');
  });

  it('refusals by the parser are logged as refusals with their code, never with the raw bytes', async () => {
    const secret = `${TEST_API_KEY}-in-a-broken-request`;
    await request(`GET /health HTTP/1.1\r\nHost: x\r\nX-API-Key: ${secret}\r\nBad Header: 1`);
    const lines = server
      .logs()
      .split('\n')
      .filter((l) => l.includes('request refused by the HTTP parser'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain('"code":"MALFORMED_REQUEST"');
    expect(server.logs()).not.toContain(secret);
    expect(lines.every((l) => l.includes('"level":30'))).toBe(true);
  });
});

/**
 * Writes each message on one connection once the server has answered the one before (a whole answer: its
 * `Content-Length` of body), and resolves with everything the server sent when it closes the connection.
 */
async function conversation(messages: string[]): Promise<string> {
  const { connect } = await import('node:net');
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    let out = '';
    let answered = 0;
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(messages[0] as string));
    socket.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      const complete = [...out.matchAll(/Content-Length: (\d+)\r\n(?:.*\r\n)*?\r\n/g)].filter(
        (m) => out.length >= (m.index ?? 0) + m[0].length + Number(m[1]),
      ).length;
      if (complete > answered) {
        answered = complete;
        if (answered < messages.length) socket.write(messages[answered] as string);
      }
    });
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
    socket.setTimeout(15_000, () => reject(new Error('no close within 15 s')));
  });
}
