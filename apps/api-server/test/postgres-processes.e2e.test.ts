import {
  createTestDatabase,
  type CreateTestDatabaseReturnType,
  type StartDevnetReturnType,
  startDevnet,
} from '@org/devnet';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvents, readEvents, type SseEvent } from './helpers/readEvents.js';
import type { InstanceProcess } from './helpers/startInstanceProcess.js';
import { startServerProcesses } from './helpers/startServerProcesses.js';
import { TEST_API_KEY, TEST_OPERATOR_KEY } from './helpers/startTestServer.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';

// Issue 35's proof with three PRODUCTION processes: `node dist/start.js` ×3, started as the README's deployment
// section says (one DATABASE_URL, one wallet; per instance its own address, port and DATA_DIR), on one throwaway
// PostgreSQL database and one devnet (a block every second). Requests are spread across the instances; every
// on-chain effect is read from the devnet directly.
const ACCOUNT = 8;
let devnet: StartDevnetReturnType;
let database: CreateTestDatabaseReturnType;
let reader: JsonRpcProvider;
let instances: InstanceProcess[] = [];

/** The environment every instance shares (README, "Deployment"): nothing here differs between them. */
function sharedEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...swapServerEnv(devnet, devnet.rpcUrl, ACCOUNT),
    DATABASE_URL: database.url,
    WEB3_API_KEY: TEST_API_KEY,
    WEB3_OPERATOR_KEY: TEST_OPERATOR_KEY,
    YIELD_DEFILLAMA_BASE_URL: 'http://127.0.0.1:9',
    LIFI_BASE_URL: 'http://127.0.0.1:9',
    GOVERNOR_MAX_PER_TX: '1',
    GOVERNOR_DAILY_LIMIT: '1000',
    GOVERNOR_SESSION_LIMIT: '1000',
    RECEIPT_TIMEOUT_MS: '60000',
    TX_REPLACE_AFTER_MS: '600000',
    JOB_LEASE_SECONDS: '2',
    DCA_TICK_SECONDS: '1',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

beforeAll(async () => {
  devnet = await startDevnet({ blockTime: 1 });
  database = await createTestDatabase({ prefix: 'api_processes' });
  reader = devnetReader(devnet);
  instances = await startServerProcesses(3, sharedEnv());
}, 180_000);
afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  reader?.destroy();
  await database?.drop();
  await devnet?.stop();
});

const instance = (name: string) => instances.find((i) => i.name === name) as InstanceProcess;
const wallet = () => devnet.manifest.accounts[ACCOUNT]?.address as string;
const usdc = () => devnet.manifest.tokens.usdc.address;
const swap = (server: InstanceProcess, amountIn = '0.001', key?: string) =>
  server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify({ tokenIn: 'ETH', tokenOut: usdc(), amountIn }),
  });
const codeOf = async (res: Response) => ((await res.json()) as { code?: string }).code;

describe('three production processes on one PostgreSQL', () => {
  it('kill on A → the next decision on B and C is refused; unkill by the operator on C → allowed again', async () => {
    const before = await reader.getTransactionCount(wallet());
    expect((await instance('A').call('/governor/kill', { method: 'POST' })).status).toBe(200);
    for (const name of ['B', 'C']) {
      const refused = await swap(instance(name));
      expect(refused.status).toBe(403);
      expect(await codeOf(refused)).toBe('KILL_SWITCH_ENGAGED');
    }
    // Nothing was signed while the switch was engaged.
    expect(await reader.getTransactionCount(wallet())).toBe(before);
    expect((await instance('C').operator('/governor/unkill')).status).toBe(200);
    const allowed = await swap(instance('B'));
    expect(allowed.status, await allowed.clone().text()).toBe(200);
    const { execution } = (await allowed.json()) as { execution: { status: string; txHash: string } };
    expect(execution.status).toBe('confirmed');
    expect((await reader.getTransactionReceipt(execution.txHash))?.status).toBe(1);
  }, 120_000);

  it('an event raised on A arrives on a stream opened on C; a reconnect on B with the last id replays the rest', async () => {
    const key = { 'x-api-key': TEST_API_KEY };
    const byApi = (events: SseEvent[]) =>
      events.filter((e) => e.event === 'governor.kill-switch' && JSON.parse(e.data).data.by === 'api');
    const { opened, result } = openEvents(
      `${instance('C').url}/events`,
      key,
      (ev) => byApi(ev).length >= 1,
      20_000,
    );
    await opened;
    expect((await instance('A').call('/governor/kill', { method: 'POST' })).status).toBe(200);
    const onC = byApi((await result).events);
    expect(onC.map((e) => JSON.parse(e.data).data.engaged)).toEqual([true]);
    const lastId = onC[0]?.id as string;
    // No stream open: A's operator releases the switch; B replays it from C's last id.
    expect((await instance('A').operator('/governor/unkill')).status).toBe(200);
    const replay = await readEvents(
      `${instance('B').url}/events`,
      { ...key, 'Last-Event-ID': lastId },
      (ev) => ev.some((e) => e.event === 'governor.kill-switch' && JSON.parse(e.data).data.engaged === false),
      20_000,
    );
    expect(replay.events.some((e) => e.event === 'gap')).toBe(false);
    const released = replay.events.filter((e) => e.event === 'governor.kill-switch');
    expect(released.at(-1) && JSON.parse(released.at(-1)?.data as string).data.engaged).toBe(false);
    // One sequence across the instances: B's replay starts right after C's last id.
    const seq = (id: string | undefined) => Number(id?.split('-')[1]);
    expect(seq(replay.events[0]?.id)).toBeGreaterThan(seq(lastId));
    expect(replay.events[0]?.id?.split('-')[0]).toBe(lastId.split('-')[0]);
  }, 60_000);
});
