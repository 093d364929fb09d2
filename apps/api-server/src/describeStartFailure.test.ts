import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeStartFailure } from './describeStartFailure.js';

describe('describeStartFailure', () => {
  it('a port in use names API_PORT and suggests API_PORT=0 (a real EADDRINUSE)', async () => {
    const first = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => first.once('listening', r));
    const port = (first.address() as { port: number }).port;
    const second = createServer().listen(port, '127.0.0.1');
    const error = await new Promise((r) => second.once('error', r));
    first.close();
    const text = describeStartFailure(error, { host: '127.0.0.1', port });
    expect(text).toMatch(/^API_PORT: 127\.0\.0\.1:\d+ is already in use/);
    expect(text).toContain('API_PORT=0');
  });

  it('anything else is its own message', () => {
    expect(describeStartFailure(new Error('boom'), { host: 'h', port: 1 })).toBe('boom');
  });
});
