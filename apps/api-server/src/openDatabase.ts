import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Opens the one SQLite database of the app under `dataDir` (created if missing): WAL, `synchronous=FULL` (a
 * committed spend survives power loss, not only a crash), and a busy time-out so that a second process waits
 * instead of failing. Each package's store owns its own tables and migrations.
 */
export function openDatabase({ dataDir }: { dataDir: string }): Database.Database {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const database = new Database(join(dataDir, 'wallet-ops.sqlite'));
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('busy_timeout = 5000');
  return database;
}
