import type { JobLease } from './JobLease.js';

/**
 * The {@link JobLease} of a backend one process owns (memory, SQLite): every job's lease is always this process's.
 *
 * @example
 * ```ts
 * await new LocalJobLease().acquire({ job: 'reconciler', owner: 'me', ttlMs: 15_000 }); // true
 * ```
 */
export class LocalJobLease implements JobLease {
  async acquire(): Promise<boolean> {
    return true;
  }

  async release(): Promise<void> {}
}
