// Test-only: one throwaway PostgreSQL database per test file (dropped after it), a pool on it, and a fresh schema
// per call of `schema()` so each contract test starts from empty tables.
import { type CreateTestDatabaseReturnType, createTestDatabase } from '@org/devnet';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

/**
 * Registers the file's database (vitest `beforeAll`/`afterAll`); `pool()` is the shared pool, `newPool()` one more
 * (another "instance"), `schema()` a schema name never used before in this file.
 */
export function postgresTestPool(prefix: string): {
  pool(): pg.Pool;
  newPool(): pg.Pool;
  schema(): string;
} {
  let database: CreateTestDatabaseReturnType | undefined;
  const pools: pg.Pool[] = [];
  let n = 0;
  const newPool = () => {
    if (database === undefined) throw new Error('postgresTestPool: used before beforeAll');
    const p = new pg.Pool({ connectionString: database.url, max: 4 });
    // An idle connection the server closes (the database dropped at the end) is not a test failure.
    p.on('error', () => undefined);
    pools.push(p);
    return p;
  };
  beforeAll(async () => {
    database = await createTestDatabase({ prefix });
  });
  afterAll(async () => {
    await Promise.all(pools.filter((p) => !(p as pg.Pool & { ended?: boolean }).ended).map((p) => p.end()));
    await database?.drop();
  });
  return {
    pool: () => pools[0] ?? newPool(),
    newPool,
    schema: () => `s${n++}`,
  };
}
