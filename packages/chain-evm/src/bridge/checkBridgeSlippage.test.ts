import { describe, expect, it } from 'vitest';
import { checkBridgeSlippage } from './checkBridgeSlippage.js';
import { ACROSS_REQUEST, acrossQuote } from './testing/acrossQuote.js';
import type { LifiQuote } from './types.js';

function quote(toAmount: bigint, toAmountMin: bigint, slippage: number | null): LifiQuote {
  const q = acrossQuote();
  return { ...q, action: { ...q.action, slippage }, estimate: { ...q.estimate, toAmount, toAmountMin } };
}

describe('checkBridgeSlippage (ceiling 100 bps)', () => {
  it.each([
    ['asked 50, echoed 0.005, minimum −0.5%', 50, 300, quote(10_000n, 9_950n, 0.005), null],
    ['no echo', 50, 300, quote(10_000n, 9_950n, null), null],
    ['minimum exactly at the ceiling', 100, 300, quote(10_000n, 9_900n, 0.01), null],
    ['asked above the ceiling', 150, 300, quote(10_000n, 9_850n, 0.015), 'BRIDGE_SLIPPAGE_TOO_HIGH'],
    ['slippage echoed as 1 (100%)', 50, 300, quote(10_000n, 0n, 1), 'BRIDGE_SLIPPAGE_TOO_HIGH'],
    ['echo above what was asked', 50, 300, quote(10_000n, 9_950n, 0.0051), 'BRIDGE_SLIPPAGE_TOO_HIGH'],
    ['echo out of range', 50, 300, quote(10_000n, 9_950n, 2), 'BRIDGE_SLIPPAGE_TOO_HIGH'],
    ['minimum one unit below the ceiling', 50, 300, quote(10_000n, 9_899n, 0.005), 'BRIDGE_MIN_OUT_TOO_LOW'],
    ['minimum 0 with an honest echo', 50, 300, quote(10_000n, 0n, 0.005), 'BRIDGE_MIN_OUT_TOO_LOW'],
    [
      'maxPriceImpact at LI.FI’s default',
      50,
      1_000,
      quote(10_000n, 9_950n, 0.005),
      'BRIDGE_PRICE_IMPACT_TOO_HIGH',
    ],
    ['maxPriceImpact 0', 50, 0, quote(10_000n, 9_950n, 0.005), 'BRIDGE_PRICE_IMPACT_TOO_HIGH'],
  ] as const)('%s', (_name, slippageBps, maxPriceImpactBps, q, code) => {
    const refusal = checkBridgeSlippage({
      quote: q,
      request: { ...ACROSS_REQUEST, slippageBps, maxPriceImpactBps },
      maxSlippageBps: 100,
    });
    expect(refusal?.code ?? null).toBe(code);
  });
});
