import { BaseError } from './BaseError.js';

/**
 * No receipt for a sent transaction within the time-out of {@link waitMined}: it was not mined (mining off,
 * a nonce gap) or the node did not answer in time.
 *
 * @example
 * ```ts
 * import { waitMined } from '@org/devnet';
 * await waitMined(tx, { timeoutMs: 1_000 }).catch((e) => e.code); // 'DEVNET_RECEIPT_TIMEOUT'
 * ```
 */
export class ReceiptTimeoutError extends BaseError<'DEVNET_RECEIPT_TIMEOUT'> {
  override name = 'ReceiptTimeoutError';
  /** Hash of the transaction that has no receipt. */
  readonly hash: string;
  /** The time-out that elapsed, in milliseconds. */
  readonly timeoutMs: number;

  constructor(hash: string, timeoutMs: number, cause?: unknown) {
    super('DEVNET_RECEIPT_TIMEOUT', `no receipt for ${hash} within ${timeoutMs} ms.`, { cause });
    this.hash = hash;
    this.timeoutMs = timeoutMs;
  }
}
