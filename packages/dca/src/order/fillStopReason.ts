import type { DcaCatchUp, DcaOrderStatus } from '../types.js';

/** Why an open fill must not (or no longer) send a transaction: a stable code and a sentence. */
export interface DcaFillStop {
  /** The stable code the fill is settled `skipped` with. */
  readonly code:
    | 'DCA_ORDER_PAUSED'
    | 'DCA_ORDER_CANCELLED'
    | 'DCA_ORDER_COMPLETED'
    | 'DCA_FILL_SUPERSEDED'
    | 'DCA_SLOT_EXPIRED';
  /** One sentence for the fill's record. */
  readonly reason: string;
}

/** Parameters of {@link fillStopReason}. */
export interface FillStopReasonParameters {
  /** The order as it stands now (just read). */
  readonly order: { readonly status: DcaOrderStatus; readonly openSlot: number | null };
  /** The fill's slot. */
  readonly slot: number;
  /**
   * For a fill about to be executed AGAIN (its first attempt never reached the executor): its slot's time, `now`,
   * the scheduler's grace and the order's catch-up policy. A slot older than the grace runs late only under
   * `catchUp: 'once'`.
   */
  readonly lateness?: {
    readonly scheduledAt: number;
    readonly now: number;
    readonly graceMs: number;
    readonly catchUp: DcaCatchUp;
  };
}

/**
 * Pure: why a fill of `slot` must not hand a transaction to the signer now, or null when it may. A fill sends only
 * for an order still `active` whose open fill it is; a paused, cancelled or completed order never swaps again
 * (its fill is settled `skipped` with this code). A fill executed again after a crash is also held to the grace
 * and the catch-up policy (`DCA_SLOT_EXPIRED`), as a late slot would be.
 *
 * @example
 * ```ts
 * fillStopReason({ order: { status: 'paused', openSlot: 3 }, slot: 3 }); // { code: 'DCA_ORDER_PAUSED', … }
 * ```
 */
export function fillStopReason({ order, slot, lateness }: FillStopReasonParameters): DcaFillStop | null {
  switch (order.status) {
    case 'paused':
      return { code: 'DCA_ORDER_PAUSED', reason: 'The order was paused before the fill sent anything.' };
    case 'cancelled':
      return {
        code: 'DCA_ORDER_CANCELLED',
        reason: 'The order was cancelled before the fill sent anything.',
      };
    case 'completed':
      return { code: 'DCA_ORDER_COMPLETED', reason: 'The order completed before the fill sent anything.' };
  }
  if (order.openSlot !== slot) {
    return { code: 'DCA_FILL_SUPERSEDED', reason: "The fill is no longer the order's open fill." };
  }
  if (lateness !== undefined) {
    const lateMs = lateness.now - lateness.scheduledAt;
    if (lateness.catchUp === 'skip' && lateMs > lateness.graceMs) {
      return {
        code: 'DCA_SLOT_EXPIRED',
        reason: `The fill would run ${Math.floor(lateMs / 1000)} s after its slot, past the ${Math.floor(lateness.graceMs / 1000)} s grace (catch-up: skip).`,
      };
    }
  }
  return null;
}
