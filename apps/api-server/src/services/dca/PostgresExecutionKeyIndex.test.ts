import { type CreateTestDatabaseReturnType, createTestDatabase } from '@org/devnet';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresExecutionKeyIndex } from './PostgresExecutionKeyIndex.js';

let database: CreateTestDatabaseReturnType;
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase({ prefix: 'execution_keys' });
  pool = new pg.Pool({ connectionString: database.url, max: 6 });
  pool.on('error', () => undefined);
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('PostgresExecutionKeyIndex', () => {
  it('one key, one execution: of 6 instances entering it at once exactly one wins; replace is compare-and-set', async () => {
    const indexes = Array.from({ length: 6 }, () => new PostgresExecutionKeyIndex({ pool }));
    const won = await Promise.all(
      indexes.map((index, i) => index.insert({ key: 'dca:o1:3', executionId: `exe_${i}`, at: 1 })),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    const stored = await indexes[5]?.get('dca:o1:3');
    expect(stored).toBe(`exe_${won.indexOf(true)}`);
    expect(await indexes[0]?.replace({ key: 'dca:o1:3', from: 'exe_other', to: 'exe_9', at: 2 })).toBe(false);
    expect(await indexes[0]?.replace({ key: 'dca:o1:3', from: stored as string, to: 'exe_9', at: 2 })).toBe(
      true,
    );
    expect(await indexes[1]?.get('dca:o1:3')).toBe('exe_9');
    expect(await indexes[1]?.get('dca:none:0')).toBeNull();
  });
});
