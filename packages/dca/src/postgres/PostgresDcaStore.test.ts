import { type CreateTestDatabaseReturnType, createTestDatabase } from '@org/devnet';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDcaStoreContract } from '../testing/dcaStoreContract.js';
import { T0, testOrder } from '../testing/fixtures.js';
import { PostgresDcaStore } from './PostgresDcaStore.js';

let database: CreateTestDatabaseReturnType;
const pools: pg.Pool[] = [];
const newPool = () => {
  const p = new pg.Pool({ connectionString: database.url, max: 4 });
  p.on('error', () => undefined);
  pools.push(p);
  return p;
};
beforeAll(async () => {
  database = await createTestDatabase({ prefix: 'dca_store' });
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await database?.drop();
});
const shared = () => pools[0] ?? newPool();
let n = 0;

describeDcaStoreContract('PostgresDcaStore', {
  create: () => new PostgresDcaStore({ pool: shared(), schema: `c${n++}` }),
  // Two pools on one schema: what two server instances sharing the database do.
  createShared: () => {
    const schema = `shared${n++}`;
    return [
      new PostgresDcaStore({ pool: newPool(), schema }),
      new PostgresDcaStore({ pool: newPool(), schema }),
    ];
  },
});

describe('PostgresDcaStore across instances', () => {
  it('50 due orders, 5 instances claiming at once (FOR UPDATE SKIP LOCKED): every order leased exactly once', async () => {
    const schema = `race${n++}`;
    const stores = Array.from({ length: 5 }, () => new PostgresDcaStore({ pool: newPool(), schema }));
    for (let i = 0; i < 50; i++) {
      await stores[0]?.insertOrder(testOrder({}, { id: `o${String(i).padStart(2, '0')}` }));
    }
    const claimed = await Promise.all(
      stores.map((store, i) => store.claimDue({ now: T0 + 1e9, limit: 20, owner: `i${i}`, leaseMs: 60_000 })),
    );
    const ids = claimed.flat().map((o) => o.id);
    expect(ids).toHaveLength(new Set(ids).size);
    // Each instance asked for 20: together they took all 50, none twice.
    expect(new Set(ids).size).toBe(50);
  });
});

describe('PostgresDcaStore failures', () => {
  it('an unreachable database or a bad schema name is DCA_STORE_FAILURE, its own typed error', async () => {
    const dead = new pg.Pool({
      connectionString: 'postgres://postgres@127.0.0.1:9/none',
      connectionTimeoutMillis: 300,
    });
    dead.on('error', () => undefined);
    pools.push(dead);
    await expect(new PostgresDcaStore({ pool: dead }).getOrder('o1')).rejects.toMatchObject({
      name: 'DcaStoreError',
      code: 'DCA_STORE_FAILURE',
    });
    expect(() => new PostgresDcaStore({ pool: dead, schema: 'no-t valid' })).toThrow(
      expect.objectContaining({ code: 'DCA_STORE_FAILURE' }),
    );
  });
});
