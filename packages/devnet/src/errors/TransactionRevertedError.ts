import { BaseError } from './BaseError.js';

/**
 * A transaction awaited with {@link waitMined} was mined and reverted (receipt status 0).
 *
 * @example
 * ```ts
 * import { waitMined } from '@org/devnet';
 * await waitMined(tx).catch((e) => e.code); // 'DEVNET_TRANSACTION_REVERTED'
 * ```
 */
export class TransactionRevertedError extends BaseError<'DEVNET_TRANSACTION_REVERTED'> {
  override name = 'TransactionRevertedError';
  /** Hash of the reverted transaction. */
  readonly hash: string;
  /** Block it was mined in. */
  readonly blockNumber: number;

  constructor(hash: string, blockNumber: number) {
    super('DEVNET_TRANSACTION_REVERTED', `transaction ${hash} reverted in block ${blockNumber}.`);
    this.hash = hash;
    this.blockNumber = blockNumber;
  }
}
