import { createTestDatabase, type CreateTestDatabaseReturnType } from '@org/devnet';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainIdentityError } from './ChainIdentityError.js';
import { checkChainIdentity } from './checkChainIdentity.js';
import { PostgresChainIdentityStore } from './PostgresChainIdentityStore.js';

const GENESIS_A = `0x${'a'.repeat(64)}`;
const GENESIS_B = `0x${'b'.repeat(64)}`;
const probe = (genesisHash: string, head: number) => ({
  id: 1,
  name: 'ethereum',
  read: async () => ({ genesisHash, head }),
});
let database: CreateTestDatabaseReturnType;
const pools: pg.Pool[] = [];
const newPool = () => {
  const pool = new pg.Pool({ connectionString: database.url, max: 3 });
  pool.on('error', () => undefined);
  pools.push(pool);
  return pool;
};

beforeAll(async () => {
  database = await createTestDatabase({ prefix: 'chain_identity' });
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await database?.drop();
});

describe('checkChainIdentity on PostgreSQL (every instance checks the one database at its start)', () => {
  it('records the genesis once for instances starting together, refuses another genesis naming DATABASE_URL, re-bases when told', async () => {
    const stores = Array.from(
      { length: 4 },
      () => new PostgresChainIdentityStore({ pool: newPool(), schema: 'g' }),
    );
    const reports = await Promise.all(
      stores.map((store) => checkChainIdentity({ store, chains: [probe(GENESIS_A, 100)], rebase: [] })),
    );
    expect(reports.flat().map((r) => r.genesisHash)).toEqual(Array(4).fill(GENESIS_A));
    const store = stores[0] as PostgresChainIdentityStore;
    const check = (genesis: string, rebase: readonly number[] | 'all' = []) =>
      checkChainIdentity({ store, chains: [probe(genesis, 100)], rebase, at: 1 });
    expect(await check(GENESIS_A)).toMatchObject([{ status: 'matches' }]);
    const refused = await check(GENESIS_B).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ChainIdentityError);
    expect((refused as Error).message).toBe(
      `The PostgreSQL database of DATABASE_URL holds records made on another instance of chain ethereum (1): its genesis block is ${GENESIS_B}, ` +
        `the data was made on a chain whose genesis is ${GENESIS_A}. Point DATABASE_URL at a new database, or set ` +
        'REBASE_CHAIN_DATA=1 to keep the data and re-base it on this chain.',
    );
    expect(await check(GENESIS_B, [1])).toMatchObject([{ status: 'rebased', genesisHash: GENESIS_B }]);
    // Another instance (its own pool) sees the re-based genesis.
    expect(
      await checkChainIdentity({
        store: stores[3] as PostgresChainIdentityStore,
        chains: [probe(GENESIS_B, 100)],
        rebase: [],
      }),
    ).toMatchObject([{ status: 'matches' }]);
  });

  it('refuses a head below the block positions the PostgreSQL stores hold (approval scans, mined executions)', async () => {
    const pool = newPool();
    await pool.query('CREATE SCHEMA p');
    await pool.query('CREATE TABLE p.approval_scans (chain_id bigint, owner text, to_block bigint)');
    await pool.query('CREATE TABLE p.gateway_executions (chain_id bigint, block_number bigint)');
    await pool.query("INSERT INTO p.approval_scans VALUES (1, '0x00', 700)");
    await pool.query('INSERT INTO p.gateway_executions VALUES (1, 500), (1, NULL), (2, 9000)');
    const store = new PostgresChainIdentityStore({ pool, schema: 'p' });
    expect(await store.lowestStoredPosition(1)).toBe(500);
    expect(await store.lowestStoredPosition(3)).toBeNull();
    await expect(checkChainIdentity({ store, chains: [probe(GENESIS_A, 499)], rebase: [] })).rejects.toThrow(
      /its head is block 499, below the blocks the data refers to \(it has records up to block 500\)/,
    );
    expect(await checkChainIdentity({ store, chains: [probe(GENESIS_A, 500)], rebase: [] })).toMatchObject([
      { status: 'recorded' },
    ]);
  });
});
