import type { DcaOrder } from '../types.js';

/** Whether the order's `maxFills` or `maxTotalIn` is reached by its settled fills. */
export function limitReached(order: Pick<DcaOrder, 'maxFills' | 'maxTotalIn' | 'totals'>): boolean {
  return (
    (order.maxFills !== null && order.totals.fills >= order.maxFills) ||
    (order.maxTotalIn !== null && order.totals.spent >= order.maxTotalIn)
  );
}
