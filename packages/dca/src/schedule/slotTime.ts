import { DcaValidationError } from '../errors/DcaValidationError.js';
import type { DcaInterval } from '../types.js';

/** The part of an order its slots are computed from. */
export interface DcaSchedule {
  /** Slot 0, Unix ms (an order's `firstRunAt`). */
  readonly start: number;
  readonly interval: DcaInterval;
}

/** Parameters of {@link slotTime}. */
export interface SlotTimeParameters {
  readonly schedule: DcaSchedule;
  /** Slot index, a non-negative integer. */
  readonly slot: number;
}

/**
 * The time of slot `slot` of a schedule, Unix ms — a function of the start, the interval and the index only (never
 * of the previous slot, so month-end clamping does not drift). Seconds: `start + slot × seconds`. Months: the
 * start's day of month and time of day, `slot × months` calendar months later in UTC; a day the month does not
 * have becomes its last day (a schedule started on 31 January runs on 28/29 February, 31 March, 30 April…).
 *
 * @example
 * ```ts
 * const start = Date.UTC(2025, 0, 31, 9); // 31 Jan 2025 09:00 UTC
 * new Date(slotTime({ schedule: { start, interval: { kind: 'months', months: 1 } }, slot: 1 })).toISOString();
 * // '2025-02-28T09:00:00.000Z'
 * ```
 */
export function slotTime({ schedule, slot }: SlotTimeParameters): number {
  if (!Number.isSafeInteger(slot) || slot < 0) {
    throw new DcaValidationError({ field: 'slot', message: 'expected a non-negative integer' });
  }
  const { start, interval } = schedule;
  if (interval.kind === 'seconds') return start + slot * interval.seconds * 1000;
  const date = new Date(start);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  const timeOfDay = start - Date.UTC(year, month, day);
  const target = month + slot * interval.months;
  const targetYear = year + Math.floor(target / 12);
  const targetMonth = target % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)) + timeOfDay;
}
