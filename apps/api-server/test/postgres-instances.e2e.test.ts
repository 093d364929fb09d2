import { devnetTokenList } from '@org/chain-evm';
import {
  createTestDatabase,
  type CreateTestDatabaseReturnType,
  type StartDevnetReturnType,
  startDevnet,
} from '@org/devnet';
import type { JsonRpcProvider } from 'ethers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { openEvents, readEvents, type SseEvent } from './helpers/readEvents.js';
import { startTestServer, TEST_API_KEY, type TestServer } from './helpers/startTestServer.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';

// Three server instances on one DATABASE_URL and one devnet wallet: the money path runs on the PostgreSQL stores, and
// what one instance records or decides (an execution, the kill switch, the daily cap) is what the others see. Every
// on-chain effect is read from the devnet directly.
let devnet: StartDevnetReturnType;
let database: CreateTestDatabaseReturnType;
let reader: JsonRpcProvider;
let a: TestServer;
let b: TestServer;
let c: TestServer;
const ACCOUNT = 7;

beforeAll(async () => {
  devnet = await startDevnet();
  database = await createTestDatabase({ prefix: 'api_instances' });
  reader = devnetReader(devnet);
  const env = {
    ...swapServerEnv(devnet, devnet.rpcUrl, ACCOUNT),
    DATABASE_URL: database.url,
    GOVERNOR_MAX_PER_TX: '0.05',
    // Each swap is charged 0.01 ETH + its worst-case fee (well under 0.001 ETH on the devnet): 2 fit, 3 do not.
    GOVERNOR_DAILY_LIMIT: '0.022',
    RECEIPT_TIMEOUT_MS: '20000',
    JOB_LEASE_SECONDS: '2',
  };
  const options = { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) };
  a = await startTestServer(env, options);
  b = await startTestServer(env, options);
  c = await startTestServer(env, options);
}, 120_000);
afterAll(async () => {
  reader?.destroy();
  await Promise.all([a?.close(), b?.close(), c?.close()]);
  await database?.drop();
  await devnet?.stop();
});

const swap = (server: TestServer) =>
  server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' }),
  });

describe('three instances on one PostgreSQL', () => {
  it('a swap on A is confirmed on chain and read on B; kill on A refuses on B and C; unkill on C allows again; the shared daily cap refuses the third swap on any instance', async () => {
    const wallet = devnet.manifest.accounts[ACCOUNT]?.address as string;
    const nonce = await reader.getTransactionCount(wallet);

    const first = await swap(a);
    expect(first.status).toBe(200);
    const done = (await first.json()) as SwapExecutionDto;
    expect(done.execution.status).toBe('confirmed');
    const receipt = await reader.getTransactionReceipt(done.execution.txHash as string);
    expect(receipt?.status).toBe(1);
    const onB = (await (await b.call(`/executions/${done.execution.id}`)).json()) as { status: string };
    expect(onB.status).toBe('confirmed');

    expect((await a.call('/governor/kill', { method: 'POST' })).status).toBe(200);
    for (const server of [b, c]) {
      const refused = await swap(server);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe('KILL_SWITCH_ENGAGED');
    }
    expect((await c.operator('/governor/unkill')).status).toBe(200);
    const second = await swap(b);
    expect(second.status).toBe(200);

    // Two swaps spent the shared daily cap: the third is refused whichever instance it reaches.
    const third = await swap(c);
    expect(third.status).toBe(403);
    expect(((await third.json()) as { code: string }).code).toBe('DAILY_LIMIT_EXCEEDED');
    expect(await reader.getTransactionCount(wallet)).toBe(nonce + 2);

    // The records are in PostgreSQL, read directly: two confirmed executions.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM gateway_executions WHERE status = 'confirmed' AND action = 'swap'",
    );
    // The nonces came from the shared durable allocator: one outbox row per nonce, holding what was mined.
    const outbox = await client.query(
      'SELECT nonce::int AS nonce, hash FROM gateway_nonce_outbox WHERE chain_id = 31337 AND address = $1 ORDER BY nonce',
      [wallet.toLowerCase()],
    );
    await client.end();
    expect(rows[0]).toEqual({ n: 2 });
    expect(outbox.rows.map((r) => r.nonce)).toEqual([nonce, nonce + 1]);
    expect(outbox.rows[0]?.hash).toBe((done.execution.txHash as string).toLowerCase());
  }, 120_000);

  it('an event raised on A arrives on a stream opened on C; a reconnect on B with the last id replays the rest', async () => {
    const key = { 'x-api-key': TEST_API_KEY };
    const kills = (events: SseEvent[]) =>
      events.filter((e) => e.event === 'governor.kill-switch' && JSON.parse(e.data).data.by === 'api');
    const { opened, result } = openEvents(`${c.url}/events`, key, (ev) => kills(ev).length >= 1, 15_000);
    await opened;
    expect((await a.call('/governor/kill', { method: 'POST' })).status).toBe(200);
    const onC = kills((await result).events);
    expect(onC.map((e) => JSON.parse(e.data).data.engaged)).toEqual([true]);
    const lastId = onC[0]?.id as string;
    // While no stream is open: A's operator releases the switch. B replays it from C's last id.
    expect((await a.operator('/governor/unkill')).status).toBe(200);
    const replay = await readEvents(
      `${b.url}/events`,
      { ...key, 'Last-Event-ID': lastId },
      (ev) => kills(ev).length >= 1,
      15_000,
    );
    expect(replay.events.some((e) => e.event === 'gap')).toBe(false);
    expect(kills(replay.events).map((e) => JSON.parse(e.data).data.engaged)).toEqual([false]);
    // Ids are shared: what B replays comes after C's last id, in the same sequence.
    const seq = (id: string | undefined) => Number(id?.split('-')[1]);
    expect(seq(replay.events[0]?.id)).toBeGreaterThan(seq(lastId));
    expect(replay.events[0]?.id?.split('-')[0]).toBe(lastId.split('-')[0]);
  }, 60_000);

  it('each once-only job runs on exactly one instance (jobs_leases), whichever it is', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query(
      'SELECT job, count(DISTINCT owner)::int AS owners FROM jobs_leases GROUP BY job ORDER BY job',
    );
    await client.end();
    expect(rows).toEqual(
      [
        'approval-resetter',
        'bridge-follower',
        'dca-scheduler',
        'held-actions',
        'reconciler',
        'watcher',
        'yield-sampler',
      ].map((job) => ({
        job,
        owners: 1,
      })),
    );
  });
});
