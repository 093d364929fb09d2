import type { DcaOrderStatus } from '../types.js';
import { BaseError } from './BaseError.js';

/**
 * A state move the order's state machine does not allow: pausing a paused order, resuming an active one, anything
 * from `cancelled` or `completed`. Code `DCA_INVALID_TRANSITION` (409 at the HTTP edge). The order is unchanged.
 *
 * @example
 * ```ts
 * try {
 *   transitionOrder({ order: cancelled, command: { type: 'resume' }, now: Date.now() });
 * } catch (error) {
 *   // (error as DcaInvalidTransitionError).from === 'cancelled', .command === 'resume'
 * }
 * ```
 */
export class DcaInvalidTransitionError extends BaseError<'DCA_INVALID_TRANSITION'> {
  override name = 'DcaInvalidTransitionError';
  readonly orderId: string;
  readonly from: DcaOrderStatus;
  readonly command: string;

  constructor({ orderId, from, command }: { orderId: string; from: DcaOrderStatus; command: string }) {
    super(
      'DCA_INVALID_TRANSITION',
      `Order ${orderId} is ${from}: "${command}" is not allowed from this state.`,
    );
    this.orderId = orderId;
    this.from = from;
    this.command = command;
  }
}
