import { tempDatabases } from './testing/tempDatabases.js';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { IdempotencyState } from '../types.js';
import { SqliteIdempotencyStore } from './SqliteIdempotencyStore.js';
import { describeIdempotencyStoreContract } from './testing/idempotencyStoreContract.js';

const { connect: connectFile, path } = tempDatabases('gateway-idempotency-');
const connect = (name: string) => connectFile(name);

let n = 0;
describeIdempotencyStoreContract(
  'SqliteIdempotencyStore',
  () => new SqliteIdempotencyStore({ database: connect(`c${n++}.db`) }),
);

const keyRows = (db: Database.Database) =>
  db.prepare('SELECT key, request_hash, response FROM gateway_idempotency_keys ORDER BY key').all();

describe('SqliteIdempotencyStore', () => {
  it('survives a reopen: in-progress keys stay in progress (a crash never releases them), done keys keep their response', async () => {
    const file = path('reopen.db');
    let db = connect(file);
    const store = new SqliteIdempotencyStore({ database: db });
    await store.claim({ key: 'running', requestHash: 'h1', at: 1 });
    await store.claim({ key: 'finished', requestHash: 'h2', at: 1 });
    await store.complete({ key: 'finished', response: { status: 200, body: { id: 'exe_9' } }, at: 2 });
    db.close();

    db = connect(file);
    const reopened = new SqliteIdempotencyStore({ database: db });
    expect(await reopened.claim({ key: 'running', requestHash: 'hX', at: 3 })).toEqual({
      state: 'in_progress',
      requestHash: 'h1',
    });
    expect(await reopened.claim({ key: 'finished', requestHash: 'hX', at: 3 })).toEqual({
      state: 'done',
      requestHash: 'h2',
      response: { status: 200, body: { id: 'exe_9' } },
    });
  });

  it('claims stay exclusive across two connections to one file, and each sees the other’s completion', async () => {
    const file = path('two.db');
    const a = new SqliteIdempotencyStore({ database: connect(file) });
    const b = new SqliteIdempotencyStore({ database: connect(file) });
    const states = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 === 0 ? a : b).claim({ key: 'shared', requestHash: `h${i}`, at: i }),
      ),
    );
    const winners = states.flatMap((s, i) => (s.state === 'claimed' ? [i] : []));
    expect(winners).toHaveLength(1);
    for (const s of states) {
      if (s.state !== 'claimed') expect(s).toEqual({ state: 'in_progress', requestHash: `h${winners[0]}` });
    }
    const winner = winners[0] as number;
    const [owner, otherStore] = winner % 2 === 0 ? [a, b] : [b, a];
    await expect(
      otherStore.complete({ key: 'missing', response: { status: 200, body: null }, at: 60 }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_NOT_IN_PROGRESS' });
    await owner.complete({ key: 'shared', response: { status: 202, body: 'accepted' }, at: 61 });
    const seen: IdempotencyState = await otherStore.claim({ key: 'shared', requestHash: 'late', at: 62 });
    expect(seen).toEqual({
      state: 'done',
      requestHash: `h${winner}`,
      response: { status: 202, body: 'accepted' },
    });
  });

  it('a claim waiting on another connection’s write lock fails (STORE_FAILURE) rather than claim blindly', async () => {
    const file = path('busy.db');
    const db = connectFile(file, { timeout: 50 });
    const store = new SqliteIdempotencyStore({ database: db });
    const other = connect(file);
    // The other connection takes the key under its write lock and has not committed yet.
    other.exec('BEGIN IMMEDIATE');
    other
      .prepare(
        "INSERT INTO gateway_idempotency_keys (key, request_hash, claimed_at) VALUES ('k', 'other', 1)",
      )
      .run();
    await expect(store.claim({ key: 'k', requestHash: 'mine', at: 2 })).rejects.toMatchObject({
      code: 'STORE_FAILURE',
    });
    other.exec('COMMIT');
    expect(await store.claim({ key: 'k', requestHash: 'mine', at: 3 })).toEqual({
      state: 'in_progress',
      requestHash: 'other',
    });
  });

  it('never joins a caller transaction: claim, complete and abandon refuse; neither ROLLBACK nor COMMIT leaks anything', async () => {
    const db = connect('foreign.db');
    const store = new SqliteIdempotencyStore({ database: db });
    await store.claim({ key: 'running', requestHash: 'h', at: 1 });
    const before = keyRows(db);

    for (const end of ['ROLLBACK', 'COMMIT']) {
      db.exec('BEGIN');
      const calls = await Promise.allSettled([
        store.claim({ key: `new-${end}`, requestHash: 'h', at: 2 }),
        store.claim({ key: 'running', requestHash: 'h', at: 2 }),
        store.complete({ key: 'running', response: { status: 200, body: null }, at: 3 }),
        store.abandon({ key: 'running' }),
      ]);
      for (const c of calls) {
        expect(c.status).toBe('rejected');
        expect((c as PromiseRejectedResult).reason).toMatchObject({
          code: 'STORE_FAILURE',
          shortMessage: expect.stringContaining('transaction it did not open'),
        });
      }
      expect(db.inTransaction).toBe(true);
      db.exec(end);
      expect(keyRows(db)).toEqual(before);
    }
    expect(await store.claim({ key: 'new-COMMIT', requestHash: 'h', at: 4 })).toEqual({ state: 'claimed' });
  });

  it('raises the connection to synchronous=FULL and never lowers it', () => {
    const off = connect('sync-off.db');
    off.pragma('synchronous = OFF');
    new SqliteIdempotencyStore({ database: off });
    expect(off.pragma('synchronous', { simple: true })).toBe(2);
    const extra = connect('sync-extra.db');
    extra.pragma('synchronous = EXTRA');
    new SqliteIdempotencyStore({ database: extra });
    expect(extra.pragma('synchronous', { simple: true })).toBe(3);
  });

  it('shares the gateway schema with the execution store on one handle and refuses a newer one', () => {
    const file = path('schema.db');
    const db = connect(file);
    new SqliteIdempotencyStore({ database: db });
    expect(db.prepare('SELECT version FROM gateway_migrations').all()).toEqual([
      { version: 1 },
      { version: 2 },
      { version: 3 },
      { version: 4 },
    ]);
    db.prepare('INSERT INTO gateway_migrations (version, applied_at) VALUES (5, 0)').run();
    expect(() => new SqliteIdempotencyStore({ database: connect(file) })).toThrow(
      expect.objectContaining({ code: 'STORE_FAILURE' }),
    );
  });

  it('reports a corrupt stored response as STORE_FAILURE', async () => {
    const db = connect('corrupt.db');
    const store = new SqliteIdempotencyStore({ database: db });
    await store.claim({ key: 'k', requestHash: 'h', at: 1 });
    await store.complete({ key: 'k', response: { status: 200, body: 1 }, at: 2 });
    db.prepare("UPDATE gateway_idempotency_keys SET response = '{not json'").run();
    await expect(store.claim({ key: 'k', requestHash: 'h', at: 3 })).rejects.toMatchObject({
      code: 'STORE_FAILURE',
    });
  });
});
