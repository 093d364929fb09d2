import type { DcaEvent } from '@org/dca';

/**
 * The data of a DCA event on `GET /events` (type `dca.filled`, `dca.skipped`, `dca.blocked`, `dca.failed`,
 * `dca.paused`, `dca.completed`, `dca.resumed`, `dca.cancelled`): the order, the slot, the code and reason, the time,
 * how many slots it covers, and the fill (amounts in base units as decimal strings).
 *
 * @example
 * ```ts
 * hub.publish(event.type, dcaEventData(event));
 * ```
 */
export function dcaEventData(event: DcaEvent): Record<string, unknown> {
  const fill = event.fill;
  return {
    orderId: event.orderId,
    slot: event.slot,
    code: event.code,
    reason: event.reason,
    at: new Date(event.at).toISOString(),
    count: event.count,
    fill:
      fill === null
        ? null
        : {
            slot: fill.slot,
            status: fill.status,
            code: fill.code,
            amountIn: fill.amountIn.toString(),
            amountOut: fill.amountOut?.toString() ?? null,
            txHash: fill.txHash,
            feeWei: fill.feeWei?.toString() ?? null,
            executionId: fill.executionId,
            idempotencyKey: fill.idempotencyKey,
          },
  };
}
