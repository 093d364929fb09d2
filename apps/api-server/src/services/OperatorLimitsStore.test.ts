import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CreateTestDatabaseReturnType, createTestDatabase } from '@org/devnet';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryOperatorLimitsStore, SqliteOperatorLimitsStore } from './OperatorLimitsStore.js';
import { describeOperatorLimitsStoreContract } from './operatorLimitsStoreContract.js';
import { PostgresOperatorLimitsStore } from './PostgresOperatorLimitsStore.js';

let database: CreateTestDatabaseReturnType;
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase({ prefix: 'operator_limits' });
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  pool.on('error', () => undefined);
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

const dir = mkdtempSync(join(tmpdir(), 'operator-limits-'));
let n = 0;
describeOperatorLimitsStoreContract('MemoryOperatorLimitsStore', () => new MemoryOperatorLimitsStore());
describeOperatorLimitsStoreContract(
  'SqliteOperatorLimitsStore',
  () => new SqliteOperatorLimitsStore({ database: new Database(join(dir, `l${n++}.db`)) }),
);
describeOperatorLimitsStoreContract(
  'PostgresOperatorLimitsStore',
  () => new PostgresOperatorLimitsStore({ pool, schema: `l${n++}` }),
);

describe('PostgresOperatorLimitsStore', () => {
  it('caps written by one instance are read by another', async () => {
    const a = new PostgresOperatorLimitsStore({ pool, schema: 'shared' });
    const b = new PostgresOperatorLimitsStore({ pool, schema: 'shared' });
    await a.write({
      maxPerTx: 3n,
      dailyLimit: null,
      sessionLimit: null,
      updatedAt: 5,
      updatedBy: 'operator',
    });
    expect((await b.read())?.maxPerTx).toBe(3n);
  });
});
