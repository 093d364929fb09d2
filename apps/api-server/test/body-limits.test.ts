import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawAnswer, rawHttp } from './helpers/rawHttp.js';
import {
  startTestServer,
  TEST_API_KEY,
  TEST_OPERATOR_KEY,
  type TestServer,
} from './helpers/startTestServer.js';

// Each route has its own body limit (the document's `x-body-limit-bytes`, written from scripts/body-limits.mjs): one
// class at a time, a body one byte over is 413 PAYLOAD_TOO_LARGE (declared or chunked), one at the limit is read.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A JSON body of exactly `bytes` bytes. */
const bodyOf = (bytes: number) => `{"pad":"${'x'.repeat(bytes - 10)}"}`;

const send = (method: string, path: string, body: string, chunked = false) =>
  rawHttp(
    server.url,
    `${method} ${path} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${TEST_API_KEY}\r\nX-Operator-Key: ${TEST_OPERATOR_KEY}\r\n` +
      `Content-Type: application/json\r\nConnection: close\r\n` +
      (chunked
        ? `Transfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`
        : `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`),
  );

function expectTooLarge(answer: RawAnswer): void {
  expect(answer.status, answer.text.slice(0, 300)).toBe(413);
  expect(answer.headers['content-type']).toContain('application/problem+json');
  expect(JSON.parse(answer.body)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
}

const CLASSES = [
  { name: 'no body (POST /governor/kill)', method: 'POST', path: '/governor/kill', limit: 1024 },
  { name: 'a JSON body (POST /swap/execute)', method: 'POST', path: '/swap/execute', limit: 4 * 1024 },
  { name: 'a JSON body (PUT /governor/limits)', method: 'PUT', path: '/governor/limits', limit: 4 * 1024 },
  {
    name: "an operator's note (POST /confirmations/{id}/deny)",
    method: 'POST',
    path: '/confirmations/cfm_unknown/deny',
    limit: 8 * 1024,
  },
  { name: 'no route (POST /nowhere)', method: 'POST', path: '/nowhere', limit: 1024 },
] as const;

describe('body limits per route', () => {
  for (const { name, method, path, limit } of CLASSES) {
    it(`${name}: ${limit} bytes read, ${limit + 1} → 413 PAYLOAD_TOO_LARGE (declared and chunked)`, async () => {
      const over = await send(method, path, bodyOf(limit + 1));
      expectTooLarge(over);
      expect(JSON.parse(over.body).detail).toBe(`at most ${limit} bytes`);
      expectTooLarge(await send(method, path, bodyOf(limit + 1), true));
      // At the limit the body is read: the route answers for itself (whatever it thinks of the field).
      const at = await send(method, path, bodyOf(limit));
      expect(at.status, at.text.slice(0, 300)).not.toBe(413);
      expect(at.status).toBeLessThan(500);
    });
  }

  it('the document states each limit: x-body-limit-bytes and the 413 answer of every operation that takes a body', async () => {
    const spec = (await (await server.call('/openapi.json', { key: null })).json()) as {
      paths: Record<
        string,
        Record<string, { 'x-body-limit-bytes'?: number; responses: Record<string, { description: string }> }>
      >;
    };
    const op = (path: string, method: string) => spec.paths[path]?.[method];
    expect(op('/swap/execute', 'post')?.['x-body-limit-bytes']).toBe(4096);
    expect(op('/swap/execute', 'post')?.responses['413']?.description).toMatch(/over 4 KiB/);
    expect(op('/governor/kill', 'post')?.['x-body-limit-bytes']).toBe(1024);
    expect(op('/confirmations/{id}/approve', 'post')?.['x-body-limit-bytes']).toBe(8192);
    expect(op('/confirmations/{id}/approve', 'post')?.responses['413']?.description).toMatch(/over 8 KiB/);
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect([1024, 4096, 8192], `${method} ${path}`).toContain(operation['x-body-limit-bytes']);
      }
    }
  });
});
