import { createTestDatabase, type CreateTestDatabaseReturnType } from '@org/devnet';
import Database from 'better-sqlite3';
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

describe('checkChainIdentity', () => {
  it('records the genesis at the first start, matches it later, refuses another genesis unless re-based', async () => {
    const database = new Database(':memory:');
    const check = (genesis: string, rebase: readonly number[] | 'all' = []) =>
      checkChainIdentity({ database, dataDir: '/data', chains: [probe(genesis, 100)], rebase, at: 1 });
    expect(await check(GENESIS_A)).toEqual([{ chainId: 1, status: 'recorded', genesisHash: GENESIS_A }]);
    expect(await check(GENESIS_A.toUpperCase().replace('0X', '0x'))).toMatchObject([{ status: 'matches' }]);
    const refused = await check(GENESIS_B).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ChainIdentityError);
    expect((refused as Error).message).toBe(
      `DATA_DIR /data holds records made on another instance of chain ethereum (1): its genesis block is ${GENESIS_B}, ` +
        `the data was made on a chain whose genesis is ${GENESIS_A}. Point DATA_DIR at a new directory, or set ` +
        'REBASE_CHAIN_DATA=1 to keep the data and re-base it on this chain.',
    );
    await expect(check(GENESIS_B, [2])).rejects.toThrow(ChainIdentityError);
    expect(await check(GENESIS_B, 'all')).toMatchObject([{ status: 'rebased', genesisHash: GENESIS_B }]);
    expect(await check(GENESIS_B)).toMatchObject([{ status: 'matches' }]);
  });

  it('refuses a head below the positions the data stores; a node that does not answer is skipped', async () => {
    const database = new Database(':memory:');
    database.exec(
      'CREATE TABLE approval_scans (chain_id INTEGER, owner TEXT, from_block INTEGER, to_block INTEGER, updated_at INTEGER)',
    );
    database.prepare('INSERT INTO approval_scans VALUES (1, ?, 0, 500, 0)').run('0x00');
    const down = { id: 1, name: 'ethereum', read: async () => Promise.reject(new Error('ECONNREFUSED')) };
    expect(await checkChainIdentity({ database, dataDir: '/d', chains: [down], rebase: [] })).toEqual([
      { chainId: 1, status: 'unreachable', genesisHash: null },
    ]);
    await expect(
      checkChainIdentity({ database, dataDir: '/d', chains: [probe(GENESIS_A, 499)], rebase: [] }),
    ).rejects.toThrow(
      /its head is block 499, below the blocks the data refers to \(it has records up to block 500\)/,
    );
    expect(
      await checkChainIdentity({ database, dataDir: '/d', chains: [probe(GENESIS_A, 500)], rebase: [] }),
    ).toMatchObject([{ status: 'recorded' }]);
  });
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
