import { describe, expect, it } from 'vitest';
import { planDueSlots } from '../schedule/planDueSlots.js';
import { advancedTo, MINUTE, T0, testOrder } from '../testing/fixtures.js';
import { advanceSchedule } from './advanceSchedule.js';
import { checkOrderInvariants } from './checkOrderInvariants.js';

describe('advanceSchedule', () => {
  const plan = (nextSlot: number, now: number) =>
    planDueSlots({
      schedule: { start: T0, interval: { kind: 'seconds', seconds: 60 } },
      nextSlot,
      catchUp: 'skip',
      now,
      graceMs: 30_000,
    });

  it('moves to the plan’s next slot, due at its time, and counts the missed slots as skipped', () => {
    const order = testOrder();
    const now = T0 + 3 * MINUTE + 45_000; // slots 0–3 due, the last one late: all four missed
    const next = advanceSchedule({ order, plan: plan(0, now), now });
    expect(next).toMatchObject({
      nextSlot: 4,
      nextRunAt: T0 + 4 * MINUTE,
      dueAt: T0 + 4 * MINUTE,
      updatedAt: now,
      totals: { skipped: 4, fills: 0 },
    });
    expect(checkOrderInvariants(next)).toEqual([]);
  });

  it('an open fill keeps its re-check time: the order stays due for it, not for the next slot', () => {
    const order = { ...advancedTo(testOrder(), 0, true, T0 + 10), dueAt: T0 + 20 };
    const now = T0 + 5 * MINUTE + 45_000;
    const next = advanceSchedule({ order, plan: plan(1, now), now });
    expect(next).toMatchObject({ nextSlot: 6, nextRunAt: T0 + 6 * MINUTE, openSlot: 0, dueAt: T0 + 20 });
    expect(next.totals.skipped).toBe(5);
    expect(checkOrderInvariants(next)).toEqual([]);
  });
});
