// Child process for the multi-process test: one scheduler instance on its own SQLite connection. On each message
// it ticks at the given time, then reports every idempotency key its executor was asked to execute.
import Database from 'better-sqlite3';
import type { DcaExecutor } from '../DcaExecutor.js';
import { DcaScheduler } from '../scheduler/DcaScheduler.js';
import { SqliteDcaStore } from '../sqlite/SqliteDcaStore.js';

process.on('disconnect', () => process.exit(1));

const [file, owner] = process.argv.slice(2) as [string, string];
const database = new Database(file, { timeout: 20_000 });
const store = new SqliteDcaStore({ database });
const executed: string[] = [];
const errors: string[] = [];
const executor: DcaExecutor = {
  balance: async () => 10n ** 30n,
  quote: async ({ amountIn }) => ({ amountOut: amountIn * 2n, valueWei: 10n ** 18n, worstCaseFeeWei: 1n }),
  execute: async ({ idempotencyKey, amountIn, slot }) => {
    executed.push(idempotencyKey);
    await new Promise((resolve) => setImmediate(resolve)); // let the other processes interleave
    return { status: 'filled', amountIn, amountOut: amountIn * 2n, txHash: `0x${slot.toString(16)}` };
  },
  lookup: async () => null,
};
const scheduler = new DcaScheduler({
  store,
  executor,
  owner,
  batchSize: 3,
  concurrency: 2,
  onError: (error) => errors.push(String(error)),
});

process.on('message', async (message: { now: number }) => {
  await scheduler.tick(message.now);
  process.send?.({ executed: executed.splice(0), errors: errors.splice(0) });
});
process.send?.({ ready: true });
