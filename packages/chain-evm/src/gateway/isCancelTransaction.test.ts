import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { testPreparingRecord, testTransaction } from './store/testing/executionFixtures.js';
import { isCancelTransaction } from './isCancelTransaction.js';
import { KEY, ROUTER } from './testing/gatewayHarness.js';

describe('isCancelTransaction', () => {
  it('only a 0-value call without data to the wallet itself', async () => {
    const wallet = new Wallet(KEY);
    const record = testPreparingRecord({ from: wallet.address as `0x${string}` });
    const sign = (to: string, value: bigint, data: string) =>
      wallet.signTransaction({
        chainId: 1,
        nonce: 0,
        to,
        value,
        data,
        gasLimit: 21_000n,
        gasPrice: 1n,
        type: 0,
      });
    const tx = async (to: string, value: bigint, data: string) =>
      testTransaction({ raw: (await sign(to, value, data)) as `0x${string}` });
    expect(isCancelTransaction(record, await tx(wallet.address, 0n, '0x'))).toBe(true);
    expect(isCancelTransaction(record, await tx(wallet.address.toLowerCase(), 0n, '0x'))).toBe(true);
    expect(isCancelTransaction(record, await tx(wallet.address, 1n, '0x'))).toBe(false);
    expect(isCancelTransaction(record, await tx(wallet.address, 0n, '0x00'))).toBe(false);
    expect(isCancelTransaction(record, await tx(ROUTER, 0n, '0x'))).toBe(false);
  });
});
