import { tempDatabases } from '../../gateway/store/testing/tempDatabases.js';
import { describe, expect, it } from 'vitest';
import { SqliteIdempotencyStore } from '../../gateway/store/SqliteIdempotencyStore.js';
import { SqliteApprovalScanStore } from './SqliteApprovalScanStore.js';
import { describeApprovalScanStoreContract } from './testing/approvalScanStoreContract.js';

const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const { connect: connectFile, path } = tempDatabases('approval-store-');
const connect = (name: string) => connectFile(name);

let n = 0;
describeApprovalScanStoreContract(
  'SqliteApprovalScanStore',
  () => new SqliteApprovalScanStore({ database: connect(`c${n++}.db`) }),
);

const candidate = {
  token: '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6' as const,
  spender: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9' as const,
  kind: 'erc20' as const,
  lastBlock: 5,
  lastTxHash: `0x${'ab'.repeat(32)}` as `0x${string}`,
  lastLogIndex: 1,
};

describe('SqliteApprovalScanStore', () => {
  it('survives a reopen and shares one handle with the gateway stores (own tables and migrations)', async () => {
    const file = path('reopen.db');
    let db = connect(file);
    new SqliteIdempotencyStore({ database: db });
    await new SqliteApprovalScanStore({ database: db }).commit({
      chainId: 31337,
      owner: OWNER,
      fromBlock: 0,
      toBlock: 9,
      candidates: [candidate],
      at: 1,
    });
    expect(db.prepare('SELECT version FROM approval_migrations').all()).toEqual([
      { version: 1 },
      { version: 2 },
    ]);
    expect(db.prepare('SELECT version FROM gateway_migrations').all()).toEqual([
      { version: 1 },
      { version: 2 },
      { version: 3 },
      { version: 4 },
    ]);
    db.close();
    db = connect(file);
    expect(
      await new SqliteApprovalScanStore({ database: db }).load({ chainId: 31337, owner: OWNER }),
    ).toEqual({
      chainId: 31337,
      owner: OWNER,
      fromBlock: 0,
      toBlock: 9,
      candidates: [candidate],
      checkpoints: [],
      updatedAt: 1,
    });
  });

  it('never joins a caller transaction: commit refuses, neither ROLLBACK nor COMMIT leaks anything', async () => {
    const db = connect('foreign.db');
    const store = new SqliteApprovalScanStore({ database: db });
    for (const end of ['ROLLBACK', 'COMMIT']) {
      db.exec('BEGIN');
      await expect(
        store.commit({ chainId: 1, owner: OWNER, fromBlock: 0, toBlock: 1, candidates: [candidate], at: 1 }),
      ).rejects.toMatchObject({
        code: 'STORE_FAILURE',
        shortMessage: expect.stringContaining('did not open'),
      });
      db.exec(end);
      expect(await store.load({ chainId: 1, owner: OWNER })).toBeNull();
    }
  });

  it('refuses a newer schema and reports corrupt rows as STORE_FAILURE', async () => {
    const file = path('schema.db');
    const db = connect(file);
    const store = new SqliteApprovalScanStore({ database: db });
    await store.commit({
      chainId: 1,
      owner: OWNER,
      fromBlock: 0,
      toBlock: 1,
      candidates: [candidate],
      at: 1,
    });
    db.prepare("UPDATE approval_candidates SET kind = 'nft'").run();
    await expect(store.load({ chainId: 1, owner: OWNER })).rejects.toMatchObject({ code: 'STORE_FAILURE' });
    db.prepare('INSERT INTO approval_migrations (version, applied_at) VALUES (9, 0)').run();
    expect(() => new SqliteApprovalScanStore({ database: connect(file) })).toThrow(
      expect.objectContaining({ code: 'STORE_FAILURE' }),
    );
  });

  it('raises the connection to synchronous=FULL', () => {
    const db = connect('sync.db');
    db.pragma('synchronous = OFF');
    new SqliteApprovalScanStore({ database: db });
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
  });
});
