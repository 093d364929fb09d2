import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DcaInterval } from '../types.js';
import { nextSlotAfter } from './nextSlotAfter.js';
import { slotTime } from './slotTime.js';

const iso = (t: number) => new Date(t).toISOString();
const monthly = (start: number, months = 1) => ({
  start,
  interval: { kind: 'months', months } as DcaInterval,
});

describe('slotTime', () => {
  it('seconds: start + slot × interval', () => {
    const schedule = { start: 1_000, interval: { kind: 'seconds', seconds: 90 } as DcaInterval };
    expect([0, 1, 2, 1000].map((slot) => slotTime({ schedule, slot }))).toEqual([
      1_000, 91_000, 181_000, 90_001_000,
    ]);
  });

  it.each([
    [
      '31 Jan: clamps to the last day, never drifts',
      Date.UTC(2025, 0, 31, 9, 30),
      1,
      [
        '2025-01-31T09:30:00.000Z',
        '2025-02-28T09:30:00.000Z',
        '2025-03-31T09:30:00.000Z',
        '2025-04-30T09:30:00.000Z',
        '2025-05-31T09:30:00.000Z',
      ],
    ],
    [
      '29 Feb of a leap year, then 29th each month, then 28 Feb',
      Date.UTC(2028, 1, 29),
      12,
      [
        '2028-02-29T00:00:00.000Z',
        '2029-02-28T00:00:00.000Z',
        '2030-02-28T00:00:00.000Z',
        '2031-02-28T00:00:00.000Z',
        '2032-02-29T00:00:00.000Z',
      ],
    ],
    [
      'December rolls into the next year; quarterly',
      Date.UTC(2025, 11, 15, 23, 59, 59, 999),
      3,
      [
        '2025-12-15T23:59:59.999Z',
        '2026-03-15T23:59:59.999Z',
        '2026-06-15T23:59:59.999Z',
        '2026-09-15T23:59:59.999Z',
        '2026-12-15T23:59:59.999Z',
      ],
    ],
  ])('months, %s', (_, start, months, expected) => {
    expect([0, 1, 2, 3, 4].map((slot) => iso(slotTime({ schedule: monthly(start, months), slot })))).toEqual(
      expected,
    );
  });

  it('refuses a slot that is not a non-negative integer', () => {
    for (const slot of [-1, 0.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => slotTime({ schedule: monthly(0), slot })).toThrow(
        expect.objectContaining({ code: 'DCA_VALIDATION_FAILED', field: 'slot' }),
      );
    }
  });
});

const START = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });
const INTERVAL: fc.Arbitrary<DcaInterval> = fc.oneof(
  fc.integer({ min: 60, max: 366 * 86_400 }).map((seconds) => ({ kind: 'seconds', seconds }) as const),
  fc.integer({ min: 1, max: 12 }).map((months) => ({ kind: 'months', months }) as const),
);

describe('schedule properties', () => {
  it('slots strictly increase, and no two slots share a time', () => {
    fc.assert(
      fc.property(START, INTERVAL, fc.integer({ min: 0, max: 500 }), (start, interval, k) => {
        const schedule = { start, interval };
        expect(slotTime({ schedule, slot: 0 })).toBe(start);
        expect(slotTime({ schedule, slot: k + 1 })).toBeGreaterThan(slotTime({ schedule, slot: k }));
      }),
      { numRuns: 2000 },
    );
  });

  it('nextSlotAfter(at) is the first slot strictly after at', () => {
    fc.assert(
      fc.property(
        START,
        INTERVAL,
        fc.integer({ min: -86_400_000, max: 50 * 366 * 86_400_000 }),
        (start, interval, offset) => {
          const schedule = { start, interval };
          const at = start + offset;
          const k = nextSlotAfter({ schedule, at });
          expect(slotTime({ schedule, slot: k })).toBeGreaterThan(at);
          if (k > 0) expect(slotTime({ schedule, slot: k - 1 })).toBeLessThanOrEqual(at);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a slot time is its own boundary: nextSlotAfter(slotTime(k)) = k + 1, nextSlotAfter(slotTime(k) − 1) = k', () => {
    fc.assert(
      fc.property(START, INTERVAL, fc.integer({ min: 0, max: 600 }), (start, interval, k) => {
        const schedule = { start, interval };
        const t = slotTime({ schedule, slot: k });
        expect(nextSlotAfter({ schedule, at: t })).toBe(k + 1);
        expect(nextSlotAfter({ schedule, at: t - 1 })).toBe(k);
      }),
    );
  });
});
