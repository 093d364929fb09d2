import { DcaInvalidTransitionError } from '../errors/DcaInvalidTransitionError.js';
import { nextSlotAfter } from '../schedule/nextSlotAfter.js';
import { slotTime } from '../schedule/slotTime.js';
import type { DcaOrder } from '../types.js';

/** A user's (or operator's) command on an order. */
export type DcaCommand =
  | { readonly type: 'pause' }
  | { readonly type: 'resume' }
  | { readonly type: 'cancel' };

/** Parameters of {@link transitionOrder}. */
export interface TransitionOrderParameters {
  readonly order: DcaOrder;
  readonly command: DcaCommand;
  /** Unix ms. */
  readonly now: number;
}

/**
 * The order after a user command, or `DCA_INVALID_TRANSITION` when its state does not allow it (pure; the caller
 * writes the result by compare-and-set on the order's `(status, version)`):
 *
 * | from | command | to |
 * |---|---|---|
 * | active | pause | paused (`PAUSED_BY_USER`) |
 * | paused | resume | active, from the first slot at or after `now` (missed slots are not run) |
 * | active, paused | cancel | cancelled (terminal) |
 *
 * A fill still open (running or pending) is not touched: it settles later and counts in the totals.
 *
 * @example
 * ```ts
 * const paused = transitionOrder({ order, command: { type: 'pause' }, now: Date.now() });
 * ```
 */
export function transitionOrder({ order, command, now }: TransitionOrderParameters): DcaOrder {
  const refuse = (): never => {
    throw new DcaInvalidTransitionError({
      orderId: order.id,
      from: order.status,
      command: String(command?.type),
    });
  };
  // Only the open fill's re-check keeps an order due while it is not active.
  const openDueAt = order.openSlot === null ? null : order.dueAt;
  switch (command?.type) {
    case 'pause':
      if (order.status !== 'active') refuse();
      return Object.freeze({
        ...order,
        status: 'paused',
        updatedAt: now,
        nextRunAt: null,
        dueAt: openDueAt,
        pausedReason: Object.freeze({
          code: 'PAUSED_BY_USER',
          reason: 'Paused by a user.',
          fillCode: null,
          slot: null,
          at: now,
        }),
      });
    case 'resume': {
      if (order.status !== 'paused') refuse();
      const schedule = { start: order.firstRunAt, interval: order.interval };
      // The first slot at or after now (never one in the past), and never a slot already used.
      const nextSlot = Math.max(order.nextSlot, nextSlotAfter({ schedule, at: now - 1 }));
      const nextRunAt = slotTime({ schedule, slot: nextSlot });
      return Object.freeze({
        ...order,
        status: 'active',
        updatedAt: now,
        nextSlot,
        nextRunAt,
        dueAt: openDueAt ?? nextRunAt,
        consecutiveFailures: 0,
        pausedReason: null,
      });
    }
    case 'cancel':
      if (order.status !== 'active' && order.status !== 'paused') refuse();
      return Object.freeze({
        ...order,
        status: 'cancelled',
        updatedAt: now,
        nextRunAt: null,
        dueAt: openDueAt,
        pausedReason: null,
      });
    default:
      return refuse();
  }
}
