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
      acquired: null, // the scripted port answers no per-amount values
    });
    const unpriced = testContext({ price: null });
    expect(await valueStep(unpriced.ctx, { provider, chain, intent })).toMatchObject({
      valueWei: null,
      reason: 'no usable pool',
    });
    // Nothing spent: the native value alone.
    expect((await valueStep(unpriced.ctx, { provider, chain, intent: swap() })).valueWei).toBe(
      parseEther('0.01'),
    );
  });

  it('a swap’s acquired minimums are valued in the same round, apart from the charge (an unpriceable one leaves it known)', async () => {
    const intent = swap({
      value: parseEther('0.01'),
      spends: [{ token: USDC, amount: 5n }],
      acquires: [
        { token: USDC, amount: 7n },
        { token: USDC, amount: 0n },
      ],
    });
    const seen: unknown[] = [];
    const { ctx, calls } = testContext({
      price: (amounts) => {
        seen.push(amounts);
        return parseEther('0.02');
      },
      priceAcquired: (a) => (a.amount === 7n ? 3n : null),
    });
    expect(await valueStep(ctx, { provider, chain, intent })).toEqual({
      valueWei: parseEther('0.03'),
      reason: null,
      acquired: [{ token: USDC, amount: 7n, valueWei: 3n }], // a zero minimum has nothing to scale from
    });
    expect(seen).toEqual([[{ token: USDC, amount: 5n }]]);
    expect(calls.filter((c) => c === 'price')).toHaveLength(1);
    const unvalued = testContext({ price: parseEther('0.02'), priceAcquired: () => null });
    expect(await valueStep(unvalued.ctx, { provider, chain, intent })).toEqual({
      valueWei: parseEther('0.03'),
      reason: null,
      acquired: [{ token: USDC, amount: 7n, valueWei: null }],
    });
    // Not a swap: nothing acquired is valued.
    const approve = testContext({ price: 0n, priceAcquired: () => 1n });
    const approval = await valueStep(approve.ctx, {
      provider,
      chain,
      intent: { ...intent, action: 'approve' },
    });
    expect(approval.acquired).toBeNull();
  });
});
