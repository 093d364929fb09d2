import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

describe('the built server (dist/start.js) and signals', () => {
  it('SIGTERM drains (a request in flight holds it); a second SIGTERM exits at once with 130', async () => {
    const child = spawn(process.execPath, ['dist/start.js'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        PATH: process.env.PATH ?? '',
        WEB3_API_KEY: TEST_API_KEY,
        WEB3_OPERATOR_KEY: TEST_OPERATOR_KEY,
        API_PORT: '0',
        LOG_LEVEL: 'info',
        DATA_DIR: join(mkdtempSync(join(tmpdir(), 'api-signals-')), 'data'),
        YIELD_DEFILLAMA_BASE_URL: 'http://127.0.0.1:9',
        LIFI_BASE_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      let out = '';
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString('utf8');
          const line = out.split('\n').find((l) => l.includes('api-server listening'));
          if (line) resolve((JSON.parse(line) as { port: number }).port);
        });
        child.once('exit', () => reject(new Error(`exited before listening: ${out}`)));
      });
      // A request in flight (its body never completes) keeps the first SIGTERM draining.
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `PUT /governor/limits HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Operator-Key: ${TEST_OPERATOR_KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
      );
      await new Promise((r) => setTimeout(r, 300));
      const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
      );
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1_000));
      expect(child.exitCode).toBeNull();
      const second = Date.now();
      child.kill('SIGTERM');
      const { code, signal, at } = await exited;
      expect({ code, signal }).toEqual({ code: 130, signal: null });
      expect(at - second).toBeLessThan(2_000);
      socket.destroy();
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 30_000);
});
