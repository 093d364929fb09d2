// Test-only signing (product code never signs: the execution gateway does). Runtime code never imports this file.
import type { JsonRpcProvider, TransactionReceipt } from 'ethers';
import { Wallet } from 'ethers';
import type { SwapTransactionRequest } from '../types.js';
import { waitMined } from '@org/devnet';

/**
 * Test-only signing: sends a built transaction from a devnet account (gas estimate + 30%, see the devnet README)
 * and waits for its receipt; throws if it reverted.
 *
 * @example
 * ```ts
 * const receipt = await sendFromDevnetAccount({ provider, privateKey, tx });
 * ```
 */
export async function sendFromDevnetAccount({
  provider,
  privateKey,
  tx,
}: {
  provider: JsonRpcProvider;
  privateKey: string;
  tx: SwapTransactionRequest;
}): Promise<TransactionReceipt> {
  const wallet = new Wallet(privateKey, provider);
  const gas = await wallet.estimateGas({ to: tx.to, data: tx.data, value: tx.value });
  const sent = await wallet.sendTransaction({
    to: tx.to,
    data: tx.data,
    value: tx.value,
    gasLimit: (gas * 13n) / 10n,
  });
  const receipt = await waitMined(sent);
  if (receipt === null || receipt.status !== 1) throw new Error(`transaction ${sent.hash} failed`);
  return receipt;
}
