import { connect } from 'node:net';
import express from 'express';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createHttpServer } from './createHttpServer.js';

/** Sends one header byte every `everyMs` until the server closes; resolves with what it sent and when it closed. */
function slowloris(port: number, everyMs: number): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const request =
      'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    let i = 0;
    let answer = '';
    const socket = connect(port, '127.0.0.1');
    const timer = setInterval(() => {
      if (i < request.length) socket.write(request[i++] as string);
    }, everyMs);
    socket.on('data', (d) => {
      answer += d.toString('utf8');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error('still open after 20 s'));
    }, 20_000).unref();
  });
}

describe('createHttpServer', () => {
  it('closes a connection that sends its headers a byte at a time once the headers time-out passes (408), not at Node’s next 30 s check', async () => {
    const app = express();
    app.get('/', (_req, res) => {
      res.send('ok');
    });
    const server = createHttpServer({ app, logger: pino({ level: 'silent' }), headersTimeoutMs: 2_000 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const { closedAfterMs, answer } = await slowloris(port, 200);
      // The time-out plus one checking interval (100 ms here) plus scheduling slack; Node's default check would
      // have let it live until the 30th second.
      expect(closedAfterMs).toBeGreaterThanOrEqual(1_900);
      expect(closedAfterMs).toBeLessThan(6_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('REQUEST_TIMEOUT');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
