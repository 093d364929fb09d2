import { type DcaSchedule, slotTime } from './slotTime.js';

/** Parameters of {@link nextSlotAfter}. */
export interface NextSlotAfterParameters {
  readonly schedule: DcaSchedule;
  /** Unix ms. */
  readonly at: number;
}

/**
 * The first slot strictly after `at`: the smallest index `k ≥ 0` with `slotTime(k) > at`. So `nextSlotAfter(at) − 1`
 * is the latest slot due at `at` (none when it is 0), and `nextSlotAfter(at − 1)` the first slot at or after `at`.
 *
 * @example
 * ```ts
 * const schedule = { start: 0, interval: { kind: 'seconds', seconds: 60 } } as const;
 * nextSlotAfter({ schedule, at: 59_999 }); // 1
 * nextSlotAfter({ schedule, at: 60_000 }); // 2
 * ```
 */
export function nextSlotAfter({ schedule, at }: NextSlotAfterParameters): number {
  const { start, interval } = schedule;
  if (at < start) return 0;
  if (interval.kind === 'seconds') return Math.floor((at - start) / (interval.seconds * 1000)) + 1;
  // Months: estimate from the calendar distance, then step (clamping moves a slot by at most 3 days).
  const from = new Date(start);
  const to = new Date(at);
  // Stryker disable next-line ArithmeticOperator: a lower estimate only makes the loop below step more (it never overshoots)
  const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  let slot = Math.max(0, Math.floor(months / interval.months) - 1);
  while (slotTime({ schedule, slot }) <= at) slot++;
  return slot;
}
