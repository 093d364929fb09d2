import { DcaValidationError } from '../errors/DcaValidationError.js';
import type { DcaInterval, DcaIntervalName } from '../types.js';

/** Shortest interval, seconds. */
export const MIN_INTERVAL_SECONDS = 60;
/** Longest interval in seconds (366 days); longer schedules use months. */
export const MAX_INTERVAL_SECONDS = 366 * 86_400;
/** Longest interval in months. */
export const MAX_INTERVAL_MONTHS = 12;

/** What each interval name means. `monthly` is a calendar month in UTC, not 30 days. */
export const INTERVAL_NAMES: Readonly<Record<DcaIntervalName, DcaInterval>> = Object.freeze({
  hourly: Object.freeze({ kind: 'seconds', seconds: 3_600 }),
  daily: Object.freeze({ kind: 'seconds', seconds: 86_400 }),
  weekly: Object.freeze({ kind: 'seconds', seconds: 604_800 }),
  biweekly: Object.freeze({ kind: 'seconds', seconds: 1_209_600 }),
  monthly: Object.freeze({ kind: 'months', months: 1 }),
});

const isInteger = (value: unknown, min: number, max: number): value is number =>
  // Stryker disable next-line ConditionalExpression: the typeof is a type guard; Number.isInteger refuses a non-number alike
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/**
 * An order's interval from what a caller gives: whole seconds (60 to 366 days), one of the names
 * `hourly|daily|weekly|biweekly|monthly`, or an interval object (`{ kind: 'months', months: 1–12 }`). Throws
 * `DCA_VALIDATION_FAILED` (field `interval`) for anything else.
 *
 * @example
 * ```ts
 * parseInterval('daily'); // { kind: 'seconds', seconds: 86400 }
 * parseInterval('monthly'); // { kind: 'months', months: 1 }
 * parseInterval(90); // { kind: 'seconds', seconds: 90 }
 * ```
 */
export function parseInterval(input: unknown): DcaInterval {
  if (typeof input === 'string') {
    const named = Object.hasOwn(INTERVAL_NAMES, input) ? INTERVAL_NAMES[input as DcaIntervalName] : undefined;
    if (named === undefined) {
      throw new DcaValidationError({
        field: 'interval',
        message: `expected seconds or one of ${Object.keys(INTERVAL_NAMES).join(', ')}`,
      });
    }
    return named;
  }
  if (typeof input === 'number') return seconds(input);
  if (typeof input === 'object' && input !== null) {
    const { kind } = input as { kind?: unknown };
    if (kind === 'seconds') return seconds((input as { seconds?: unknown }).seconds);
    if (kind === 'months') {
      const months = (input as { months?: unknown }).months;
      if (!isInteger(months, 1, MAX_INTERVAL_MONTHS)) {
        throw new DcaValidationError({
          field: 'interval',
          message: `months must be an integer from 1 to ${MAX_INTERVAL_MONTHS}`,
        });
      }
      return Object.freeze({ kind: 'months', months });
    }
  }
  throw new DcaValidationError({ field: 'interval', message: 'expected seconds, a name or an interval' });
}

function seconds(value: unknown): DcaInterval {
  if (!isInteger(value, MIN_INTERVAL_SECONDS, MAX_INTERVAL_SECONDS)) {
    throw new DcaValidationError({
      field: 'interval',
      message: `seconds must be an integer from ${MIN_INTERVAL_SECONDS} to ${MAX_INTERVAL_SECONDS}`,
    });
  }
  return Object.freeze({ kind: 'seconds', seconds: value });
}
