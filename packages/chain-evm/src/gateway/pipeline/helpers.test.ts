import { describe, expect, it } from 'vitest';
import { MemoryConfirmationStore } from '../store/MemoryConfirmationStore.js';
import { testContext } from '../testing/gatewayHarness.js';
import { listAllConfirmations } from './listAllConfirmations.js';
import { maxFeeOf } from './maxFeeOf.js';
import { requireConfirmations } from './requireConfirmations.js';
import { shortMessageOf } from './shortMessageOf.js';
import { signGatewayTransaction } from './signGatewayTransaction.js';

// The pipeline's small helpers.
describe('pipeline helpers', () => {
  it('maxFeeOf, shortMessageOf', () => {
    expect(maxFeeOf({ kind: 'legacy', gasPrice: 7n })).toBe(7n);
    expect(maxFeeOf({ kind: 'eip1559', baseFeePerGas: 1n, maxFeePerGas: 9n, maxPriorityFeePerGas: 2n })).toBe(
      9n,
    );
    expect(shortMessageOf(Object.assign(new Error('long'), { shortMessage: 'short' }))).toBe('short');
    expect(shortMessageOf('x'.repeat(400))).toHaveLength(300);
  });

  it('requireConfirmations and listAllConfirmations', async () => {
    expect(() => requireConfirmations(testContext().ctx)).toThrow(
      expect.objectContaining({ code: 'CONFIRMATION_NOT_CONFIGURED' }),
    );
    const confirmations = new MemoryConfirmationStore();
    expect(requireConfirmations(testContext({}, {}, { confirmations }).ctx)).toBe(confirmations);
    expect(await listAllConfirmations(confirmations, 'pending')).toEqual([]);
  });

  it('signGatewayTransaction describes what it signed', async () => {
    const { ctx } = testContext({}, {}, { clock: () => 99 });
    const tx = await signGatewayTransaction(ctx, {
      chainId: 1,
      nonce: 4,
      to: ctx.address,
      data: '0x',
      value: 0n,
      gasLimit: 21_000n,
      fees: { kind: 'eip1559', baseFeePerGas: 1n, maxFeePerGas: 9n, maxPriorityFeePerGas: 2n },
    });
    expect(tx).toMatchObject({
      nonce: 4,
      gasLimit: 21_000n,
      maxFeePerGas: 9n,
      maxPriorityFeePerGas: 2n,
      signedAt: 99,
    });
    expect(tx.hash).toMatch(/^0x[0-9a-f]{64}$/);
  });
});
