import type { Provider, TransactionReceipt } from 'ethers';
import { InvalidParameterError } from './errors/InvalidParameterError.js';
import { ReceiptTimeoutError } from './errors/ReceiptTimeoutError.js';
import { TransactionRevertedError } from './errors/TransactionRevertedError.js';

/** A sent transaction: an ethers `TransactionResponse`, or anything with its hash and a provider that reads receipts. */
export interface SentTransaction {
  readonly hash: string;
  readonly provider: Pick<Provider, 'getTransactionReceipt'>;
}

/** Parameters of {@link waitMined}. */
export interface WaitMinedParameters {
  /** Total time to wait for the receipt, in milliseconds (default 30 000). */
  timeoutMs?: number | undefined;
  /** Pause between two receipt reads, in milliseconds (default 25). */
  intervalMs?: number | undefined;
}

/** Return type of {@link waitMined}: the receipt of the mined, successful transaction. */
export type WaitMinedReturnType = TransactionReceipt;

/**
 * Waits for a sent transaction's receipt by reading it directly until it is there, and requires success. Use it
 * instead of ethers' `tx.wait()` against the devnet: anvil answers `eth_sendRawTransaction` before it has mined the
 * transaction, and when the block lands between the two reads `wait()` makes (the receipt, then the block number it
 * polls from), `wait()` waits for a block that never comes on an idle chain (ethers-io/ethers.js#4224). Rejects with
 * {@link ReceiptTimeoutError} after `timeoutMs` (each read is bounded by what is left of it) and with
 * {@link TransactionRevertedError} when the transaction reverted.
 *
 * @example
 * ```ts
 * import { waitMined } from '@org/devnet';
 * const receipt = await waitMined(wallet.sendTransaction({ to, value: 1n }));
 * console.log(receipt.blockNumber);
 * ```
 */
export async function waitMined(
  sent: SentTransaction | Promise<SentTransaction>,
  parameters: WaitMinedParameters = {},
): Promise<WaitMinedReturnType> {
  const timeoutMs = parameters.timeoutMs ?? 30_000;
  const intervalMs = parameters.intervalMs ?? 25;
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new InvalidParameterError('timeoutMs', 'must be a positive finite number of milliseconds');
  }
  if (typeof intervalMs !== 'number' || !Number.isFinite(intervalMs) || intervalMs < 0) {
    throw new InvalidParameterError('intervalMs', 'must be a finite number of milliseconds, at least 0');
  }
  const tx = await sent;
  if (typeof tx?.hash !== 'string' || typeof tx.provider?.getTransactionReceipt !== 'function') {
    throw new InvalidParameterError('sent', 'must be a sent transaction (a hash and a provider)');
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new ReceiptTimeoutError(tx.hash, timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const receipt = await Promise.race([
      tx.provider.getTransactionReceipt(tx.hash),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ReceiptTimeoutError(tx.hash, timeoutMs)), left);
      }),
    ]).finally(() => clearTimeout(timer));
    if (receipt) {
      if (receipt.status !== 1) throw new TransactionRevertedError(tx.hash, receipt.blockNumber);
      return receipt;
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))),
    );
  }
}
