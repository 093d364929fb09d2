import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { transitionOrder } from '../order/transitionOrder.js';
import { describeDcaStoreContract } from '../testing/dcaStoreContract.js';
import { advancedTo, T0, testFill, testOrder } from '../testing/fixtures.js';
import { tempDatabases } from '../testing/tempDatabases.js';
import { SqliteDcaStore } from './SqliteDcaStore.js';

const { connect, path } = tempDatabases('dca-store-');
let n = 0;

describeDcaStoreContract('SqliteDcaStore', {
  create: () => new SqliteDcaStore({ database: connect(`c${n++}.db`) }),
  // Two connections to one file: what two processes (or instances) sharing the database do.
  createShared: () => {
    const file = path(`shared${n++}.db`);
    return [
      new SqliteDcaStore({ database: connect(file, { timeout: 10_000 }) }),
      new SqliteDcaStore({ database: connect(file, { timeout: 10_000 }) }),
    ];
  },
});

const rows = (db: Database.Database, sql: string) => db.prepare(sql).all();

describe('SqliteDcaStore', () => {
  it('survives a reopen: orders, fills and schema version read back from a new connection', async () => {
    const file = path('reopen.db');
    let db = connect(file);
    const store = new SqliteDcaStore({ database: db });
    const order = testOrder({ interval: 'monthly', maxTotalIn: 10n ** 30n });
    await store.insertOrder(order);
    const taken = await store.commit({
      order: { ...advancedTo(order, 0, true), nextRunAt: Date.UTC(2025, 1, 1), dueAt: T0 },
      expected: { status: 'active', version: 1 },
      insertFills: [testFill(order, 0, 'pending')],
    });
    db.close();
    db = connect(file);
    const reopened = new SqliteDcaStore({ database: db });
    expect(await reopened.getOrder(order.id)).toEqual(taken);
    expect(await reopened.getFill(order.id, 0)).toEqual(testFill(order, 0, 'pending'));
    expect(rows(db, 'SELECT version FROM dca_migrations')).toEqual([{ version: 1 }, { version: 2 }]);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('stores amounts and prices as exact decimal TEXT', async () => {
    const db = connect('text.db');
    const store = new SqliteDcaStore({ database: db });
    const order = testOrder({
      amountPerFill: 2n ** 256n - 1n,
      maxPrice: { numerator: 10n, denominator: 4n },
    });
    await store.insertOrder(order);
    expect(
      db.prepare('SELECT amount_per_fill, typeof(amount_per_fill) AS t, max_price FROM dca_orders').get(),
    ).toEqual({ amount_per_fill: (2n ** 256n - 1n).toString(), t: 'text', max_price: '5/2' });
  });

  it('refuses to write inside a transaction it did not open, and writes nothing', async () => {
    const db = connect('foreign.db');
    const store = new SqliteDcaStore({ database: db });
    const order = testOrder();
    db.exec('BEGIN');
    await expect(store.insertOrder(order)).rejects.toMatchObject({ code: 'DCA_STORE_FAILURE' });
    await expect(store.claimDue({ now: T0, limit: 1, owner: 'a', leaseMs: 1 })).rejects.toMatchObject({
      code: 'DCA_STORE_FAILURE',
    });
    db.exec('ROLLBACK');
    expect(await store.getOrder(order.id)).toBeNull();
    await store.insertOrder(order);
    expect(await store.getOrder(order.id)).toEqual(order);
  });

  it('refuses a database whose DCA schema is newer than this package', () => {
    const db = connect('newer.db');
    new SqliteDcaStore({ database: db });
    db.prepare('INSERT INTO dca_migrations VALUES (3, 0)').run();
    expect(() => new SqliteDcaStore({ database: db })).toThrow(
      expect.objectContaining({ code: 'DCA_STORE_FAILURE' }),
    );
  });

  it('reports a corrupt row as DCA_STORE_FAILURE, never as a made-up value', async () => {
    const db = connect('corrupt.db');
    const store = new SqliteDcaStore({ database: db });
    const order = testOrder();
    await store.insertOrder(order);
    db.prepare("UPDATE dca_orders SET spent = '1e5'").run();
    await expect(store.getOrder(order.id)).rejects.toMatchObject({ code: 'DCA_STORE_FAILURE' });
  });

  it('a failed write rolls back all of it: the order update and the fills before the duplicate', async () => {
    const db = connect('atomic.db');
    const store = new SqliteDcaStore({ database: db });
    const order = testOrder();
    await store.insertOrder(order);
    const taken = await store.commit({
      order: advancedTo(order, 0, false),
      expected: { status: 'active', version: 1 },
      insertFills: [testFill(order, 0, 'skipped')],
    });
    await expect(
      store.commit({
        order: transitionOrder({ order: advancedTo(taken, 2, false), command: { type: 'pause' }, now: T0 }),
        expected: { status: 'active', version: 2 },
        insertFills: [testFill(order, 1, 'skipped'), testFill(order, 0, 'skipped')],
      }),
    ).rejects.toMatchObject({ code: 'DCA_FILL_EXISTS' });
    expect(rows(db, 'SELECT status, version, next_slot FROM dca_orders')).toEqual([
      { status: 'active', version: 2, next_slot: 1 },
    ]);
    expect(rows(db, 'SELECT slot FROM dca_fills')).toEqual([{ slot: 0 }]);
  });
});
