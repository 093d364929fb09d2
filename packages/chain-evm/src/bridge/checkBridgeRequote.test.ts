import { describe, expect, it } from 'vitest';
import { checkBridgeRequote } from './checkBridgeRequote.js';

describe('checkBridgeRequote', () => {
  const first = { toAmount: 1_000_000n, toAmountMin: 995_000n };
  it.each([
    ['the same minimum', 995_000n, 50, null],
    ['a better minimum', 999_000n, 50, null],
    ['one unit below the first output less the slippage asked', 994_999n, 50, 'BRIDGE_REQUOTE_DROPPED'],
    ['the SDK’s doubled slippage (min vs min less 0.5%)', 990_025n, 50, 'BRIDGE_REQUOTE_DROPPED'],
    ['an invalid slippage counts as 0', 995_000n, -5, 'BRIDGE_REQUOTE_DROPPED'],
    ['0 slippage asked, the full output again', 1_000_000n, 0, null],
  ] as const)('%s', (_name, secondMin, slippageBps, code) => {
    const result = checkBridgeRequote({ first, second: { toAmountMin: secondMin }, slippageBps });
    expect(result.refusal?.code ?? null).toBe(code);
    expect(result.secondToAmountMin).toBe(secondMin);
    expect(result.firstToAmount).toBe(1_000_000n);
  });

  it('says both figures', () => {
    expect(checkBridgeRequote({ first, second: { toAmountMin: 900_000n }, slippageBps: 50 })).toMatchObject({
      floor: 995_000n,
      firstToAmountMin: 995_000n,
      refusal: { reason: expect.stringMatching(/900000.*995000.*1000000/) },
    });
  });
});
