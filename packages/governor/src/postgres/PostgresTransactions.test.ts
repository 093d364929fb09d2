import { createTestDatabase, type CreateTestDatabaseReturnType } from '@org/devnet';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresTransactions } from './PostgresTransactions.js';

/** A package's own error classes, as the stores of chain-evm or dca have them. */
class PackageFailure extends Error {
  readonly code = 'PACKAGE_FAILURE';
}
class PackageRefusal extends Error {
  readonly code = 'PACKAGE_REFUSAL';
}

let database: CreateTestDatabaseReturnType;
let pool: pg.Pool;
const migrations = {
  label: 'notes',
  migrations: ['CREATE TABLE notes (id text PRIMARY KEY)', 'ALTER TABLE notes ADD COLUMN body text'],
};
const connection = (schema: string, pools: pg.Pool = pool) =>
  new PostgresTransactions({
    pool: pools,
    schema,
    owner: 'NoteStore',
    migrations,
    failure: (message, cause) => new PackageFailure(message, { cause }),
    isTyped: (error) => error instanceof PackageRefusal || error instanceof PackageFailure,
  });
const count = async (db: PostgresTransactions) =>
  Number((await pool.query(`SELECT count(*)::int AS n FROM ${db.t('notes')}`)).rows[0]?.n);

beforeAll(async () => {
  database = await createTestDatabase({ prefix: 'pgtx' });
  pool = new pg.Pool({ connectionString: database.url, max: 6 });
  pool.on('error', () => undefined);
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('PostgresTransactions', () => {
  it('migrates once, under a lock, however many connections start together', async () => {
    const dbs = Array.from({ length: 5 }, () => connection('together'));
    await Promise.all(
      dbs.map((db, i) =>
        db.transaction((c) => c.query(`INSERT INTO ${db.t('notes')} VALUES ($1, 'x')`, [`n${i}`])),
      ),
    );
    const { rows } = await pool.query('SELECT version FROM together.notes_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual([1, 2]);
    expect(await count(dbs[0] as PostgresTransactions)).toBe(5);
  });

  it("never joins a transaction it did not open: a transaction inside another's work runs on a connection of its own", async () => {
    const db = connection('own');
    const pids: number[] = [];
    await expect(
      db.transaction(async (outer) => {
        pids.push(Number((await outer.query('SELECT pg_backend_pid() AS pid')).rows[0]?.pid));
        await db.transaction(async (inner) => {
          pids.push(Number((await inner.query('SELECT pg_backend_pid() AS pid')).rows[0]?.pid));
          await inner.query(`INSERT INTO ${db.t('notes')} (id) VALUES ('inner')`);
        });
        await outer.query(`INSERT INTO ${db.t('notes')} (id) VALUES ('outer')`);
        throw new PackageRefusal('refused');
      }),
    ).rejects.toBeInstanceOf(PackageRefusal);
    expect(pids[0]).not.toBe(pids[1]);
    const { rows } = await pool.query('SELECT id FROM own.notes ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual(['inner']);
  });

  it("passes the package's typed errors through as they are and rolls the work back", async () => {
    const db = connection('typed');
    const refusal = new PackageRefusal('taken');
    await expect(
      db.transaction(async (c) => {
        await c.query(`INSERT INTO ${db.t('notes')} (id) VALUES ('a')`);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await count(db)).toBe(0);
  });

  it("turns any other error into the package's typed failure, keeping the cause, and destroys that connection", async () => {
    const db = connection('infra');
    const error = await db
      .transaction((c) => c.query(`INSERT INTO ${db.t('missing')} (id) VALUES ('a')`))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PackageFailure);
    expect((error as PackageFailure).message).toBe('NoteStore: the database failed.');
    expect(String((error as PackageFailure).cause)).toMatch(/does not exist/);
    // The pool still serves (the broken connection was not given back in a failed state).
    await db.transaction((c) => c.query(`INSERT INTO ${db.t('notes')} (id) VALUES ('b')`));
    expect(await count(db)).toBe(1);
  });

  it('refuses a schema newer than its migrations, a pool that cannot connect, and bad arguments, with the typed failure', async () => {
    await connection('newer').transaction(async () => undefined);
    await pool.query('INSERT INTO newer.notes_migrations (version) VALUES (3)');
    await expect(connection('newer').transaction(async () => undefined)).rejects.toThrow(
      /notes schema version 3, newer than this package supports \(2\)/,
    );
    const dead = new pg.Pool({
      connectionString: 'postgres://postgres@127.0.0.1:9/none',
      connectionTimeoutMillis: 500,
    });
    dead.on('error', () => undefined);
    await expect(connection('public', dead).transaction(async () => undefined)).rejects.toBeInstanceOf(
      PackageFailure,
    );
    await dead.end();
    expect(() => connection('public', {} as never)).toThrow(PackageFailure);
    expect(() => connection('x"; drop table y; --')).toThrow(/Invalid schema name for NoteStore/);
  });
});
