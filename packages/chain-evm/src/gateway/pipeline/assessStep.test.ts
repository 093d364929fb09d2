import { parseEther } from '@org/governor';
import { describe, expect, it } from 'vitest';
import { chains } from '../../chains/chains.js';
import { swap, testContext, USDC } from '../testing/gatewayHarness.js';
import { assessStep } from './assessStep.js';

const chain = chains.find((c) => c.id === 1)!;
const provider = { send: async () => null };
const usdcIn = swap({ value: 0n, spends: [{ token: USDC, amount: 1n }] });

describe('assessStep', () => {
  it('reads value and safety both; a proven harm wins over an unknown value, which wins over an unknown safety', async () => {
    const harm = testContext({ price: null, safety: { isHoneypot: true, sellTax: null } });
    const a = await assessStep(harm.ctx, { provider, chain, intent: usdcIn });
    expect(a).toMatchObject({ refusal: { code: 'TOKEN_UNSAFE' }, valueWei: null });
    expect(harm.calls.sort()).toEqual(['price', 'safety']);

    const unknownValue = testContext({ price: null, safety: { isHoneypot: null, sellTax: 0 } });
    const b = await assessStep(unknownValue.ctx, { provider, chain, intent: usdcIn });
    expect(b).toMatchObject({ refusal: { code: 'VALUE_UNKNOWN' }, unsafe: { code: 'TOKEN_SAFETY_UNKNOWN' } });

    const unknownSafety = testContext({
      price: parseEther('0.01'),
      safety: { isHoneypot: false, sellTax: null },
    });
    const c = await assessStep(unknownSafety.ctx, { provider, chain, intent: usdcIn });
    expect(c).toMatchObject({ refusal: { code: 'TOKEN_SAFETY_UNKNOWN' }, valueWei: parseEther('0.01') });

    const fine = testContext({ price: parseEther('0.01') });
    expect((await assessStep(fine.ctx, { provider, chain, intent: usdcIn })).refusal).toBeNull();
  });
});
