import { Transaction, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../types.js';
import { sendRawTransaction } from './sendRawTransaction.js';

const wallet = new Wallet(`0x${'11'.repeat(32)}`);
const raw = (await wallet.signTransaction({
  type: 2,
  chainId: 1,
  nonce: 3,
  to: wallet.address,
  value: 0n,
  gasLimit: 21_000n,
  maxFeePerGas: 2n,
  maxPriorityFeePerGas: 1n,
})) as Hex;
const hash = Transaction.from(raw).hash as string;

/** A node refusing every raw transaction with `message`; it knows the transactions in `known` by hash. */
const node = (message: string, known: string[]) => async () => ({
  send: async (method: string, params: readonly unknown[]) => {
    if (method === 'eth_sendRawTransaction') throw new Error(message);
    if (method === 'eth_getTransactionByHash')
      return known.includes(params[0] as string) ? { hash: params[0] } : null;
    throw new Error(method);
  },
});

describe('sendRawTransaction', () => {
  it('already known, or nonce too low for a transaction the node knows by its own hash: success', async () => {
    await sendRawTransaction({ provider: node('already known', []), chainId: 1, raw, timeoutMs: 1_000 });
    await sendRawTransaction({ provider: node('nonce too low', [hash]), chainId: 1, raw, timeoutMs: 1_000 });
  });

  it('nonce too low for a transaction the node does not know, or any other refusal: thrown (typed)', async () => {
    await expect(
      sendRawTransaction({ provider: node('nonce too low', []), chainId: 1, raw, timeoutMs: 1_000 }),
    ).rejects.toMatchObject({ code: 'RPC_ERROR' });
    await expect(
      sendRawTransaction({ provider: node('insufficient funds', [hash]), chainId: 1, raw, timeoutMs: 1_000 }),
    ).rejects.toMatchObject({ code: 'RPC_ERROR' });
  });
});
