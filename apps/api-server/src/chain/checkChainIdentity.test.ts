import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ChainIdentityError } from './ChainIdentityError.js';
import { checkChainIdentity } from './checkChainIdentity.js';

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
