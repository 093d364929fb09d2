import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DcaCatchUp, DcaInterval } from '../types.js';
import { MAX_RECORDED_MISSED_SLOTS, planDueSlots } from './planDueSlots.js';
import { slotTime } from './slotTime.js';

const schedule = { start: 0, interval: { kind: 'seconds', seconds: 60 } as DcaInterval };
const plan = (nextSlot: number, now: number, catchUp: DcaCatchUp = 'skip', graceMs = 30_000) =>
  planDueSlots({ schedule, nextSlot, catchUp, now, graceMs });

describe('planDueSlots', () => {
  it.each([
    [
      'nothing due before the slot',
      0,
      -1,
      'skip',
      { fillSlot: null, late: false, missedCount: 0, missedSlots: [], nextSlot: 0 },
    ],
    ['the slot itself, on time', 0, 0, 'skip', { fillSlot: 0, late: false, missedCount: 0, nextSlot: 1 }],
    [
      'on time at the edge of the grace',
      3,
      180_000 + 30_000,
      'skip',
      { fillSlot: 3, missedCount: 0, nextSlot: 4 },
    ],
    [
      'late by 1 ms past the grace, skip',
      3,
      180_000 + 30_001,
      'skip',
      // Late, but nothing is filled: no late fill.
      { fillSlot: null, late: false, missedCount: 1, missedSlots: [3], nextSlot: 4 },
    ],
    [
      'late by 1 ms past the grace, once',
      3,
      180_000 + 30_001,
      'once',
      { fillSlot: 3, late: true, missedCount: 0, nextSlot: 4 },
    ],
    [
      'downtime of 5 slots, on time for the last',
      1,
      300_000,
      'skip',
      { fillSlot: 5, missedSlots: [1, 2, 3, 4], nextSlot: 6 },
    ],
    [
      'downtime, late, skip: all missed',
      1,
      300_000 + 45_000,
      'skip',
      { fillSlot: null, missedSlots: [1, 2, 3, 4, 5], nextSlot: 6 },
    ],
    [
      'downtime, late, once: one catch-up fill',
      1,
      300_000 + 45_000,
      'once',
      { fillSlot: 5, late: true, missedSlots: [1, 2, 3, 4], nextSlot: 6 },
    ],
    [
      'slots before nextSlot are never planned',
      9,
      300_000,
      'once',
      { fillSlot: null, missedCount: 0, nextSlot: 9 },
    ],
  ] as const)('%s', (_, nextSlot, now, catchUp, expected) => {
    expect(plan(nextSlot, now, catchUp)).toMatchObject(expected);
  });

  it('records the most recent missed slots one by one, counts them all', () => {
    const result = plan(0, 60_000 * 5000 + 45_000);
    expect(result.missedCount).toBe(5001);
    expect(result.missedSlots).toHaveLength(MAX_RECORDED_MISSED_SLOTS);
    expect(result.missedSlots[0]).toBe(5001 - MAX_RECORDED_MISSED_SLOTS);
    expect(result.missedSlots.at(-1)).toBe(5000);
  });
});

describe('planDueSlots properties', () => {
  const INTERVAL: fc.Arbitrary<DcaInterval> = fc.oneof(
    fc.integer({ min: 60, max: 86_400 }).map((seconds) => ({ kind: 'seconds', seconds }) as const),
    fc.constant({ kind: 'months', months: 1 } as const),
  );

  it('over any sequence of ticks: every slot is planned at most once, in order, at most one fill per tick, never a future slot', () => {
    fc.assert(
      fc.property(
        INTERVAL,
        fc.constantFrom<DcaCatchUp>('skip', 'once'),
        fc.integer({ min: 0, max: 3_600_000 }),
        fc.array(fc.integer({ min: 0, max: 40 * 86_400_000 }), { minLength: 1, maxLength: 40 }),
        (interval, catchUp, graceMs, gaps) => {
          const s = { start: Date.UTC(2025, 0, 31), interval };
          let nextSlot = 0;
          let now = s.start - 1;
          let last = -1;
          for (const gap of gaps) {
            now += gap;
            const p = planDueSlots({ schedule: s, nextSlot, catchUp, now, graceMs });
            const fills = p.fillSlot === null ? 0 : 1;
            // Every slot from nextSlot to p.nextSlot − 1 is planned exactly once: missed (the oldest ones counted
            // only) or filled.
            expect(p.missedCount + fills).toBe(p.nextSlot - nextSlot);
            const unrecorded = p.missedCount - p.missedSlots.length;
            expect(p.missedSlots).toEqual(
              Array.from({ length: p.missedSlots.length }, (_, i) => nextSlot + unrecorded + i),
            );
            for (const slot of [...p.missedSlots, ...(p.fillSlot === null ? [] : [p.fillSlot])]) {
              expect(slotTime({ schedule: s, slot })).toBeLessThanOrEqual(now); // never a future slot
              expect(slot).toBeGreaterThan(last); // in order, never twice
              last = slot;
            }
            if (p.fillSlot !== null) expect(p.fillSlot).toBe(p.nextSlot - 1); // the latest due slot
            expect(slotTime({ schedule: s, slot: p.nextSlot })).toBeGreaterThan(now);
            nextSlot = p.nextSlot;
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  describe('onTimeAfter: a slot due after the previous tick began is on time (M10)', () => {
    const withTick = (nextSlot: number, now: number, onTimeAfter: number, catchUp: DcaCatchUp = 'skip') =>
      planDueSlots({ schedule, nextSlot, catchUp, now, graceMs: 30_000, onTimeAfter });

    it('the latest slot fell due after the previous tick: filled, however late this tick is', () => {
      expect(withTick(3, 600_000, 179_999)).toMatchObject({
        fillSlot: 10,
        late: false,
        missedCount: 7,
        nextSlot: 11,
      });
    });

    it('the latest slot fell due at or before the previous tick began: the grace decides', () => {
      expect(withTick(3, 600_000 + 30_001, 600_000)).toMatchObject({ fillSlot: null, missedCount: 8 });
      expect(withTick(3, 600_000 + 30_001, 599_999)).toMatchObject({ fillSlot: 10, late: false });
      expect(withTick(3, 600_000 + 30_000, 600_000)).toMatchObject({ fillSlot: 10, late: false });
    });

    it('catch-up once marks a late fill late, an on-time one not', () => {
      expect(withTick(3, 600_000 + 30_001, 600_000, 'once')).toMatchObject({ fillSlot: 10, late: true });
      expect(withTick(3, 600_000 + 30_001, 599_999, 'once')).toMatchObject({ fillSlot: 10, late: false });
    });
  });
});
