import { Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { KEY, testContext } from '../testing/gatewayHarness.js';

describe('createGatewayContext', () => {
  it('settings over the defaults; a signer for EIP-1559 and legacy fees that never exposes the key', async () => {
    const { ctx } = testContext({}, { maxPendingPerSender: 4 });
    expect(ctx.settings).toMatchObject({
      maxPendingPerSender: 4,
      senderWindowWaitMs: 30_000,
      maxReplacements: 3,
    });
    const base = { chainId: 1, nonce: 3, to: ctx.address, data: '0x' as const, value: 5n, gasLimit: 21_000n };
    const typed = Transaction.from(
      await ctx.signTransaction({
        ...base,
        fees: { kind: 'eip1559', baseFeePerGas: 1n, maxFeePerGas: 9n, maxPriorityFeePerGas: 2n },
      }),
    );
    expect({
      type: typed.type,
      from: typed.from,
      maxFeePerGas: typed.maxFeePerGas,
      nonce: typed.nonce,
    }).toEqual({
      type: 2,
      from: ctx.address,
      maxFeePerGas: 9n,
      nonce: 3,
    });
    const legacy = Transaction.from(
      await ctx.signTransaction({ ...base, fees: { kind: 'legacy', gasPrice: 7n } }),
    );
    expect({ type: legacy.type, gasPrice: legacy.gasPrice }).toEqual({ type: 0, gasPrice: 7n });
    expect(JSON.stringify(Object.keys(ctx))).not.toContain('privateKey');
    expect(JSON.stringify(ctx, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).not.toContain(
      KEY.slice(2),
    );
  });
});
