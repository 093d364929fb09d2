import { tempDatabases } from './testing/tempDatabases.js';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { executionColumns } from './executionRows.js';
import { GATEWAY_MIGRATIONS } from './migrations.js';
import { SqliteExecutionStore } from './SqliteExecutionStore.js';
import {
  testExecutionRecord,
  testHash,
  testPreparingRecord,
  testTransaction,
} from './testing/executionFixtures.js';
import { describeExecutionStoreContract } from './testing/executionStoreContract.js';

const { connect: connectFile, path } = tempDatabases('gateway-executions-');
const connect = (name: string) => connectFile(name);

let n = 0;
describeExecutionStoreContract(
  'SqliteExecutionStore',
  () => new SqliteExecutionStore({ database: connect(`c${n++}.db`) }),
);

/** Rows of the gateway tables, read with plain SQL (not through the store). */
function countRows(db: Database.Database): { executions: number; transactions: number } {
  return {
    executions: (db.prepare('SELECT COUNT(*) AS n FROM gateway_executions').get() as { n: number }).n,
    transactions: (db.prepare('SELECT COUNT(*) AS n FROM gateway_transactions').get() as { n: number }).n,
  };
}

describe('SqliteExecutionStore', () => {
  it('survives a reopen: every field reads back from a new connection', async () => {
    const file = path('reopen.db');
    let db = connect(file);
    const store = new SqliteExecutionStore({ database: db });
    const full = testExecutionRecord();
    await store.insert(full);
    await store.insert(testPreparingRecord({ id: 'exe_p', createdAt: 1 }));
    const signed = await store.addTransaction({
      id: 'exe_p',
      expected: { status: 'preparing', version: 0 },
      transaction: testTransaction({ hash: testHash(7), nonce: 3 }),
      at: 2,
    });
    db.close();

    db = connect(file);
    const reopened = new SqliteExecutionStore({ database: db });
    expect(await reopened.get(full.id)).toEqual(full);
    expect(await reopened.get('exe_p')).toEqual(signed);
    expect((await reopened.listUnsettled()).map((r) => r.id)).toEqual(['exe_p']);
    expect(db.prepare('SELECT version FROM gateway_migrations').all()).toEqual([
      { version: 1 },
      { version: 2 },
      { version: 3 },
      { version: 4 },
    ]);
  });

  it('migrates a version-2 database: its records read back at version 0 with the new fields null, and take CAS writes', async () => {
    const db = connect('v2.db');
    // The schema as version 2 left it, with one unsettled record written by that version.
    db.exec('CREATE TABLE gateway_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)');
    for (const [i, sql] of GATEWAY_MIGRATIONS.slice(0, 2).entries()) {
      db.exec(sql);
      db.prepare('INSERT INTO gateway_migrations (version, applied_at) VALUES (?, 0)').run(i + 1);
    }
    const old = testPreparingRecord({ id: 'exe_old', status: 'pending', valueWei: 5n, reservationId: 'r1' });
    db.prepare(`INSERT INTO gateway_executions VALUES (${Array(19).fill('?').join(', ')})`).run(
      ...executionColumns(old).slice(0, 19),
    );
    const store = new SqliteExecutionStore({ database: db });
    expect(await store.get('exe_old')).toEqual(old);
    const next = await store.update({
      id: 'exe_old',
      expected: { status: 'pending', version: 0 },
      patch: { status: 'confirmed', feeReservedWei: 3n },
      at: 9,
    });
    expect(next).toMatchObject({ status: 'confirmed', version: 1, feeReservedWei: 3n });
    expect(db.prepare("SELECT version FROM gateway_executions WHERE id = 'exe_old'").get()).toEqual({
      version: 1,
    });
  });

  it('migrates a version-3 database: a mined record reads back without a block hash, and takes one by CAS', async () => {
    const db = connect('v3.db');
    db.exec('CREATE TABLE gateway_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)');
    for (const [i, sql] of GATEWAY_MIGRATIONS.slice(0, 3).entries()) {
      db.exec(sql);
      db.prepare('INSERT INTO gateway_migrations (version, applied_at) VALUES (?, 0)').run(i + 1);
    }
    const old = testExecutionRecord({ id: 'exe_v3', blockHash: null });
    db.prepare(`INSERT INTO gateway_executions VALUES (${Array(24).fill('?').join(', ')})`).run(
      ...executionColumns(old).slice(0, 24),
    );
    const store = new SqliteExecutionStore({ database: db });
    expect(await store.get('exe_v3')).toMatchObject({ blockNumber: 21_000_000, blockHash: null });
    const hash = `0x${'ab'.repeat(32)}` as const;
    const next = await store.update({
      id: 'exe_v3',
      expected: { status: old.status, version: old.version },
      patch: { blockHash: hash },
      at: old.updatedAt + 1,
    });
    expect(next).toMatchObject({ blockHash: hash, version: old.version + 1 });
    expect(db.prepare("SELECT block_hash FROM gateway_executions WHERE id = 'exe_v3'").get()).toEqual({
      block_hash: hash,
    });
  });

  it('stores amounts as exact decimal TEXT', async () => {
    const db = connect('text.db');
    const store = new SqliteExecutionStore({ database: db });
    await store.insert(testExecutionRecord());
    expect(
      db.prepare('SELECT value_wei, fee_wei, typeof(value_wei) AS t FROM gateway_executions').get(),
    ).toEqual({
      value_wei: (2n ** 256n - 1n).toString(),
      fee_wei: '123456789012345678901',
      t: 'text',
    });
    expect(db.prepare('SELECT max_fee_per_gas FROM gateway_transactions').get()).toEqual({
      max_fee_per_gas: (2n ** 128n + 5n).toString(),
    });
  });

  it('never joins a caller transaction: every write refuses, and neither ROLLBACK nor COMMIT leaks anything', async () => {
    const db = connect('foreign.db');
    const store = new SqliteExecutionStore({ database: db });
    await store.insert(testPreparingRecord({ id: 'exe_existing' }));
    const before = await store.get('exe_existing');

    for (const end of ['ROLLBACK', 'COMMIT']) {
      db.exec('BEGIN');
      const writes = await Promise.allSettled([
        store.insert(testPreparingRecord({ id: `exe_new_${end}` })),
        store.update({
          id: 'exe_existing',
          expected: { status: 'preparing', version: 0 },
          patch: { status: 'failed', code: 'X' },
          at: 50,
        }),
        store.addTransaction({
          id: 'exe_existing',
          expected: { status: 'preparing', version: 0 },
          transaction: testTransaction({ hash: testHash(8) }),
          at: 51,
        }),
      ]);
      for (const w of writes) {
        expect(w.status).toBe('rejected');
        expect((w as PromiseRejectedResult).reason).toMatchObject({
          code: 'STORE_FAILURE',
          shortMessage: expect.stringContaining('transaction it did not open'),
        });
      }
      await expect(store.get('exe_existing')).rejects.toMatchObject({ code: 'STORE_FAILURE' });
      await expect(store.list({ limit: 10 })).rejects.toMatchObject({ code: 'STORE_FAILURE' });
      await expect(store.listUnsettled()).rejects.toMatchObject({ code: 'STORE_FAILURE' });
      expect(db.inTransaction).toBe(true);
      db.exec(end);
      expect(await store.get(`exe_new_${end}`)).toBeNull();
      expect(await store.get('exe_existing')).toEqual(before);
      expect(countRows(db)).toEqual({ executions: 1, transactions: 0 });
    }
    // And works again once the caller's transaction is over.
    await store.update({
      id: 'exe_existing',
      expected: { status: 'preparing', version: 0 },
      patch: { status: 'failed' },
      at: 60,
    });
    expect((await store.get('exe_existing'))?.status).toBe('failed');
  });

  it('refuses to be constructed inside a caller transaction', () => {
    const db = connect('foreign-ctor.db');
    db.exec('BEGIN');
    expect(() => new SqliteExecutionStore({ database: db })).toThrow(
      expect.objectContaining({ code: 'STORE_FAILURE' }),
    );
    db.exec('ROLLBACK');
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'gateway_%'").all()).toEqual([]);
  });

  it('raises the connection to synchronous=FULL, never lowers it, and switches to WAL', () => {
    const off = connect('sync-off.db');
    off.pragma('synchronous = OFF');
    new SqliteExecutionStore({ database: off });
    expect(off.pragma('synchronous', { simple: true })).toBe(2);
    expect(off.pragma('journal_mode', { simple: true })).toBe('wal');
    const normal = connect('sync-normal.db');
    normal.pragma('synchronous = NORMAL');
    new SqliteExecutionStore({ database: normal });
    expect(normal.pragma('synchronous', { simple: true })).toBe(2);
    const extra = connect('sync-extra.db');
    extra.pragma('synchronous = EXTRA');
    new SqliteExecutionStore({ database: extra });
    expect(extra.pragma('synchronous', { simple: true })).toBe(3);
  });

  it('two connections on one file see each other’s writes', async () => {
    const file = path('two.db');
    const a = new SqliteExecutionStore({ database: connect(file) });
    const b = new SqliteExecutionStore({ database: connect(file) });
    await a.insert(testPreparingRecord({ id: 'exe_1', createdAt: 1 }));
    expect((await b.get('exe_1'))?.status).toBe('preparing');
    await b.addTransaction({
      id: 'exe_1',
      expected: { status: 'preparing', version: 0 },
      transaction: testTransaction(),
      at: 2,
    });
    expect((await a.get('exe_1'))?.transactions).toEqual([testTransaction()]);
    await expect(b.insert(testPreparingRecord({ id: 'exe_1' }))).rejects.toMatchObject({
      code: 'EXECUTION_EXISTS',
    });
    await b.insert(testPreparingRecord({ id: 'exe_2', createdAt: 2 }));
    expect((await a.list({ limit: 10 })).items.map((r) => r.id)).toEqual(['exe_2', 'exe_1']);
  });

  it('two connections that read the same version: only the first compare-and-set wins, the other writes nothing', async () => {
    const file = path('cas.db');
    const a = new SqliteExecutionStore({ database: connect(file) });
    const b = new SqliteExecutionStore({ database: connect(file) });
    await a.insert(testPreparingRecord({ id: 'exe_cas', status: 'pending' }));
    const readA = (await a.get('exe_cas'))!;
    const readB = (await b.get('exe_cas'))!;
    const won = await a.update({
      id: 'exe_cas',
      expected: { status: readA.status, version: readA.version },
      patch: { status: 'confirmed', feeWei: 1n },
      at: 5,
    });
    const lost = await b.update({
      id: 'exe_cas',
      expected: { status: readB.status, version: readB.version },
      patch: { status: 'failed', code: 'NONCE_CONSUMED' },
      at: 6,
    });
    const lostTx = await b.addTransaction({
      id: 'exe_cas',
      expected: { status: readB.status, version: readB.version },
      transaction: testTransaction({ hash: testHash(77) }),
      at: 7,
    });
    expect(won).toMatchObject({ status: 'confirmed', version: 1 });
    expect(lost).toBeNull();
    expect(lostTx).toBeNull();
    expect(await b.get('exe_cas')).toEqual(won);
  });

  it('a write blocked by another connection’s write lock fails with STORE_FAILURE and writes nothing', async () => {
    const file = path('busy.db');
    const db = connectFile(file, { timeout: 50 });
    const store = new SqliteExecutionStore({ database: db });
    const other = connect(file);
    other.exec('BEGIN IMMEDIATE');
    await expect(store.insert(testPreparingRecord())).rejects.toMatchObject({ code: 'STORE_FAILURE' });
    other.exec('ROLLBACK');
    expect(db.inTransaction).toBe(false);
    expect(await store.get(testPreparingRecord().id)).toBeNull();
  });

  it('migrates idempotently, owns only gateway_ tables, and refuses a newer schema', () => {
    const file = path('schema.db');
    const db = connect(file);
    new SqliteExecutionStore({ database: db });
    new SqliteExecutionStore({ database: connect(file) });
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
    expect(tables).toEqual([
      { name: 'gateway_confirmations' },
      { name: 'gateway_executions' },
      { name: 'gateway_idempotency_keys' },
      { name: 'gateway_migrations' },
      { name: 'gateway_transactions' },
    ]);
    expect(db.prepare('SELECT version FROM gateway_migrations').all()).toEqual([
      { version: 1 },
      { version: 2 },
      { version: 3 },
      { version: 4 },
    ]);
    db.prepare('INSERT INTO gateway_migrations (version, applied_at) VALUES (5, 0)').run();
    expect(() => new SqliteExecutionStore({ database: connect(file) })).toThrow(
      expect.objectContaining({ code: 'STORE_FAILURE', message: expect.stringContaining('newer') }),
    );
  });

  it('reports a corrupt row as STORE_FAILURE instead of guessing an amount', async () => {
    const db = connect('corrupt.db');
    const store = new SqliteExecutionStore({ database: db });
    await store.insert(testExecutionRecord());
    db.prepare("UPDATE gateway_executions SET value_wei = '1e18'").run();
    await expect(store.get(testExecutionRecord().id)).rejects.toMatchObject({ code: 'STORE_FAILURE' });
    await expect(
      store.update({
        id: testExecutionRecord().id,
        expected: { status: 'confirmed', version: 0 },
        patch: { status: 'failed' },
        at: 1,
      }),
    ).rejects.toMatchObject({ code: 'STORE_FAILURE' });
    db.prepare("UPDATE gateway_executions SET value_wei = '1', status = 'weird'").run();
    await expect(store.list({ limit: 5 })).rejects.toMatchObject({ code: 'STORE_FAILURE' });
  });

  it('refuses something that is not a database', () => {
    expect(() => new SqliteExecutionStore({ database: {} as never })).toThrow(
      expect.objectContaining({ code: 'STORE_FAILURE' }),
    );
  });
});
