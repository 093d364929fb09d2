import type { DcaFill, DcaOrder } from '../types.js';

/** What {@link reopenReorgedFill} answers. */
export type ReopenReorgedFillReturnType =
  | { readonly reopened: true; readonly order: DcaOrder; readonly fill: DcaFill }
  | { readonly reopened: false; readonly why: 'not-filled' | 'busy' };

/**
 * Pure: a `filled` fill whose swap's block was reorganized away (its execution is `pending` again) goes back to
 * `pending` with code `REORGED` and is no longer counted: the order's totals lose its `amountIn`, `amountOut` and one
 * fill, and the order re-opens its slot (`openSlot`, due now) so the scheduler follows it again like any pending
 * fill — asking the executor with the same key, never executing it again — and counts it once when it settles. A
 * fill that is not `filled` (already re-opened, or never counted) is left alone (`not-filled`); an order with
 * another open slot is `busy` (ask again once that one settled).
 *
 * @example
 * ```ts
 * const r = reopenReorgedFill({ order, fill, now: Date.now() });
 * if (r.reopened) await store.commit({ order: r.order, expected, updateFill: { fill: r.fill, expectedStatus: 'filled' } });
 * ```
 */
export function reopenReorgedFill({
  order,
  fill,
  now,
}: {
  readonly order: DcaOrder;
  readonly fill: DcaFill;
  readonly now: number;
}): ReopenReorgedFillReturnType {
  if (fill.status !== 'filled') return { reopened: false, why: 'not-filled' };
  if (order.openSlot !== null && order.openSlot !== fill.slot) return { reopened: false, why: 'busy' };
  const t = order.totals;
  const received = fill.amountOut ?? 0n;
  return {
    reopened: true,
    fill: Object.freeze({
      ...fill,
      status: 'pending',
      code: 'REORGED',
      reason: 'the block its swap was mined in was reorganized away: followed again, counted once it settles',
      amountOut: null,
      price: null,
      blockNumber: null,
      blockHash: null,
      updatedAt: now,
    }),
    order: Object.freeze({
      ...order,
      updatedAt: now,
      openSlot: fill.slot,
      dueAt: now,
      totals: Object.freeze({
        ...t,
        spent: t.spent >= fill.amountIn ? t.spent - fill.amountIn : 0n,
        received: t.received >= received ? t.received - received : 0n,
        fills: t.fills > 0 ? t.fills - 1 : 0,
      }),
    }),
  };
}
