/**
 * The idempotency key of an order's slot, `dca:<order id>:<slot>`: every executor call for that slot carries it,
 * so the gateway executes the slot at most once, whatever crashes or retries happen.
 *
 * @example
 * ```ts
 * fillIdempotencyKey({ orderId: '0190f6c2-5e1a-7c3d-9f00-6b1d2e3f4a5b', slot: 12 });
 * // 'dca:0190f6c2-5e1a-7c3d-9f00-6b1d2e3f4a5b:12'
 * ```
 */
export function fillIdempotencyKey({ orderId, slot }: { orderId: string; slot: number }): string {
  return `dca:${orderId}:${slot}`;
}
