// Decisions per second: pure evaluate, memory reserve+commit, SQLite reserve+commit (file, WAL).
// Run: pnpm --filter @org/governor bench. Each figure is the best of 3 runs (the machine is shared).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createPolicy } from '../src/createPolicy.js';
import { evaluate } from '../src/evaluate.js';
import { Governor } from '../src/Governor.js';
import { MemorySpendLedger } from '../src/MemorySpendLedger.js';
import { SqliteSpendLedger } from '../src/sqlite/SqliteSpendLedger.js';
import type { LedgerSnapshot, SpendLedger, SpendRequest } from '../src/types.js';

const HUGE = 10n ** 30n;
const REPEATS = 3;
const policy = createPolicy({ maxPerTx: HUGE, dailyLimit: HUGE, sessionLimit: HUGE });
const rows: { benchmark: string; operations: number; 'decisions/s': string }[] = [];

/** Runs `once` REPEATS times (each returns elapsed ms for `ops` operations) and records the best rate. */
async function best(benchmark: string, ops: number, once: () => number | Promise<number>): Promise<void> {
  let bestRate = 0;
  for (let i = 0; i < REPEATS; i++) bestRate = Math.max(bestRate, (ops / (await once())) * 1000);
  rows.push({ benchmark, operations: ops, 'decisions/s': Math.round(bestRate).toLocaleString('en-US') });
}

const state: LedgerSnapshot = {
  killed: false,
  daily: { committed: 123_000_000_000_000_000n, reserved: 4_000_000_000_000_000n },
  session: { committed: 50_000_000_000_000_000n, reserved: 0n },
};
const requests: [string, SpendRequest][] = [
  ['evaluate (value: bigint)', { action: 'swap', value: 10_000_000_000_000_000n }],
  ['evaluate (args: decimal string)', { action: 'swap', args: { amount: '0.01', token: 'USDC' } }],
  ['evaluate (args: number)', { action: 'bridge', args: { amount_in: 0.02 } }],
];
let sink = 0;

/** `callers` independent loops of reserve → commit on a fresh governor; returns elapsed ms. */
async function reserveCommit(ledger: SpendLedger, ops: number, callers: number): Promise<number> {
  const governor = new Governor({ ledger, policy: { maxPerTx: HUGE, dailyLimit: HUGE, sessionLimit: HUGE } });
  const loop = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const d = await governor.reserve({ action: 'swap', value: 1_000_000_000_000n });
      if (d.reservationId === null) throw new Error(`unexpected denial ${d.code}`);
      await governor.commit({ id: d.reservationId });
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: callers }, () => loop(ops / callers)));
  return performance.now() - start;
}

const dir = mkdtempSync(join(tmpdir(), 'governor-bench-'));
try {
  for (const [name, request] of requests) {
    await best(name, 2_000_000, () => {
      const start = performance.now();
      for (let i = 0; i < 2_000_000; i++) if (evaluate({ policy, request, state }).allowed) sink++;
      return performance.now() - start;
    });
  }
  await best('memory reserve+commit, 1 caller', 200_000, () =>
    reserveCommit(new MemorySpendLedger(), 200_000, 1),
  );
  let file = 0;
  // The ledger raises every connection to synchronous=FULL (a reservation is durable before it is reported).
  for (const synchronous of ['FULL'] as const) {
    for (const [callers, ops] of [
      [1, 10_000],
      [64, 64_000],
    ] as const) {
      const name = `sqlite reserve+commit (file, WAL, synchronous=${synchronous}), ${callers} caller${callers > 1 ? 's' : ''}`;
      await best(name, ops, async () => {
        const database = new Database(join(dir, `bench-${file++}.db`));
        database.pragma(`synchronous = ${synchronous}`);
        try {
          return await reserveCommit(new SqliteSpendLedger({ database }), ops, callers);
        } finally {
          database.close();
        }
      });
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (sink === 0) throw new Error('unexpected: nothing allowed');
console.log(`@org/governor bench — node ${process.version}, ${process.arch}, best of ${REPEATS}`);
console.table(rows);
console.log('Targets: ≥ 1,000,000/s pure evaluate, ≥ 20,000/s SQLite reserve+commit.');
