import { BaseError } from '../errors/BaseError.js';
import { type DcaFillStop, fillStopReason } from '../order/fillStopReason.js';
import type { DcaStore } from '../store/DcaStore.js';
import type { DcaFill } from '../types.js';

/** Parameters of {@link claimBeforeSend}. */
export interface ClaimBeforeSendParameters {
  readonly store: DcaStore;
  readonly orderId: string;
  /** The fill as it was written `running`. */
  readonly fill: DcaFill;
  /** Unix ms, stamped on the order and the fill. */
  readonly now: number;
}

const MAX_ATTEMPTS = 5;
const isCode = (error: unknown, code: string) => error instanceof BaseError && error.code === code;

/**
 * Re-reads the order and, in ONE compare-and-set with the fill's claim (the order on `(active, version)`, the fill
 * on `running`), confirms that the fill may hand its next transaction to the signer. A pause or cancel committed
 * before it wins (the answer is its stop reason: nothing may be sent); one arriving after it finds the transaction
 * already handed over, and the fill settles and counts. Retries when another write moved the order meanwhile.
 * Returns null when the fill may send.
 */
export async function claimBeforeSend({
  store,
  orderId,
  fill,
  now,
}: ClaimBeforeSendParameters): Promise<DcaFillStop | null> {
  for (let attempt = 1; ; attempt++) {
    const order = await store.getOrder(orderId);
    if (order === null) return { code: 'DCA_FILL_SUPERSEDED', reason: 'The order is gone.' };
    const stop = fillStopReason({ order, slot: fill.slot });
    if (stop !== null) return stop;
    try {
      await store.commit({
        order: { ...order, updatedAt: now },
        expected: { status: 'active', version: order.version },
        updateFill: { fill: { ...fill, status: 'running', updatedAt: now }, expectedStatus: 'running' },
      });
      return null;
    } catch (error) {
      if (isCode(error, 'DCA_FILL_CONFLICT')) {
        return { code: 'DCA_FILL_SUPERSEDED', reason: 'The fill was settled by another writer.' };
      }
      if (!isCode(error, 'DCA_VERSION_CONFLICT') || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
