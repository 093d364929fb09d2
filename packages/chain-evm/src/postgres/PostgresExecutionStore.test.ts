import { describe, expect, it } from 'vitest';
import { testPreparingRecord, testTransaction } from '../gateway/store/testing/executionFixtures.js';
import { describeExecutionStoreContract } from '../gateway/store/testing/executionStoreContract.js';
import { PostgresExecutionStore } from './PostgresExecutionStore.js';
import { postgresTestPool } from './testing/postgresTestPool.js';

const db = postgresTestPool('chain_executions');

describeExecutionStoreContract(
  'PostgresExecutionStore',
  () => new PostgresExecutionStore({ pool: db.pool(), schema: db.schema() }),
);

describe('PostgresExecutionStore across instances', () => {
  it('of 8 instances moving the same record at once, exactly one compare-and-set wins', async () => {
    const schema = db.schema();
    const stores = Array.from(
      { length: 8 },
      () => new PostgresExecutionStore({ pool: db.newPool(), schema }),
    );
    await stores[0]?.insert(testPreparingRecord({ id: 'exe_race' }));
    const results = await Promise.all(
      stores.map((store, i) =>
        store.addTransaction({
          id: 'exe_race',
          expected: { status: 'preparing', version: 0 },
          transaction: testTransaction({ nonce: i }),
          at: 10,
        }),
      ),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const winner = results.find((r) => r !== null);
    expect(await stores[7]?.get('exe_race')).toEqual(winner);
    const { rows } = await db
      .pool()
      .query(`SELECT count(*)::int AS n FROM ${schema}.gateway_transactions WHERE execution_id = 'exe_race'`);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('an unreachable database is STORE_FAILURE, not a crash or a silent null', async () => {
    const pg = await import('pg');
    const dead = new pg.default.Pool({
      connectionString: 'postgres://postgres@127.0.0.1:9/none',
      connectionTimeoutMillis: 300,
    });
    dead.on('error', () => undefined);
    await expect(new PostgresExecutionStore({ pool: dead }).get('exe_x')).rejects.toMatchObject({
      code: 'STORE_FAILURE',
    });
    await dead.end();
  });
});
