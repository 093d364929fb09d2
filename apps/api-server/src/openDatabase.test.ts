import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './openDatabase.js';

describe('openDatabase', () => {
  it('opens the one app database durably: WAL, synchronous=FULL, a 5 s busy time-out, in a private directory', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'open-db-')), 'data');
    const db = openDatabase({ dataDir });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(db.name).toBe(join(dataDir, 'wallet-ops.sqlite'));
    } finally {
      db.close();
    }
  });
});
