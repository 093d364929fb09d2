import type { DailyWindow } from './types.js';

/** Parameters of {@link windowStart}. */
export interface WindowStartParameters {
  readonly dailyWindow: DailyWindow;
  /** Epoch milliseconds. */
  readonly at: number;
}

const DAY_MS = 86_400_000;

/**
 * First instant (inclusive, epoch ms) of the daily window containing `at`. Rolling: the 24 h ending at `at`
 * (spend at exactly `at − 24 h` has aged out). UTC day: 00:00:00.000 UTC of `at`'s day.
 *
 * @example
 * ```ts
 * windowStart({ dailyWindow: 'rolling-24h', at: 100_000_000 }); // 13_600_001
 * windowStart({ dailyWindow: 'utc-day', at: 100_000_000 }); // 86_400_000
 * ```
 */
export function windowStart({ dailyWindow, at }: WindowStartParameters): number {
  return dailyWindow === 'utc-day' ? Math.floor(at / DAY_MS) * DAY_MS : at - DAY_MS + 1;
}
