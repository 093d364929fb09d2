import type { DcaCatchUp } from '../types.js';
import { nextSlotAfter } from './nextSlotAfter.js';
import { type DcaSchedule, slotTime } from './slotTime.js';

/** At most this many missed slots are recorded one by one (the most recent); all of them are counted. */
export const MAX_RECORDED_MISSED_SLOTS = 1000;

/** Parameters of {@link planDueSlots}. */
export interface PlanDueSlotsParameters {
  readonly schedule: DcaSchedule;
  /** The order's next slot to run (slots below it are done). */
  readonly nextSlot: number;
  readonly catchUp: DcaCatchUp;
  /** Unix ms. */
  readonly now: number;
  /**
   * How late the latest due slot may run and still count as on time, ms. Past it the slot was missed (downtime)
   * and the catch-up policy decides.
   */
  readonly graceMs: number;
  /**
   * When the previous tick began, Unix ms: a slot that fell due after it is on time whatever the grace (this tick is
   * the first that could see it — a slow or sparse tick is not downtime).
   */
  readonly onTimeAfter?: number;
}

/** What to do with the due slots of an order at `now`. */
export interface DuePlan {
  /** The slot to fill now, or null. At most one per plan: never a burst. */
  readonly fillSlot: number | null;
  /** Whether `fillSlot` is a late (catch-up) fill. */
  readonly late: boolean;
  /** How many due slots are missed (recorded as skipped): every due slot but the one filled. */
  readonly missedCount: number;
  /** The missed slots to record, ascending: the most recent {@link MAX_RECORDED_MISSED_SLOTS} of them. */
  readonly missedSlots: readonly number[];
  /** The order's next slot after this plan: the first slot after `now` (unchanged when nothing is due). */
  readonly nextSlot: number;
}

/**
 * Pure catch-up rule. Let L be the latest slot at or before `now` (if it is below `nextSlot`, nothing is due).
 * - L is on time (`now − slotTime(L) ≤ graceMs`, or L fell due after `onTimeAfter`, the previous tick's start):
 *   fill L; earlier due slots are missed.
 * - L is late (downtime): policy `skip` → every due slot is missed and the order resumes at the next slot;
 *   policy `once` → one catch-up fill for L, the rest missed.
 *
 * Either way the order moves on to `L + 1`: no slot is planned twice and at most one fill runs per plan.
 *
 * @example
 * ```ts
 * const schedule = { start: 0, interval: { kind: 'seconds', seconds: 60 } } as const;
 * planDueSlots({ schedule, nextSlot: 0, catchUp: 'skip', now: 300_000, graceMs: 30_000 });
 * // { fillSlot: 5, late: false, missedCount: 5, missedSlots: [0, 1, 2, 3, 4], nextSlot: 6 }
 * ```
 */
export function planDueSlots({
  schedule,
  nextSlot,
  catchUp,
  now,
  graceMs,
  onTimeAfter,
}: PlanDueSlotsParameters): DuePlan {
  const after = nextSlotAfter({ schedule, at: now });
  const latest = after - 1;
  if (latest < nextSlot) {
    return { fillSlot: null, late: false, missedCount: 0, missedSlots: [], nextSlot };
  }
  const latestAt = slotTime({ schedule, slot: latest });
  const late = now - latestAt > graceMs && !(onTimeAfter !== undefined && latestAt > onTimeAfter);
  const fillSlot = !late || catchUp === 'once' ? latest : null;
  const lastMissed = fillSlot === null ? latest : latest - 1;
  const missedCount = lastMissed - nextSlot + 1;
  const firstRecorded = Math.max(nextSlot, lastMissed - MAX_RECORDED_MISSED_SLOTS + 1);
  const missedSlots: number[] = [];
  for (let slot = firstRecorded; slot <= lastMissed; slot++) missedSlots.push(slot);
  return { fillSlot, late: fillSlot !== null && late, missedCount, missedSlots, nextSlot: after };
}
