import { describe, expect, it } from 'vitest';
import { testContext } from '../testing/gatewayHarness.js';
import { readChainNumber } from './readChainNumber.js';

describe('readChainNumber', () => {
  it('the head block and the mined nonce count, from hex quantities', async () => {
    const { ctx, calls } = testContext({ blockNumber: 1234, latestNonce: 9 });
    const provider = await ctx.provider(1);
    expect(await readChainNumber(ctx, { provider, chainId: 1, what: 'block' })).toBe(1234);
    expect(await readChainNumber(ctx, { provider, chainId: 1, what: 'nonce', address: ctx.address })).toBe(9);
    expect(calls).toEqual(['eth_blockNumber', 'eth_getTransactionCount']);
  });
});
