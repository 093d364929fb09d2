import type { DcaFillStop } from '../order/fillStopReason.js';
import { BaseError } from './BaseError.js';

/**
 * Thrown by a fill's `beforeSend` (see `DcaExecuteParameters`) when its order left `active` (or the fill is no
 * longer its open fill) before the next transaction was handed to the signer: nothing more may be sent. Codes
 * `DCA_ORDER_PAUSED`, `DCA_ORDER_CANCELLED`, `DCA_ORDER_COMPLETED`, `DCA_FILL_SUPERSEDED`; the scheduler settles the
 * fill `skipped` with it.
 *
 * @example
 * ```ts
 * await p.beforeSend?.('swap'); // throws DcaFillStoppedError ('DCA_ORDER_PAUSED') after a pause
 * ```
 */
export class DcaFillStoppedError extends BaseError<DcaFillStop['code']> {
  override name = 'DcaFillStoppedError';
  constructor(stop: DcaFillStop) {
    super(stop.code, stop.reason);
  }
}
