import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServer, TEST_API_KEY, TEST_OPERATOR_KEY } from './helpers/startTestServer.js';

describe('graceful shutdown: a request that arrives while the server closes', () => {
  it('the request in flight finishes; the next one is answered 503 SHUTTING_DOWN, not run', async () => {
    const server = await startTestServer();
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.on('data', (d: Buffer) => {
      text += d.toString('utf8');
    });
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // In flight: a request whose body is still arriving when the server starts closing.
    const body = '{"maxPerTx":"0.01"}';
    socket.write(
      `PUT /governor/limits HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Operator-Key: ${TEST_OPERATOR_KEY}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const closing = server.close();
    await new Promise((r) => setTimeout(r, 200));
    // The rest of its body, and a second request on the same connection, after close began.
    socket.write(
      `${body.slice(5)}GET /governor/status HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${TEST_API_KEY}\r\n\r\n`,
    );
    await ended;
    await closing;
    const answers = text.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[0]).toContain('"maxPerTx":{"eth":"0.01"');
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(answers[1]).toMatch(/content-type: application\/problem\+json/i);
    expect(answers[1]).toMatch(/retry-after: 5/i);
    expect(answers[1]).toMatch(/connection: close/i);
    expect(answers[1]).toContain('"code":"SHUTTING_DOWN"');
  });
});
