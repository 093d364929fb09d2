import { describe, expect, it } from 'vitest';
import { SqliteOutstandingApprovalStore } from './SqliteOutstandingApprovalStore.js';
import { describeOutstandingApprovalStoreContract } from './testing/outstandingApprovalStoreContract.js';
import { tempDatabases } from './testing/tempDatabases.js';

const { connect, path } = tempDatabases('outstanding-approvals-');
let n = 0;
describeOutstandingApprovalStoreContract(
  'SqliteOutstandingApprovalStore',
  () => new SqliteOutstandingApprovalStore({ database: connect(`c${n++}.db`) }),
);

const row = {
  id: 'exe_approve',
  chainId: 31337,
  owner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  token: '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6',
  spender: '0x4631BCAbD6dF18D94796344963cB60d44a4136b6',
  amount: 100_000_000n,
  actionExecutionId: 'exe_bridge',
  createdAt: 1,
} as const;

describe('SqliteOutstandingApprovalStore', () => {
  it('survives a reopen (a restart): the outstanding row is still there to reset', async () => {
    const file = path('reopen.db');
    let db = connect(file);
    await new SqliteOutstandingApprovalStore({ database: db }).insert(row);
    db.close();
    db = connect(file);
    const reopened = new SqliteOutstandingApprovalStore({ database: db });
    expect((await reopened.listOutstanding(10)).map((r) => [r.id, r.amount, r.actionExecutionId])).toEqual([
      ['exe_approve', 100_000_000n, 'exe_bridge'],
    ]);
  });

  it('two connections to one file: one compare-and-set wins, the other reads null and sees the winner', async () => {
    const file = path('two.db');
    const a = new SqliteOutstandingApprovalStore({ database: connect(file) });
    const b = new SqliteOutstandingApprovalStore({ database: connect(file) });
    await a.insert(row);
    const [ra, rb] = await Promise.all([
      a.update('exe_approve', 0, { attempts: 1, at: 2 }),
      b.update('exe_approve', 0, { status: 'reset', at: 2 }),
    ]);
    expect([ra, rb].filter((r) => r !== null)).toHaveLength(1);
    expect((await b.get('exe_approve'))?.version).toBe(1);
  });

  it('never joins a caller transaction', async () => {
    const db = connect('foreign.db');
    const store = new SqliteOutstandingApprovalStore({ database: db });
    db.exec('BEGIN');
    await expect(store.insert(row)).rejects.toMatchObject({ code: 'STORE_FAILURE' });
    db.exec('ROLLBACK');
    expect(await store.get('exe_approve')).toBeNull();
  });

  it('keeps its own schema version table, next to the gateway tables', () => {
    const db = connect('schema.db');
    new SqliteOutstandingApprovalStore({ database: db });
    expect(db.prepare('SELECT version FROM outstanding_approval_migrations').all()).toEqual([{ version: 1 }]);
  });
});
