import { BaseError } from './BaseError.js';

/**
 * No order with this id. Code `DCA_ORDER_NOT_FOUND` (404 at the HTTP edge).
 *
 * @example
 * ```ts
 * await service.get('0190f6c2-…').catch((error) => error.code); // 'DCA_ORDER_NOT_FOUND'
 * ```
 */
export class DcaOrderNotFoundError extends BaseError<'DCA_ORDER_NOT_FOUND'> {
  override name = 'DcaOrderNotFoundError';
  readonly orderId: string;

  constructor({ orderId }: { orderId: string }) {
    super('DCA_ORDER_NOT_FOUND', `DCA order ${orderId} does not exist.`);
    this.orderId = orderId;
  }
}
