import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** What {@link createTestDatabase} returns. */
export interface CreateTestDatabaseReturnType {
  /** `postgres://…/<name>`: the new, empty database. */
  readonly url: string;
  /** Its name. */
  readonly name: string;
  /** Drops it (closing what is still connected to it). */
  drop(): Promise<void>;
}

/** Parameters of {@link createTestDatabase}. */
export interface CreateTestDatabaseParameters {
  /** Prefix of the database's name (letters, digits and `_`), e.g. the test file's topic. */
  readonly prefix?: string;
  /**
   * The server to create it on. Default: `TEST_DATABASE_URL`, else the PostgreSQL the project's machines run on
   * 127.0.0.1:5432 (`.ci/run` installs and starts one where none answers).
   */
  readonly serverUrl?: string;
}

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A throwaway PostgreSQL database for one test file: created from `template0` (empty, a few milliseconds), dropped
 * with `drop()`. Each file gets its own, so test files stay independent and can run side by side.
 *
 * @example
 * ```ts
 * const db = await createTestDatabase({ prefix: 'governor' });
 * const pool = new pg.Pool({ connectionString: db.url });
 * // … tests …
 * await pool.end();
 * await db.drop();
 * ```
 */
export async function createTestDatabase({
  prefix = 'test',
  serverUrl = process.env.TEST_DATABASE_URL || DEFAULT_SERVER,
}: CreateTestDatabaseParameters = {}): Promise<CreateTestDatabaseReturnType> {
  if (!/^[a-z][a-z0-9_]{0,30}$/.test(prefix)) throw new Error(`invalid database prefix: ${prefix}`);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `No PostgreSQL answers at ${redact(serverUrl)}: set TEST_DATABASE_URL, or run .ci/run (it starts one)`,
      { cause: error },
    );
  }
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '[redacted]';
    return u.toString();
  } catch {
    return '[unparseable URL]';
  }
}
