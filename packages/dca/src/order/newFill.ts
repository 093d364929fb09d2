import { slotTime } from '../schedule/slotTime.js';
import type { DcaFill, DcaFillStatus, DcaOrder } from '../types.js';
import { fillIdempotencyKey } from './fillIdempotencyKey.js';

/** A new fill record for `slot` of `order` (everything not given is null). */
export function newFill({
  order,
  slot,
  status,
  amountIn,
  now,
  code = null,
  reason = null,
  ...rest
}: {
  order: DcaOrder;
  slot: number;
  status: DcaFillStatus;
  amountIn: bigint;
  now: number;
  code?: string | null;
  reason?: string | null;
} & Partial<Pick<DcaFill, 'minAmountOut' | 'quote'>>): DcaFill {
  return Object.freeze({
    orderId: order.id,
    slot,
    scheduledAt: slotTime({ schedule: { start: order.firstRunAt, interval: order.interval }, slot }),
    status,
    code,
    reason,
    amountIn,
    minAmountOut: rest.minAmountOut ?? null,
    amountOut: null,
    price: null,
    txHash: null,
    feeWei: null,
    executionId: null,
    blockNumber: null,
    blockHash: null,
    idempotencyKey: fillIdempotencyKey({ orderId: order.id, slot }),
    quote: rest.quote ?? null,
    createdAt: now,
    updatedAt: now,
  });
}
