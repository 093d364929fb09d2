import type { Logger } from 'pino';
import type { Job } from '../capabilities/Capability.js';
import type { JobLease } from './JobLease.js';

/**
 * `job` run only while this instance holds its lease: every `ttlMs / 3` the lease is taken or renewed; on taking it
 * the job starts, on losing it (another instance took it after an expiry, or the database cannot be reached) the job
 * stops at once — before the lease it held can have expired. `stop` stops the job and gives the lease up, so another
 * instance takes over at its next attempt; after a crash, within `ttlMs + ttlMs / 3`.
 *
 * @example
 * ```ts
 * const once = leasedJob({ job: reconciler, lease, owner: instanceId, ttlMs: 15_000, log });
 * ```
 */
export function leasedJob({
  job,
  lease,
  owner,
  ttlMs,
  log,
}: {
  job: Job;
  lease: JobLease;
  owner: string;
  ttlMs: number;
  log: Logger;
}): Job {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = true;
  let turn: Promise<void> = Promise.resolve();

  const stopJob = async () => {
    if (!running) return;
    running = false;
    await job.stop();
  };

  const attempt = async () => {
    let held: boolean;
    try {
      held = await lease.acquire({ job: job.name, owner, ttlMs });
    } catch (error) {
      held = false;
      log.warn(
        { err: { message: (error as Error).message }, job: job.name },
        'job lease unreachable; job paused',
      );
    }
    if (stopped) return;
    if (held && !running) {
      running = true;
      log.info({ job: job.name, owner }, 'job lease taken: this instance runs the job');
      job.start();
    } else if (!held && running) {
      log.warn({ job: job.name, owner }, 'job lease lost: this instance stops the job');
      await stopJob();
    }
  };

  const tick = () => {
    turn = turn.then(attempt, attempt);
  };

  return {
    name: job.name,
    start() {
      stopped = false;
      tick();
      timer = setInterval(tick, Math.max(1, Math.floor(ttlMs / 3)));
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      // A running job is asked to stop at once (an attempt under way will not start it again: `stopped` is set).
      const stopping = stopJob();
      await turn;
      await stopping;
      await lease.release({ job: job.name, owner }).catch(() => undefined);
    },
  };
}
