import type { Job } from './Capability.js';

/**
 * A job that runs `run` at start and then every `everyMs` (an unref'd timer: it never keeps the process alive);
 * `stop` clears the timer. `run` must not throw (it logs its own failures).
 *
 * @example
 * ```ts
 * intervalJob({ name: 'reconciler', everyMs: 30_000, run: reconcileQuietly });
 * ```
 */
export function intervalJob({
  name,
  everyMs,
  run,
  once = false,
}: {
  name: string;
  everyMs: number;
  run: () => void;
  /** See {@link Job.once}. */
  once?: boolean;
}): Job {
  let timer: NodeJS.Timeout | undefined;
  return {
    name,
    once,
    start() {
      run();
      timer = setInterval(run, everyMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
