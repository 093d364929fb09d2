import { describe, expect, it } from 'vitest';
import { chains } from '../../chains/chains.js';
import { swap, testContext, USDC } from '../testing/gatewayHarness.js';
import { safetyStep } from './safetyStep.js';

const chain = chains.find((c) => c.id === 1)!;

describe('safetyStep', () => {
  it('reads a report per acquired token and gives the verdict; nothing acquired → nothing to refuse', async () => {
    const honey = testContext({ safety: { isHoneypot: true, sellTax: null } });
    expect(await safetyStep(honey.ctx, { chain, intent: swap() })).toEqual({
      safety: [{ token: USDC, isHoneypot: true, buyTax: 0, sellTax: null }],
      unsafe: expect.objectContaining({ code: 'TOKEN_UNSAFE' }),
    });
    expect(honey.calls).toEqual(['safety']);
    const unknown = testContext({ safety: { isHoneypot: null, sellTax: 0 } });
    expect((await safetyStep(unknown.ctx, { chain, intent: swap() })).unsafe?.code).toBe(
      'TOKEN_SAFETY_UNKNOWN',
    );
    const none = testContext();
    expect(await safetyStep(none.ctx, { chain, intent: swap({ acquires: [] }) })).toEqual({
      safety: [],
      unsafe: null,
    });
    expect(none.calls).toEqual([]);
  });
});
