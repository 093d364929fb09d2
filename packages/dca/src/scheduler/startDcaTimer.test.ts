import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DcaTickSummary } from './processOrder.js';
import { startDcaTimer } from './startDcaTimer.js';

const SUMMARY: DcaTickSummary = {
  claimed: 0,
  filled: 0,
  pending: 0,
  skipped: 0,
  blocked: 0,
  failed: 0,
  paused: 0,
  completed: 0,
  errors: 0,
};

/** A scheduler whose ticks finish only when told to; it records when each started and how many overlap. */
function slowScheduler() {
  const started: number[] = [];
  const finish: (() => void)[] = [];
  let running = 0;
  let overlap = 0;
  return {
    started,
    get overlap() {
      return overlap;
    },
    finishAll: () => {
      for (const f of finish.splice(0)) f();
    },
    tick: (now: number) => {
      started.push(now);
      running++;
      overlap = Math.max(overlap, running);
      return new Promise<DcaTickSummary>((resolve) =>
        finish.push(() => {
          running--;
          resolve(SUMMARY);
        }),
      );
    },
  };
}

describe('startDcaTimer', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('ticks at once and then every interval, with the clock time', async () => {
    const scheduler = slowScheduler();
    const timer = startDcaTimer({ scheduler, intervalMs: 1000 });
    expect(scheduler.started).toEqual([0]);
    scheduler.finishAll();
    await vi.advanceTimersByTimeAsync(1000);
    scheduler.finishAll();
    await vi.advanceTimersByTimeAsync(1000);
    expect(scheduler.started).toEqual([0, 1000, 2000]);
    scheduler.finishAll();
    await timer.stop();
  });

  it('never overlaps: a slow tick delays the next one', async () => {
    const scheduler = slowScheduler();
    const timer = startDcaTimer({ scheduler, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(5000); // the first tick is still running
    expect(scheduler.started).toEqual([0]);
    scheduler.finishAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(scheduler.started).toEqual([0, 5000]); // overdue: runs at once
    scheduler.finishAll();
    await vi.advanceTimersByTimeAsync(1000);
    expect(scheduler.started).toEqual([0, 5000, 6000]);
    expect(scheduler.overlap).toBe(1);
    scheduler.finishAll();
    await timer.stop();
  });

  it('stop waits for the tick in progress and nothing runs after it', async () => {
    const scheduler = slowScheduler();
    const timer = startDcaTimer({ scheduler, intervalMs: 1000 });
    let stopped = false;
    const stopping = timer.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    scheduler.finishAll();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(scheduler.started).toEqual([0]);
  });

  it('0 disables it; a tick that throws is reported and the timer goes on', async () => {
    const never = { tick: vi.fn(async () => SUMMARY) };
    const disabled = startDcaTimer({ scheduler: never, intervalMs: 0 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(disabled.enabled).toBe(false);
    expect(never.tick).not.toHaveBeenCalled();
    const errors: unknown[] = [];
    let calls = 0;
    const failing = startDcaTimer({
      scheduler: {
        tick: async () => {
          calls++;
          throw new Error('store down');
        },
      },
      intervalMs: 100,
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toBe(3);
    expect(errors).toHaveLength(3);
    await failing.stop();
    expect(() => startDcaTimer({ scheduler: never, intervalMs: -1 })).toThrow(
      expect.objectContaining({ code: 'DCA_VALIDATION_FAILED' }),
    );
  });
});
