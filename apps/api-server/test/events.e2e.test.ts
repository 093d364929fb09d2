import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventHub } from '../src/events/EventHub.js';
import { streamEvents } from '../src/events/streamEvents.js';
import { openEvents, readEvents } from './helpers/readEvents.js';
import {
  startTestServer,
  TEST_API_KEY,
  TEST_OPERATOR_KEY,
  type TestServer,
} from './helpers/startTestServer.js';

// GET /events end to end: a real streaming client against the real server on the devnet.
let devnet: StartDevnetReturnType;
let server: TestServer;
let dataDir: string;

beforeAll(async () => {
  devnet = await startDevnet();
  dataDir = join(mkdtempSync(join(tmpdir(), 'api-events-')), 'data');
  const c = devnet.manifest.contracts;
  server = await startTestServer({
    DATA_DIR: dataDir,
    RPC_URL_DEVNET: devnet.rpcUrl,
    UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
    WALLET_PRIVATE_KEY: devnet.manifest.accounts[3]!.privateKey,
    GOPLUS_BASE_URL: 'http://127.0.0.1:9',
    DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
    PROVIDER_TIMEOUT_MS: '200',
    EVENTS_HEARTBEAT_SECONDS: '1',
  });
});
afterAll(async () => {
  await server?.close();
  await devnet?.stop();
});

const key = { 'X-API-Key': TEST_API_KEY };
const typesOf = (events: { event: string | undefined }[]) => events.map((e) => e.event);

describe('GET /events', () => {
  it('needs a key; streams kill-switch changes and a swap’s execution events as they happen, with ids', async () => {
    expect((await fetch(`${server.url}/events`)).status).toBe(401);
    const { opened, result: reading } = openEvents(
      `${server.url}/events`,
      key,
      (ev) =>
        ['governor.kill-switch', 'execution.broadcast', 'execution.settled'].every((t) =>
          typesOf(ev).includes(t),
        ) && typesOf(ev).filter((t) => t === 'governor.kill-switch').length >= 2,
      20_000,
    );
    await opened;
    await server.call('/governor/kill', { method: 'POST' });
    await server.operator('/governor/unkill');
    const swap = await server.call('/swap/execute', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tokenIn: 'ETH',
        tokenOut: devnet.manifest.tokens.usdc.address,
        amountIn: '0.001',
      }),
    });
    expect(swap.status).toBe(200);
    const { status, contentType, events } = await reading;
    expect(status).toBe(200);
    expect(contentType).toContain('text/event-stream');
    const kills = events
      .filter((e) => e.event === 'governor.kill-switch')
      .map((e) => JSON.parse(e.data).data);
    expect(kills.slice(0, 2)).toEqual([
      { engaged: true, by: 'api' },
      { engaged: false, by: 'api' },
    ]);
    const settled = JSON.parse(events.find((e) => e.event === 'execution.settled')?.data ?? '{}');
    expect(settled.data).toMatchObject({ status: 'confirmed' });
    expect(events.every((e) => typeof e.id === 'string' && /^[0-9a-f]{8}-[0-9]+$/.test(e.id ?? ''))).toBe(
      true,
    );
  });

  it('reconnecting with Last-Event-ID replays exactly what was missed; an unknown id replays all with a gap', async () => {
    // An id from another boot: everything retained, after a `gap` event. The last id is where we leave off.
    const before = await readEvents(
      `${server.url}/events?lastEventId=00000000-0`,
      key,
      (ev) => ev.length > 1,
    );
    expect(before.events[0]?.event).toBe('gap');
    const lastId = before.events.at(-1)?.id as string;
    const seq = (id: string | undefined) => Number(id?.split('-')[1]);
    // While disconnected: the switch is engaged and released.
    await server.call('/governor/kill', { method: 'POST' });
    await server.operator('/governor/unkill');
    const replay = await readEvents(
      `${server.url}/events`,
      { ...key, 'Last-Event-ID': lastId },
      (ev) => ev.length >= 2,
      5_000,
    );
    expect(replay.events.map((e) => [e.event, JSON.parse(e.data).data])).toEqual([
      ['governor.kill-switch', { engaged: true, by: 'api' }],
      ['governor.kill-switch', { engaged: false, by: 'api' }],
    ]);
    expect(replay.events.map((e) => seq(e.id))).toEqual([seq(lastId) + 1, seq(lastId) + 2]);
  });

  it('a kill switch engaged from the operator CLI (another process) reaches the stream', async () => {
    const { opened, result: reading } = openEvents(
      `${server.url}/events`,
      { 'X-Operator-Key': TEST_OPERATOR_KEY },
      (ev) => ev.some((e) => e.event === 'governor.kill-switch'),
      20_000,
    );
    await opened;
    const cli = fileURLToPath(new URL('../dist/operator-cli.js', import.meta.url));
    await promisify(execFile)(process.execPath, [cli, 'kill'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    });
    const { events } = await reading;
    expect(JSON.parse(events.find((e) => e.event === 'governor.kill-switch')?.data ?? '{}').data).toEqual({
      engaged: true,
      by: 'elsewhere',
    });
    await server.operator('/governor/unkill');
  });

  it('idle streams get heartbeats', async () => {
    // Heartbeats come every second here (EVENTS_HEARTBEAT_SECONDS=1); the reader stops at the second one, and its
    // time-out only bounds a server that sends none.
    const { comments } = await readEvents(`${server.url}/events`, key, (_, n) => n >= 2, 15_000);
    expect(comments).toBeGreaterThanOrEqual(2);
  });
});

describe('streamEvents', () => {
  let http: Server;
  let hub: EventHub;
  let url: string;
  beforeAll(async () => {
    hub = new EventHub({ retain: 100 });
    const app = express();
    app.get('/events', (req, res) => {
      void streamEvents({
        hub,
        req,
        res,
        lastEventId: req.get('last-event-id'),
        maxBufferedBytes: 64 * 1024,
      });
    });
    http = createServer(app);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  });
  afterAll(() => {
    hub.close();
    return new Promise<void>((resolve) => http.close(() => resolve()));
  });

  it('a consumer that does not read is dropped instead of growing the server’s memory', async () => {
    const port = Number(new URL(url).port);
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write('GET /events HTTP/1.1\r\nHost: x\r\n\r\n');
    socket.pause(); // never read
    await new Promise((r) => setTimeout(r, 100));
    expect(hub.subscribers).toBe(1);
    const big = 'x'.repeat(4_000);
    for (let i = 0; i < 5_000 && hub.subscribers > 0; i++) {
      hub.publish('test.big', { i, big });
      if (i % 200 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(hub.subscribers).toBe(0);
    socket.destroy();
  });

  it('the hub keeps the last N events; a client behind by more than N is told about the gap', () => {
    const small = new EventHub({ retain: 3 });
    const ids = Array.from({ length: 5 }, (_, i) => small.publish('t', { i }).id);
    expect(small.since(ids[3]).events.map((e) => e.data)).toEqual([{ i: 4 }]);
    expect(small.since(ids[3]).gap).toBe(false);
    const behind = small.since(ids[0]);
    expect(behind.events.map((e) => e.data)).toEqual([{ i: 2 }, { i: 3 }, { i: 4 }]);
    expect(behind.gap).toBe(true);
    expect(small.since('ffffffff-1').gap).toBe(true);
  });
});
