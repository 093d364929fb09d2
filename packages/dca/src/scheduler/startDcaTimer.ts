import { DcaValidationError } from '../errors/DcaValidationError.js';
import type { DcaTickSummary } from './processOrder.js';

/** Parameters of {@link startDcaTimer}. */
export interface StartDcaTimerParameters {
  /** What to tick (a `DcaScheduler`). */
  readonly scheduler: { tick(now: number): Promise<DcaTickSummary> };
  /** Time between the starts of two ticks, ms; 0 disables the timer (nothing runs). `DCA_TICK_SECONDS` × 1000. */
  readonly intervalMs: number;
  /** The clock (default `Date.now`). */
  readonly now?: () => number;
  /** Called after each tick. */
  readonly onTick?: (summary: DcaTickSummary) => void;
  /** A tick that threw (the timer goes on). */
  readonly onError?: (error: unknown) => void;
}

/** A running timer. */
export interface DcaTimer {
  /** False when the interval was 0. */
  readonly enabled: boolean;
  /** Stops the timer and resolves once a tick in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Ticks a scheduler every `intervalMs` — never two ticks at once: the next starts only after the previous has
 * finished (a slow tick delays the next one instead of overlapping it). The first tick runs at once. The timer
 * does not keep the process alive. `intervalMs: 0` disables it.
 *
 * @example
 * ```ts
 * const timer = startDcaTimer({ scheduler, intervalMs: Number(process.env.DCA_TICK_SECONDS ?? 60) * 1000 });
 * process.on('SIGTERM', () => void timer.stop());
 * ```
 */
export function startDcaTimer({
  scheduler,
  intervalMs,
  now = Date.now,
  onTick,
  onError = () => {},
}: StartDcaTimerParameters): DcaTimer {
  if (!Number.isInteger(intervalMs) || intervalMs < 0 || intervalMs > 2_147_483_647) {
    throw new DcaValidationError({
      field: 'intervalMs',
      message: 'expected an integer from 0 to 2147483647',
    });
  }
  if (intervalMs === 0) return { enabled: false, stop: async () => {} };
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  const run = async () => {
    const started = now();
    try {
      const summary = await scheduler.tick(started);
      onTick?.(summary);
    } catch (error) {
      onError(error);
    }
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = run();
      },
      Math.max(0, started + intervalMs - now()),
    );
    timer.unref?.();
  };
  running = run();
  return {
    enabled: true,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
