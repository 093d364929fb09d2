import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../openDatabase.js';
import { probeSqliteWrite } from './probeSqliteWrite.js';

const dirs: string[] = [];
const open = () => {
  const dir = mkdtempSync(join(tmpdir(), 'probe-write-'));
  dirs.push(dir);
  return openDatabase({ dataDir: dir });
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('probeSqliteWrite', () => {
  it('true while the database reads and writes; false while it is read-only; true again afterwards', () => {
    const database = open();
    expect(probeSqliteWrite(database, () => 1)).toBe(true);
    expect(database.prepare('SELECT at FROM health_probe').get()).toEqual({ at: 1 });
    // A read-only database still reads (so a read alone said "ok"), but cannot record spend.
    database.pragma('query_only = ON');
    expect(database.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 });
    expect(probeSqliteWrite(database)).toBe(false);
    expect(database.inTransaction).toBe(false);
    database.pragma('query_only = OFF');
    expect(probeSqliteWrite(database, () => 2)).toBe(true);
    expect(database.prepare('SELECT at FROM health_probe').get()).toEqual({ at: 2 });
    database.close();
  });

  it('never joins a transaction it did not open: inside one it only reads', () => {
    const database = open();
    database.exec('BEGIN');
    expect(probeSqliteWrite(database)).toBe(true);
    database.exec('ROLLBACK');
    expect(
      database.prepare("SELECT name FROM sqlite_master WHERE name = 'health_probe'").get(),
    ).toBeUndefined();
    database.close();
  });

  it('false once closed', () => {
    const database = open();
    database.close();
    expect(probeSqliteWrite(database)).toBe(false);
  });
});
