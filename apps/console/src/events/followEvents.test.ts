import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type ConsoleEvent, followEvents, type StreamState } from './followEvents';

// A real HTTP server on 127.0.0.1 answering like GET /events does; each test decides what each connection gets.
type Handler = (req: IncomingMessage, res: ServerResponse, connection: number) => void;
let server: Server | undefined;
let stopFollower: (() => void) | undefined;

async function serve(handler: Handler): Promise<{ url: string; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = [];
  server = createServer((req, res) => {
    requests.push(req);
    handler(req, res, requests.length);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`, requests };
}

async function until<T>(what: string, probe: () => T | undefined, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const stream = (res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
const event = (id: string, type: string, data: unknown) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify({ id, type, at: '2026-01-01T00:00:00Z', data })}\n\n`;

afterEach(async () => {
  stopFollower?.();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

function follow(url: string, key = 'operator-key', idleTimeoutMs?: number) {
  const events: ConsoleEvent[] = [];
  const states: StreamState[] = [];
  const follower = followEvents({
    session: { key, role: 'operator' },
    url,
    onEvent: (e) => events.push(e),
    onState: (s) => states.push(s),
    ...(idleTimeoutMs ? { idleTimeoutMs } : {}),
  });
  stopFollower = follower.stop;
  return { events, states, stop: follower.stop };
}

describe('followEvents', () => {
  it('sends the key header, delivers parsed events, and reconnects with Last-Event-ID after the stream ends', async () => {
    const { url, requests } = await serve((_req, res, connection) => {
      stream(res);
      if (connection === 1) {
        res.write('retry: 20\n\n');
        res.write(event('b00t0001-1', 'execution.held', { executionId: 'e1' }));
        res.end(event('b00t0001-2', 'governor.kill-switch', { engaged: true }));
      } else res.write(event('b00t0001-3', 'confirmation.decided', { decision: 'approved' }));
    });
    const { events, states } = follow(url);
    await until('the third event', () => (events.length === 3 ? true : undefined));
    expect(requests[0]?.headers['x-operator-key']).toBe('operator-key');
    expect(requests[0]?.headers['last-event-id']).toBeUndefined();
    expect(requests[1]?.headers['last-event-id']).toBe('b00t0001-2');
    expect(events.map((e) => [e.type, e.id])).toEqual([
      ['execution.held', 'b00t0001-1'],
      ['governor.kill-switch', 'b00t0001-2'],
      ['confirmation.decided', 'b00t0001-3'],
    ]);
    expect(events[1]?.payload).toMatchObject({ data: { engaged: true } });
    expect(states.map((s) => s.kind)).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    expect(states[2]).toMatchObject({ attempt: 1, inMs: 20, reason: 'the stream ended' });
  });

  it('stops at a 401 and says the key was refused (no retry loop)', async () => {
    const { url, requests } = await serve((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/problem+json' });
      res.end(JSON.stringify({ status: 401, code: 'UNAUTHORIZED' }));
    });
    const { states } = follow(url, 'wrong');
    await until('the refusal', () => states.find((s) => s.kind === 'refused'));
    expect(states).toEqual([{ kind: 'connecting' }, { kind: 'refused', status: 401, code: 'UNAUTHORIZED' }]);
    expect(requests).toHaveLength(1);
  });

  it('drops a connection that stays silent past the idle time-out and connects again', async () => {
    const { url, requests } = await serve((_req, res, connection) => {
      stream(res);
      if (connection === 1) res.write('retry: 10\n\n');
      else res.write(event('b00t0001-9', 'governor.limits', {}));
    });
    const { events, states } = follow(url, 'operator-key', 150);
    await until('the event of the second connection', () => (events.length === 1 ? true : undefined));
    expect(requests).toHaveLength(2);
    expect(states.find((s) => s.kind === 'reconnecting')).toMatchObject({
      reason: 'nothing received for 0.15 s',
    });
  });

  it('backs off: each failed attempt doubles the wait, from the retry the server asked for', async () => {
    const { url } = await serve((_req, res, connection) => {
      if (connection === 1) {
        stream(res);
        res.end('retry: 5\n\n');
      } else {
        res.writeHead(503);
        res.end();
      }
    });
    const { states } = follow(url);
    await until('three retries', () =>
      states.filter((s) => s.kind === 'reconnecting').length >= 3 ? true : undefined,
    );
    const waits = states.flatMap((s) => (s.kind === 'reconnecting' ? [s.inMs] : []));
    expect(waits.slice(0, 3)).toEqual([5, 10, 20]);
    expect(states.find((s) => s.kind === 'reconnecting' && s.attempt === 2)).toMatchObject({
      reason: 'the server answered 503',
    });
  });

  it('stop() closes the connection and ends in `closed`', async () => {
    let closed = false;
    const { url } = await serve((req, res) => {
      stream(res);
      res.write(': hello\n\n');
      req.on('close', () => {
        closed = true;
      });
    });
    const { states, stop } = follow(url);
    await until('open', () => states.find((s) => s.kind === 'open'));
    stop();
    await until('closed', () => states.find((s) => s.kind === 'closed'));
    await until('the server to see the connection close', () => (closed ? true : undefined));
  });
});
