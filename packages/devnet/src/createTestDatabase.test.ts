import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './createTestDatabase.js';

describe('createTestDatabase', () => {
  it('creates an empty database of its own, usable at once, and drops it', async () => {
    const a = await createTestDatabase({ prefix: 'devnet' });
    const b = await createTestDatabase({ prefix: 'devnet' });
    expect(a.name).not.toBe(b.name);
    const client = new pg.Client({ connectionString: a.url });
    await client.connect();
    const { rows } = await client.query(
      "select current_database() as db, count(*)::int as tables from information_schema.tables where table_schema = 'public'",
    );
    expect(rows[0]).toEqual({ db: a.name, tables: 0 });
    await client.end();
    await a.drop();
    await b.drop();
    const admin = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    });
    await admin.connect();
    const left = await admin.query('select datname from pg_database where datname = any($1)', [
      [a.name, b.name],
    ]);
    await admin.end();
    expect(left.rows).toEqual([]);
  });

  it('says which variable to set when no server answers', async () => {
    await expect(
      createTestDatabase({ serverUrl: 'postgres://postgres@127.0.0.1:9/postgres' }),
    ).rejects.toThrow(
      /No PostgreSQL answers at postgres:\/\/postgres@127\.0\.0\.1:9\/postgres: set TEST_DATABASE_URL/,
    );
  });
});
