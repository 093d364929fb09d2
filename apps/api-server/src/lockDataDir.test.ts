import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE, lockDataDir } from './lockDataDir.js';

const dir = () => join(mkdtempSync(join(tmpdir(), 'lock-data-dir-')), 'data');

describe('lockDataDir (M20: one server process per data directory)', () => {
  it('a second server on the same data directory is refused with DATA_DIR_LOCKED and who holds it', () => {
    const dataDir = dir();
    const lock = lockDataDir({ dataDir });
    expect(JSON.parse(readFileSync(join(dataDir, DATA_DIR_LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      host: hostname(),
    });
    let error: unknown;
    try {
      lockDataDir({ dataDir });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'DATA_DIR_LOCKED' });
    expect((error as Error).message).toContain(`server process ${process.pid}`);
    lock.release();
    expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
    lockDataDir({ dataDir }).release(); // free again
  });

  it('a lock of another live process is refused; once that process is dead its lock is taken over', async () => {
    const dataDir = dir();
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    await new Promise((resolve) => child.once('spawn', resolve));
    const pid = child.pid as number;
    lockDataDir({ dataDir, pid }); // the child "holds" it
    expect(() => lockDataDir({ dataDir })).toThrow(/in use by server process/);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const lock = lockDataDir({ dataDir });
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('a half-written lock file (a crash while writing it) is taken over', () => {
    const dataDir = dir();
    lockDataDir({ dataDir }).release();
    writeFileSync(join(dataDir, DATA_DIR_LOCK_FILE), '{"pid":');
    const lock = lockDataDir({ dataDir });
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('a lock from another host is never taken over (its process cannot be checked from here)', () => {
    const dataDir = dir();
    lockDataDir({ dataDir }).release();
    writeFileSync(
      join(dataDir, DATA_DIR_LOCK_FILE),
      JSON.stringify({ pid: 999_999, host: 'elsewhere', since: 'x' }),
    );
    expect(() => lockDataDir({ dataDir, isAlive: () => false })).toThrow(/on elsewhere/);
  });

  it('release leaves a lock that is no longer this process’s', () => {
    const dataDir = dir();
    const lock = lockDataDir({ dataDir });
    writeFileSync(lock.path, JSON.stringify({ pid: 1, host: hostname(), since: 'later' }));
    lock.release();
    expect(existsSync(lock.path)).toBe(true);
  });
});
