// Governor reservations per second on PostgreSQL: 64 concurrent callers spread over 3 "instances" (3 pools, one
// database), each a reserve → commit under one shared daily cap; p50/p99 of one reserve. The serialisation point is
// the one `governor_state` row (`SELECT … FOR UPDATE`): the figure is what one wallet's decisions can sustain.
// Run: pnpm --filter @org/governor bench (after the SQLite bench). Best of 3 runs (the machine is shared).
import { createTestDatabase } from '@org/devnet';
import pg from 'pg';
import { Governor } from '../src/Governor.js';
import { PostgresSpendLedger } from '../src/postgres/PostgresSpendLedger.js';

const HUGE = 10n ** 30n;
const INSTANCES = 3;
const CALLERS = 64;
const OPS = 1_200;

const database = await createTestDatabase({ prefix: 'governor_bench' });
const pools = Array.from({ length: INSTANCES }, () => {
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  pool.on('error', () => undefined);
  return pool;
});
const rows: Record<string, string | number>[] = [];
try {
  for (let run = 0; run < 3; run++) {
    const schema = `bench${run}`;
    const governors = pools.map(
      (pool) =>
        new Governor({
          ledger: new PostgresSpendLedger({ pool, schema, databaseClock: true }),
          policy: { maxPerTx: HUGE, dailyLimit: HUGE, sessionLimit: HUGE },
        }),
    );
    await governors[0]?.status();
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CALLERS }, async (_, caller) => {
        const governor = governors[caller % INSTANCES] as Governor;
        while (next < OPS) {
          next++;
          const t = performance.now();
          const d = await governor.reserve({ action: 'swap', value: 1n });
          latencies.push(performance.now() - t);
          if (d.reservationId) await governor.commit({ id: d.reservationId });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => (latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(1);
    rows.push({
      run,
      'reserve+commit/s': Math.round(OPS / seconds),
      'reserve p50 ms': at(0.5),
      'reserve p99 ms': at(0.99),
    });
  }
  console.log(
    `PostgreSQL ledger, ${INSTANCES} instances, ${CALLERS} concurrent callers, ${OPS} decisions per run`,
  );
  console.table(rows);
} finally {
  await Promise.all(pools.map((p) => p.end()));
  await database.drop();
}
