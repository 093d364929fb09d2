import { parseEther } from '@org/governor';
import { describe, expect, it } from 'vitest';
import { chains } from '../../chains/chains.js';
import { swap, testContext, USDC } from '../testing/gatewayHarness.js';
import { valueStep } from './valueStep.js';

const chain = chains.find((c) => c.id === 1)!;
const provider = { send: async () => null };

describe('valueStep', () => {
  it('native value plus the tokens spent, priced; null (never 0) with why when a token cannot be priced', async () => {
    const priced = testContext({ price: parseEther('0.02') });
    const intent = swap({ value: parseEther('0.01'), spends: [{ token: USDC, amount: 5n }] });
    expect(await valueStep(priced.ctx, { provider, chain, intent })).toEqual({
      valueWei: parseEther('0.03'),
      reason: null,
    });
    const unpriced = testContext({ price: null });
    expect(await valueStep(unpriced.ctx, { provider, chain, intent })).toEqual({
      valueWei: null,
      reason: 'no usable pool',
    });
    // Nothing spent: the native value alone.
    expect((await valueStep(unpriced.ctx, { provider, chain, intent: swap() })).valueWei).toBe(
      parseEther('0.01'),
    );
  });
});
