import { slotTime } from '../schedule/slotTime.js';
import type { DcaOrder } from '../types.js';
import { limitReached } from './limitReached.js';

/** Completed short of `maxTotalIn` because what it left was too small to fill (the order's last error says so). */
const remainderTooSmall = (order: DcaOrder) =>
  order.lastError?.code === 'DCA_REMAINDER_TOO_SMALL' &&
  order.maxTotalIn !== null &&
  order.maxTotalIn - order.totals.spent < order.amountPerFill;

/**
 * Every rule a stored order must satisfy, as a list of violations (empty when valid). Used by the property tests
 * and by the stores before a write.
 */
export function checkOrderInvariants(order: DcaOrder): string[] {
  const v: string[] = [];
  const schedule = { start: order.firstRunAt, interval: order.interval };
  const { totals } = order;
  if (!Number.isSafeInteger(order.nextSlot) || order.nextSlot < 0) v.push('nextSlot is not a slot index');
  if (!Number.isSafeInteger(order.version) || order.version < 1) v.push('version below 1');
  if (order.updatedAt < order.createdAt) v.push('updatedAt before createdAt');
  for (const key of ['fills', 'skipped', 'blocked', 'failed'] as const) {
    if (!Number.isSafeInteger(totals[key]) || totals[key] < 0) v.push(`totals.${key} negative`);
  }
  if (totals.spent < 0n || totals.received < 0n) v.push('negative totals');
  if (order.maxTotalIn !== null && totals.spent > order.maxTotalIn) v.push('spent above maxTotalIn');
  if (order.maxFills !== null && totals.fills > order.maxFills) v.push('fills above maxFills');
  if (!Number.isSafeInteger(order.consecutiveFailures) || order.consecutiveFailures < 0) {
    v.push('consecutiveFailures negative');
  }
  if (order.openSlot !== null) {
    if (order.openSlot >= order.nextSlot) v.push('open slot not below nextSlot');
    if (order.dueAt === null) v.push('open fill without dueAt');
  }
  switch (order.status) {
    case 'active':
      if (order.nextRunAt !== slotTime({ schedule, slot: order.nextSlot }))
        v.push('nextRunAt is not nextSlot');
      if (order.openSlot === null && order.dueAt !== order.nextRunAt) v.push('dueAt is not nextRunAt');
      if (order.pausedReason !== null) v.push('active with a pause reason');
      if (limitReached(order)) v.push('active past its limit');
      break;
    case 'paused':
      if (order.pausedReason === null) v.push('paused without a reason');
      if (order.nextRunAt !== null) v.push('paused with nextRunAt');
      if (order.openSlot === null && order.dueAt !== null) v.push('paused and due');
      if (limitReached(order)) v.push('paused past its limit');
      break;
    case 'cancelled':
    case 'completed':
      if (order.nextRunAt !== null) v.push(`${order.status} with nextRunAt`);
      if (order.openSlot === null && order.dueAt !== null) v.push(`${order.status} and due`);
      if (order.pausedReason !== null) v.push(`${order.status} with a pause reason`);
      if (order.status === 'completed' && !limitReached(order) && !remainderTooSmall(order)) {
        v.push('completed before its limit');
      }
      break;
    default:
      v.push('unknown status');
  }
  return v;
}
