import {
  createTestDatabase,
  type CreateTestDatabaseReturnType,
  type StartDevnetReturnType,
  startDevnet,
} from '@org/devnet';
import { formatEther, type JsonRpcProvider, type TransactionResponse } from 'ethers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openEvents, readEvents, type SseEvent } from './helpers/readEvents.js';
import type { InstanceProcess } from './helpers/startInstanceProcess.js';
import { startServerProcesses } from './helpers/startServerProcesses.js';
import { TEST_API_KEY, TEST_OPERATOR_KEY } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';
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
    // One tick fills up to the sender window's worth of orders at once; a fill's fee share is not what is proven.
    DCA_CONCURRENCY: '16',
    DCA_MAX_FEE_SHARE: '10000',
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
/** Rows of a query on the shared database, read directly (never through an instance). */
async function query<T>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}
/** Every transaction the wallet sent in blocks `from`..`to`, read block by block from the devnet. */
async function walletTransactions(from: number, to: number): Promise<TransactionResponse[]> {
  const sent: TransactionResponse[] = [];
  for (let n = from; n <= to; n++) {
    const block = await reader.getBlock(n, true);
    for (const tx of block?.prefetchedTransactions ?? []) {
      if (tx.from.toLowerCase() === wallet().toLowerCase()) sent.push(tx);
    }
  }
  return sent;
}
/**
 * Waits until every nonce the instances allocated for the wallet (the durable cursor) is mined: nothing of an
 * earlier test (a pending transaction, a filler of a nonce given up) lands in the blocks the next test counts.
 */
