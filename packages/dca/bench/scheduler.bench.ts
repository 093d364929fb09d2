// Scheduler overhead per tick: 10,000 orders of which 100 are due, the executor excluded (it answers at once).
// Run: pnpm --filter @org/dca bench. Target: ≤ 50 ms per tick. Wall time depends on how busy the machine is (and,
// for SQLite, on the disk: every write is a durable commit); CPU time is this process's own work.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { DcaExecutor } from '../src/DcaExecutor.js';
import { createOrder } from '../src/order/createOrder.js';
import { DcaScheduler } from '../src/scheduler/DcaScheduler.js';
import { SqliteDcaStore } from '../src/sqlite/SqliteDcaStore.js';
import type { DcaStore } from '../src/store/DcaStore.js';
import { MemoryDcaStore } from '../src/store/MemoryDcaStore.js';

const ORDERS = 10_000;
const DUE = 100;
const TICKS = 15;
const T0 = Date.UTC(2025, 0, 1);
const MINUTE = 60_000;

const executor: DcaExecutor = {
  balance: async () => 10n ** 30n,
  quote: async ({ amountIn }) => ({ amountOut: amountIn * 2n, valueWei: 10n ** 18n, worstCaseFeeWei: 1n }),
  execute: async ({ amountIn, slot }) => ({
    status: 'filled',
    amountIn,
    amountOut: amountIn * 2n,
    txHash: `0x${slot.toString(16).padStart(64, '0')}`,
    feeWei: 21_000n,
  }),
  lookup: async () => null,
};

async function fill(store: DcaStore): Promise<void> {
  for (let i = 0; i < ORDERS; i++) {
    // 100 orders run every minute from T0; the others first run a day later.
    const firstRunAt = i < DUE ? T0 : T0 + 86_400_000 + i;
    await store.insertOrder(
      createOrder({
        input: {
          chainId: 8453,
          tokenIn: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
          tokenOut: '0x4200000000000000000000000000000000000006',
          amountPerFill: 25_000_000n,
          interval: 60,
          firstRunAt,
          slippageBps: 50,
        },
        now: T0,
        maxSlippageBps: 300,
        id: `bench-${String(i).padStart(5, '0')}`,
      }),
    );
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
const rows: Record<string, string | number>[] = [];

async function measure(name: string, store: DcaStore): Promise<void> {
  await fill(store);
  const scheduler = new DcaScheduler({ store, executor, concurrency: 8 });
  const times: number[] = [];
  const cpu: number[] = [];
  for (let k = 0; k <= TICKS; k++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    const summary = await scheduler.tick(T0 + k * MINUTE + 5_000);
    const elapsed = performance.now() - start;
    const used = process.cpuUsage(startCpu);
    if (summary.filled !== DUE || summary.claimed !== DUE)
      throw new Error(`tick ${k}: ${JSON.stringify(summary)}`);
    if (k > 0) {
      // The first tick warms up the JIT.
      times.push(elapsed);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  const idle: number[] = [];
  for (let k = 0; k < 20; k++) {
    const start = performance.now();
    await scheduler.tick(T0 + TICKS * MINUTE + 30_000); // nothing due
    idle.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  idle.sort((a, b) => a - b);
  rows.push({
    store: name,
    'orders / due': `${ORDERS} / ${DUE}`,
    'median ms/tick': percentile(times, 0.5).toFixed(1),
    'p95 ms/tick': percentile(times, 0.95).toFixed(1),
    'median CPU ms/tick': percentile(cpu, 0.5).toFixed(1),
    'ms per fill (median)': (percentile(times, 0.5) / DUE).toFixed(3),
    'idle tick ms (median)': percentile(idle, 0.5).toFixed(2),
  });
}

const dir = mkdtempSync(join(tmpdir(), 'dca-bench-'));
try {
  await measure('memory', new MemoryDcaStore());
  const database = new Database(join(dir, 'bench.db'));
  try {
    await measure('sqlite (file, WAL, synchronous=FULL)', new SqliteDcaStore({ database }));
  } finally {
    database.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.table(rows);
console.log('Target: ≤ 50 ms of scheduler overhead per tick (10,000 orders, 100 due, executor excluded).');
