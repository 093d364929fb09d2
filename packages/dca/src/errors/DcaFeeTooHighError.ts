import { BaseError } from './BaseError.js';

/**
 * Creating the order is refused: at today's gas its fills would cost more than the allowed share of what they buy,
 * so every one of them would be skipped. Code `DCA_FEE_TOO_HIGH` (422 at the HTTP edge). `shareBps` is the
 * worst-case fee as a share of the fill's value, in basis points (`null` when the fill has no value).
 *
 * @example
 * ```ts
 * await service.create({ input: { ...input, amountPerFill: 1n } }).catch((error) => error.code); // 'DCA_FEE_TOO_HIGH'
 * ```
 */
export class DcaFeeTooHighError extends BaseError<'DCA_FEE_TOO_HIGH'> {
  override name = 'DcaFeeTooHighError';
  readonly shareBps: number | null;
  readonly maxFeeShareBps: number;

  constructor({ shareBps, maxFeeShareBps }: { shareBps: number | null; maxFeeShareBps: number }) {
    super(
      'DCA_FEE_TOO_HIGH',
      `A fill's worst-case fee would be ${shareBps === null ? 'more than its whole value' : `${shareBps / 100}% of its value`}, above the ${maxFeeShareBps / 100}% allowed: every fill would be skipped.`,
    );
    this.shareBps = shareBps;
    this.maxFeeShareBps = maxFeeShareBps;
  }
}
