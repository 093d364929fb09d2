// Test-only: SQLite files in a temporary directory, closed and removed after the test file (vitest `afterAll`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll } from 'vitest';

/**
 * A temporary directory for one test file's databases: `connect(name)` opens (or reopens, for a restart) a file in
 * it (an absolute path from `path(name)` works too); `path(name)` names one. Everything opened is closed, and the directory removed, after the file's tests.
 *
 * @example
 * ```ts
 * const { connect } = tempDatabases('dca-store-');
 * const db = connect('restart.db');
 * ```
 */
export function tempDatabases(prefix: string): {
  connect(name: string, options?: Database.Options): Database.Database;
  path(name: string): string;
} {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const open: Database.Database[] = [];
  afterAll(() => {
    for (const db of open) if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    path: (name) => join(dir, name),
    connect: (name, options) => {
      const db = new Database(isAbsolute(name) ? name : join(dir, name), options);
      open.push(db);
      return db;
    },
  };
}