async function walletQuiet(): Promise<void> {
  await until(
    'every allocated nonce mined',
    async () => {
      // The durable cursor, where the server keeps one (PostgreSQL with durable nonces).
      const [table] = await query<{ present: boolean }>(
        "SELECT to_regclass('gateway_nonce_cursors') IS NOT NULL AS present",
      );
      const [cursor] = table?.present
        ? await query<{ next: string }>(
            'SELECT next_nonce::text AS next FROM gateway_nonce_cursors WHERE lower(address) = lower($1)',
            [wallet()],
          )
        : [];
      const mined = await reader.getTransactionCount(wallet(), 'latest');
      const pending = await reader.getTransactionCount(wallet(), 'pending');
      return (cursor === undefined || Number(cursor.next) === mined) && pending === mined ? true : undefined;
    },
    { ms: 120_000, intervalMs: 500 },
  );
}
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

  it('60 concurrent swaps across the instances against a daily cap that fits exactly N: N confirmed on chain, the rest refused; committed spend = receipts to the wei; nonces contiguous, one set of bytes per nonce', async () => {
    const N = 8;
    const SWAPS = 60;
    await walletQuiet();
    // Each swap is charged 0.01 ETH + its worst-case fee (under 0.001 ETH on the devnet): the daily cap is set N ×
    // 0.011 ETH above what is already spent, so N fit and N + 1 do not (9 × 0.01 > 8 × 0.011).
    const status = (await (await instance('B').call('/governor/status')).json()) as {
      spent: { daily: { committed: { wei: string }; reserved: { wei: string } } };
    };
    expect(status.spent.daily.reserved.wei).toBe('0');
    const spentBefore = BigInt(status.spent.daily.committed.wei);
    const cap = spentBefore + BigInt(N) * 11_000_000_000_000_000n;
    const limits = await instance('C').operator('/governor/limits', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dailyLimit: formatEther(cap) }),
    });
    expect(limits.status, await limits.clone().text()).toBe(200);
    // Back to GOVERNOR_DAILY_LIMIT for what follows, whatever this test finds.
    onTestFinished(async () => {
      const reset = await instance('A').operator('/governor/limits', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dailyLimit: null }),
      });
      expect(reset.status).toBe(200);
    });
    await until('every instance reads the new cap', async () => {
      for (const server of instances) {
        const s = (await (await server.call('/governor/status')).json()) as {
          limits: { dailyLimit: { wei: string } };
        };
        if (BigInt(s.limits.dailyLimit.wei) !== cap) return undefined;
      }
      return true;
    });
    const fromBlock = (await reader.getBlockNumber()) + 1;
    const nonceBefore = await reader.getTransactionCount(wallet());
    const startedAt = Date.now();

    const answers = await Promise.all(
      Array.from({ length: SWAPS }, async (_, i) => {
        const res = await swap(instances[i % 3] as InstanceProcess, '0.01', `cap-proof-${i}`);
        const body = (await res.json()) as { code?: string; execution?: { id: string; status: string } };
        return { status: res.status, body };
      }),
    );
    const confirmed = answers.filter((a) => a.status === 200);
    expect(answers.map((a) => `${a.status} ${a.body.execution?.status ?? a.body.code}`).sort()).toEqual([
      ...Array(N).fill('200 confirmed'),
      ...Array(SWAPS - N).fill('403 DAILY_LIMIT_EXCEEDED'),
    ]);

    // On chain, read block by block: exactly N transactions of the wallet, all successful swaps, nonces contiguous.
    const sent = await walletTransactions(fromBlock, await reader.getBlockNumber());
    expect(sent.length).toBe(N);
    expect(sent.map((tx) => tx.nonce).sort((x, y) => x - y)).toEqual(
      Array.from({ length: N }, (_, i) => nonceBefore + i),
    );
    let spentOnChain = 0n;
    for (const tx of sent) {
      const receipt = await reader.getTransactionReceipt(tx.hash);
      expect(receipt?.status).toBe(1);
      spentOnChain += tx.value + (receipt?.gasUsed ?? 0n) * (receipt?.gasPrice ?? 0n);
    }
    // The executions that confirmed are exactly those transactions.
    const executions = await query<{ id: string; mined_hash: string; reservation_id: string }>(
      "SELECT id, mined_hash, reservation_id FROM gateway_executions WHERE status = 'confirmed' AND created_at >= $1",
      [startedAt],
    );
    expect(new Set(executions.map((e) => e.id))).toEqual(new Set(confirmed.map((a) => a.body.execution?.id)));
    expect(new Set(executions.map((e) => e.mined_hash))).toEqual(new Set(sent.map((tx) => tx.hash)));
    // Committed spend = the receipts' values + fees, to the wei: read from the ledger and from every instance.
    const committed = await query<{ total: string; open: number }>(
      `SELECT coalesce(sum(value) FILTER (WHERE status = 'committed'), 0)::text AS total,
              count(*) FILTER (WHERE status = 'reserved')::int AS open
         FROM governor_reservations WHERE id = ANY($1)`,
      [executions.map((e) => e.reservation_id)],
    );
    expect(committed).toEqual([{ total: String(spentOnChain), open: 0 }]);
    for (const server of instances) {
      const s = (await (await server.call('/governor/status')).json()) as {
        spent: { daily: { committed: { wei: string } } };
      };
      expect(BigInt(s.spent.daily.committed.wei)).toBe(spentBefore + spentOnChain);
    }
    // No nonce signed twice with different bytes, by any instance.
    const twice = await query<{ nonce: string }>(
      `SELECT t.nonce::text FROM gateway_transactions t JOIN gateway_executions e ON e.id = t.execution_id
        WHERE e.from_address ILIKE $1 GROUP BY t.nonce HAVING count(DISTINCT t.raw) > 1`,
      [wallet()],
    );
    expect(twice).toEqual([]);
    // The durable outbox holds one row per nonce allocated, each the very bytes the chain mined: no nonce given out
    // twice, none left as a hole (a filler would mark one).
    const outbox = await query<{ nonce: string; hash: string; kind: string }>(
      'SELECT nonce::text, hash, kind FROM gateway_nonce_outbox WHERE lower(address) = lower($1) AND nonce >= $2 ORDER BY nonce',
      [wallet(), nonceBefore],
    );
    expect(outbox.map((o) => [Number(o.nonce), o.hash.toLowerCase(), o.kind])).toEqual(
      [...sent]
        .sort((x, y) => x.nonce - y.nonce)
        .map((tx) => [tx.nonce, tx.hash.toLowerCase(), 'transaction']),
    );
  }, 240_000);

  it('reading an execution on one instance never interrupts one that another instance is still preparing', async () => {
    const a = instance('A');
    const WINDOW = 16; // MAX_PENDING_PER_SENDER (default): the 17th waits for a slot, still `preparing`
    await reader.send('evm_setIntervalMining', [0]);
    let answers: Promise<{ status: number; body: { code?: string; execution?: { status: string } } }>[] = [];
    let preparingAfterRead: string | undefined;
    try {
      answers = Array.from({ length: WINDOW + 1 }, async (_, i) => {
        const res = await swap(a, '0.001', `window-proof-${i}`);
        return {
          status: res.status,
          body: (await res.json()) as { code?: string; execution?: { status: string } },
        };
      });
      const waiting = await until(
        'the window full and one more execution preparing',
        async () => {
          const pool = (await reader.send('txpool_status', [])) as { pending: string };
          if (Number(pool.pending) < WINDOW) return undefined;
          const rows = await query<{ id: string; status: string }>(
            "SELECT id, status FROM gateway_executions WHERE idempotency_key LIKE '%window-proof-%' ORDER BY created_at",
          );
          const preparing = rows.filter((r) => r.status === 'preparing');
          const pending = rows.filter((r) => r.status === 'pending');
          return rows.length === WINDOW + 1 && preparing.length === 1 && pending.length > 0
            ? { preparing: preparing[0] as { id: string }, pending: pending[0] as { id: string } }
            : undefined;
        },
        { ms: 60_000, intervalMs: 100 },
      );
      // A client reads a pending execution through another instance (as a load balancer sends it).
      expect((await instance('C').call(`/executions/${waiting.pending.id}`)).status).toBe(200);
      const [row] = await query<{ status: string }>('SELECT status FROM gateway_executions WHERE id = $1', [
        waiting.preparing.id,
      ]);
      preparingAfterRead = row?.status;
    } finally {
      await reader.send('evm_setIntervalMining', [1]);
    }
    // Every answer is in (and every transaction mined) before anything is asserted: the next test starts clean.
    const settled = await Promise.all(answers);
    expect(preparingAfterRead).toBe('preparing');
    expect(settled.map((x) => `${x.status} ${x.body.execution?.status ?? x.body.code}`)).toEqual(
      Array(WINDOW + 1).fill('200 confirmed'),
    );
  }, 180_000);

  // The full run (100 orders × 10 slots, ~10 minutes at the 60 s minimum interval) with
  // DCA_PROOF_ORDERS=100 DCA_PROOF_SLOTS=10; by default a bounded run that keeps CI within its time.
  const ORDERS = Number(process.env.DCA_PROOF_ORDERS ?? 30);
  const SLOTS = Number(process.env.DCA_PROOF_SLOTS ?? 3);
  it(`${ORDERS} DCA orders over ${SLOTS} slots with the three instances ticking: every (order, slot) filled exactly once, counted on chain`, async () => {
    const INTERVAL = 60; // seconds: the shortest interval an order may have
    await walletQuiet();
    const fromBlock = (await reader.getBlockNumber()) + 1;
    const nonceBefore = await reader.getTransactionCount(wallet());
    // The orders are created across the instances (A, B, C, A, …), ten at a time.
    const ids: string[] = [];
    for (let i = 0; i < ORDERS; i += 10) {
      const created = await Promise.all(
        Array.from({ length: Math.min(10, ORDERS - i) }, async (_, j) => {
          const res = await (instances[(i + j) % 3] as InstanceProcess).call('/dca/orders', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              tokenIn: 'ETH',
              tokenOut: usdc(),
              amountPerFill: '0.0001',
              intervalSeconds: INTERVAL,
              maxFills: SLOTS,
            }),
          });
          expect(res.status, await res.clone().text()).toBe(201);
          return ((await res.json()) as { id: string }).id;
        }),
      );
      ids.push(...created);
    }
    // Bounded: the last order's last slot is due (SLOTS − 1) intervals after it was created.
    const deadline = Date.now() + (SLOTS * INTERVAL + 120) * 1_000;
    for (;;) {
      const [row] = await query<{ done: number }>(
        "SELECT count(*)::int AS done FROM dca_orders WHERE status = 'completed'",
      );
      const done = row?.done ?? 0;
      if (done === ORDERS) break;
      if (Date.now() > deadline) {
        const by = await query<{ status: string; code: string | null; n: number }>(
          'SELECT status, code, count(*)::int AS n FROM dca_fills GROUP BY 1, 2 ORDER BY 3 DESC',
        );
        throw new Error(`${done} of ${ORDERS} orders completed in time; fills: ${JSON.stringify(by)}`);
      }
      await new Promise((r) => setTimeout(r, 2_000));
    }
    const fills = await query<{ order_id: string; slot: string; status: string; tx_hash: string | null }>(
      'SELECT order_id, slot, status, tx_hash FROM dca_fills ORDER BY order_id, slot',
    );
    // Every (order, slot) once, every one filled (none skipped, failed or blocked).
    expect(new Set(fills.map((f) => `${f.order_id}:${f.slot}`)).size).toBe(ORDERS * SLOTS);
    expect(fills.filter((f) => f.status !== 'filled')).toEqual([]);
    expect(new Set(fills.map((f) => f.order_id))).toEqual(new Set(ids));

    // On chain: the wallet sent exactly ORDERS × SLOTS transactions, all swaps (to a Uniswap router), all mined
    // successfully, one per nonce, and they are exactly the fills' transactions.
    const toBlock = await reader.getBlockNumber();
    const sent = await walletTransactions(fromBlock, toBlock);
    expect(sent.length).toBe(ORDERS * SLOTS);
    const routers = [
      devnet.manifest.contracts.uniswapV2Router02,
      devnet.manifest.contracts.uniswapV3SwapRouter,
    ].map((a) => a.toLowerCase());
    expect(sent.filter((tx) => !routers.includes((tx.to ?? '').toLowerCase()))).toEqual([]);
    expect(new Set(sent.map((tx) => tx.hash))).toEqual(new Set(fills.map((f) => f.tx_hash)));
    expect(sent.map((tx) => tx.nonce).sort((x, y) => x - y)).toEqual(
      Array.from({ length: ORDERS * SLOTS }, (_, i) => nonceBefore + i),
    );
    for (const tx of sent) expect((await reader.getTransactionReceipt(tx.hash))?.status).toBe(1);
  }, 900_000);

  // Last: it leaves one instance dead.
  it('SIGKILL the instance that broadcast a swap (and runs the reconciler) before its receipt → another instance settles it, once', async () => {
    // The instance holding the reconciler's lease (`jobs_leases.owner` is host:pid:…) sends the swap and dies: the
    // reconciler must move to another instance for the swap to settle.
    const [lease] = await query<{ owner: string }>("SELECT owner FROM jobs_leases WHERE job = 'reconciler'");
    const a = instances.find((i) => lease?.owner.split(':')[1] === String(i.pid)) as InstanceProcess;
    expect(a).toBeDefined();
    const fromBlock = (await reader.getBlockNumber()) + 1;
    const nonceBefore = await reader.getTransactionCount(wallet());
    // No blocks while the swap waits in the mempool.
    await reader.send('evm_setIntervalMining', [0]);
    try {
      const answer = swap(a, '0.002', 'sigkill-proof').catch(() => null); // the connection dies with A
      const pending = await until(
        'the swap in the mempool',
        async () => {
          const pool = (await reader.send('txpool_status', [])) as { pending: string };
          if (BigInt(pool.pending) === 0n) return undefined;
          const rows = await query<{ id: string; status: string }>(
            "SELECT id, status FROM gateway_executions WHERE idempotency_key LIKE '%sigkill-proof%'",
          );
          return rows.length === 1 ? rows[0] : undefined;
        },
        { ms: 60_000, intervalMs: 100 },
      );
      expect(['signed', 'pending']).toContain(pending.status);
      await a.stop('SIGKILL');
      await answer;
    } finally {
      await reader.send('evm_setIntervalMining', [1]);
    }
    const [row] = await until(
      'the execution settled by another instance',
      async () => {
        const rows = await query<{
          id: string;
          status: string;
          mined_hash: string | null;
          fee_wei: string | null;
          reservation_id: string;
        }>(
          "SELECT id, status, mined_hash, fee_wei, reservation_id FROM gateway_executions WHERE idempotency_key LIKE '%sigkill-proof%'",
        );
        return rows[0]?.status === 'confirmed' ? rows : undefined;
      },
      { ms: 120_000, intervalMs: 250 },
    );
    // One transaction on chain, the one recorded; its value and fee committed once.
    const sent = await walletTransactions(fromBlock, await reader.getBlockNumber());
    expect(sent.map((tx) => tx.hash)).toEqual([row?.mined_hash]);
    expect(sent[0]?.nonce).toBe(nonceBefore);
    const receipt = await reader.getTransactionReceipt(row?.mined_hash as string);
    expect(receipt?.status).toBe(1);
    const fee = (receipt?.gasUsed ?? 0n) * (receipt?.gasPrice ?? 0n);
    expect(BigInt(row?.fee_wei ?? -1)).toBe(fee);
    const reservations = await query<{ status: string; value: string }>(
      'SELECT status, value::text AS value FROM governor_reservations WHERE id = $1',
      [row?.reservation_id],
    );
    expect(reservations).toEqual([{ status: 'committed', value: String((sent[0]?.value ?? 0n) + fee) }]);
    const settled = await query<{ n: number }>(
      "SELECT count(*)::int AS n FROM app_events WHERE type = 'execution.settled' AND data->>'executionId' = $1",
      [row?.id],
    );
    expect(settled).toEqual([{ n: 1 }]);
    // Settled by another instance (its audit line names the execution): the one that broadcast it is gone.
    const settledBy = instances.filter((i) =>
      i
        .output()
        .split('\n')
        .some((line) => line.includes('"gateway settled"') && line.includes(row?.id as string)),
    );
    expect(settledBy.map((i) => i.name)).toHaveLength(1);
    expect(settledBy[0]).not.toBe(a);
  }, 240_000);
});
