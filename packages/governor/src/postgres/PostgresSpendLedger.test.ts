import { createTestDatabase, type CreateTestDatabaseReturnType } from '@org/devnet';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Governor } from '../Governor.js';
import { parseEther } from '../parseEther.js';
import { describeLedgerContract, testClock } from '../testing/ledgerContract.js';
import { PostgresSpendLedger } from './PostgresSpendLedger.js';

const E = (text: string) => parseEther(text);
let database: CreateTestDatabaseReturnType;
const pools: pg.Pool[] = [];
const pool = () => {
  const p = new pg.Pool({ connectionString: database.url, max: 4 });
  // An idle connection the server closes (the database dropped at the end) is not a test failure.
  p.on('error', () => undefined);
  pools.push(p);
  return p;
};
let shared: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase({ prefix: 'governor' });
  shared = pool();
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await database?.drop();
});

// Each contract test gets an empty ledger: a schema of its own in the file's throwaway database.
let n = 0;
describeLedgerContract(
  'PostgresSpendLedger',
  () => new PostgresSpendLedger({ pool: shared, schema: `c${n++}` }),
);

describe('PostgresSpendLedger', () => {
  it('migrates once, under a lock, however many instances start together', async () => {
    const ledgers = Array.from(
      { length: 6 },
      () => new PostgresSpendLedger({ pool: pool(), schema: 'together' }),
    );
    await Promise.all(ledgers.map((l) => l.listOpenReservations()));
    const { rows } = await shared.query('SELECT version FROM together.governor_migrations');
    expect(rows).toEqual([{ version: 1 }]);
  });

  it('instances on separate pools share one cap: 40 concurrent reservations of 0.05 under 0.5 → exactly 10', async () => {
    const clock = testClock();
    const governors = [0, 1, 2, 3].map(
      (i) =>
        new Governor({
          ledger: new PostgresSpendLedger({ pool: pool(), schema: 'shared_cap' }),
          clock: clock.now,
          sessionId: `instance-${i}`,
          policy: { maxPerTx: E('0.05'), dailyLimit: E('0.5'), sessionLimit: E('10') },
        }),
    );
    await (governors[0] as Governor).status();
    const decisions = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (governors[i % 4] as Governor).reserve({ action: 'swap', value: E('0.05') }),
      ),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    expect(new Set(decisions.filter((d) => !d.allowed).map((d) => d.code))).toEqual(
      new Set(['DAILY_LIMIT_EXCEEDED']),
    );
    const { rows } = await shared.query(
      "SELECT count(*)::int AS n, sum(reserved_value)::text AS total FROM shared_cap.governor_reservations WHERE status = 'reserved'",
    );
    expect(rows[0]).toEqual({ n: 10, total: E('0.5').toString() });
  });

  it('a kill on one instance refuses the next decision on another; the release is seen as well', async () => {
    const a = new Governor({ ledger: new PostgresSpendLedger({ pool: pool(), schema: 'kill' }) });
    const b = new Governor({ ledger: new PostgresSpendLedger({ pool: pool(), schema: 'kill' }) });
    await a.kill();
    expect((await b.reserve({ action: 'swap', value: 1n })).code).toBe('KILL_SWITCH_ENGAGED');
    await a.unkill();
    expect((await b.reserve({ action: 'swap', value: 1n })).allowed).toBe(true);
  });

  it('with databaseClock, the window follows the database, not a process clock an hour off', async () => {
    const ledger = new PostgresSpendLedger({ pool: shared, schema: 'dbclock', databaseClock: true });
    const skewed = new Governor({
      ledger,
      clock: () => Date.now() + 3_600_000,
      policy: { maxPerTx: E('1'), dailyLimit: E('1'), sessionLimit: E('10') },
    });
    const d = await skewed.reserve({ action: 'swap', value: E('0.5') });
    await skewed.commit({ id: d.reservationId as string });
    const { rows } = await shared.query(
      'SELECT reserved_at, (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now FROM dbclock.governor_reservations',
    );
    const drift = Number(rows[0]?.now) - Number(rows[0]?.reserved_at);
    expect(drift).toBeGreaterThanOrEqual(0);
    expect(drift).toBeLessThan(60_000);
  });

  it('a database that cannot be reached fails closed with LEDGER_FAILURE, and records nothing', async () => {
    const dead = new pg.Pool({
      connectionString: 'postgres://postgres@127.0.0.1:9/none',
      connectionTimeoutMillis: 500,
    });
    dead.on('error', () => undefined);
    pools.push(dead);
    const governor = new Governor({ ledger: new PostgresSpendLedger({ pool: dead }) });
    await expect(governor.reserve({ action: 'swap', value: 1n })).rejects.toMatchObject({
      code: 'LEDGER_FAILURE',
    });
  });

  it('refuses what is not a pool, and a schema name that is not an identifier', () => {
    expect(() => new PostgresSpendLedger({ pool: {} as never })).toThrow(/needs a node-postgres Pool/);
    expect(() => new PostgresSpendLedger({ pool: shared, schema: 'x"; drop table y; --' })).toThrow(
      /Invalid schema/,
    );
  });
});
