import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The lock file's name in `DATA_DIR`. */
export const DATA_DIR_LOCK_FILE = 'server.lock';

/** Another live server process holds the data directory (code `DATA_DIR_LOCKED`). */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  readonly code = 'DATA_DIR_LOCKED';
}

/** Parameters of {@link lockDataDir}. */
export interface LockDataDirParameters {
  readonly dataDir: string;
  /** This process (default `process.pid`). */
  readonly pid?: number;
  /** Whether a process of this host is alive (default: signal 0). */
  readonly isAlive?: (pid: number) => boolean;
}

/** A held lock: `release()` removes the file if it is still this process's. */
export interface DataDirLock {
  readonly path: string;
  release(): void;
}

interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    return Number.isSafeInteger(holder.pid) && typeof holder.host === 'string' ? (holder as Holder) : null;
  } catch {
    return null; // unreadable or half-written: a crash while writing it
  }
}

/**
 * Takes the data directory for this server process: `DATA_DIR/server.lock` (created exclusively, with the pid,
 * host and start time). Two servers on one data directory would share one DCA lease owner and race on the
 * execution-key take-over, so a second one is refused with `DATA_DIR_LOCKED` and a message naming the holder. A
 * lock left by a process that is gone (same host, pid not alive) is taken over. The operator CLI does not take it.
 *
 * @example
 * ```ts
 * const lock = lockDataDir({ dataDir: config.dataDir }); // throws DataDirLockedError when a server runs there
 * // … on close:
 * lock.release();
 * ```
 */
export function lockDataDir({
  dataDir,
  pid = process.pid,
  isAlive = processAlive,
}: LockDataDirParameters): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, DATA_DIR_LOCK_FILE);
  const me: Holder = { pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 1; ; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
    }
    const holder = readHolder(path);
    if (holder !== null && (holder.host !== me.host || isAlive(holder.pid))) {
      throw new DataDirLockedError(
        `DATA_DIR ${dataDir} is in use by server process ${holder.pid} on ${holder.host} (since ${holder.since}): ` +
          `two servers on one data directory are not supported. Stop that process first, or delete ${path} if it is gone.`,
      );
    }
    // Stale (its process is gone, or the file was never completed): take it over.
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return {
    path,
    release() {
      const holder = readHolder(path);
      if (holder?.pid === me.pid && holder.since === me.since) {
        try {
          unlinkSync(path);
        } catch {
          // already gone
        }
      }
    },
  };
}
