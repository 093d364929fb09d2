import type { DuePlan } from '../schedule/planDueSlots.js';
import { slotTime } from '../schedule/slotTime.js';
import type { DcaOrder } from '../types.js';

/**
 * Pure: an active order moved past a plan's slots — `nextSlot` and `nextRunAt` to the first slot after now, the
 * missed slots counted as skipped. The fill of the plan (if any) is applied separately.
 */
export function advanceSchedule({
  order,
  plan,
  now,
}: {
  order: DcaOrder;
  plan: DuePlan;
  now: number;
}): DcaOrder {
  const nextRunAt = slotTime({
    schedule: { start: order.firstRunAt, interval: order.interval },
    slot: plan.nextSlot,
  });
  return Object.freeze({
    ...order,
    updatedAt: now,
    nextSlot: plan.nextSlot,
    nextRunAt,
    dueAt: order.openSlot === null ? nextRunAt : order.dueAt,
    totals: Object.freeze({ ...order.totals, skipped: order.totals.skipped + plan.missedCount }),
  });
}
