import { describe, expect, it } from 'vitest';
import { checkBridgeValueLoss } from './checkBridgeValueLoss.js';

const base = { sentValue: 100_000_000n, feesValue: 100_000n, maxPriceImpactBps: 300, slippageBps: 50 };

describe('checkBridgeValueLoss', () => {
  it('refuses the review’s half-delivering quote (49.4505 USDC for 100) with the loss in bps', () => {
    expect(checkBridgeValueLoss({ ...base, deliveredValue: 49_450_500n })).toEqual({
      refusal: { code: 'BRIDGE_VALUE_LOSS_TOO_HIGH', reason: expect.stringContaining('5055 bps') },
      lossBps: 5055,
    });
  });

  it('accepts an honest quote (0.1 fee, 0.5% slippage) and reports its loss', () => {
    expect(checkBridgeValueLoss({ ...base, deliveredValue: 99_400_500n })).toEqual({
      refusal: null,
      lossBps: 60,
    });
  });

  it('allows exactly impact + slippage + fees, not one unit more', () => {
    // 3% + 0.5% of 100 = 3.5, plus 0.1 of fees: 3.6 may be lost.
    expect(checkBridgeValueLoss({ ...base, deliveredValue: 96_400_000n }).refusal).toBeNull();
    expect(checkBridgeValueLoss({ ...base, deliveredValue: 96_399_999n }).refusal?.code).toBe(
      'BRIDGE_VALUE_LOSS_TOO_HIGH',
    );
    expect(checkBridgeValueLoss({ ...base, feesValue: 0n, deliveredValue: 96_500_000n }).refusal).toBeNull();
    expect(
      checkBridgeValueLoss({ ...base, feesValue: 0n, deliveredValue: 96_499_999n }).refusal,
    ).not.toBeNull();
    expect(
      checkBridgeValueLoss({ ...base, feesValue: 0n, slippageBps: 0, deliveredValue: 97_000_000n }).refusal,
    ).toBeNull();
    expect(
      checkBridgeValueLoss({ ...base, feesValue: 0n, slippageBps: 0, deliveredValue: 96_999_999n }).refusal,
    ).not.toBeNull();
    expect(
      checkBridgeValueLoss({ ...base, feesValue: 0n, maxPriceImpactBps: 0, deliveredValue: 99_500_000n })
        .refusal,
    ).toBeNull();
    expect(
      checkBridgeValueLoss({ ...base, feesValue: 0n, maxPriceImpactBps: 0, deliveredValue: 99_499_999n })
        .refusal,
    ).not.toBeNull();
  });

  it('a gain is no loss; the loss rounds up to a whole bps', () => {
    expect(checkBridgeValueLoss({ ...base, deliveredValue: 120_000_000n })).toEqual({
      refusal: null,
      lossBps: 0,
    });
    expect(checkBridgeValueLoss({ ...base, deliveredValue: 100_000_000n })).toEqual({
      refusal: null,
      lossBps: 0,
    });
    expect(checkBridgeValueLoss({ ...base, deliveredValue: 99_999_999n }).lossBps).toBe(1);
    expect(checkBridgeValueLoss({ ...base, deliveredValue: 99_990_000n }).lossBps).toBe(1);
    expect(checkBridgeValueLoss({ ...base, deliveredValue: 99_989_999n }).lossBps).toBe(2);
  });

  it.each([
    ['nothing sent', { sentValue: 0n, deliveredValue: 0n }],
    ['a negative value sent', { sentValue: -1n, deliveredValue: 0n }],
    ['a negative value delivered', { deliveredValue: -1n }],
    ['negative fees', { feesValue: -1n, deliveredValue: 99_000_000n }],
    ['a negative impact', { maxPriceImpactBps: -1, deliveredValue: 99_000_000n }],
    ['a negative slippage', { slippageBps: -1, deliveredValue: 99_000_000n }],
    ['a fractional impact', { maxPriceImpactBps: 1.5, deliveredValue: 99_000_000n }],
    ['a fractional slippage', { slippageBps: 0.5, deliveredValue: 99_000_000n }],
    ['bounds above 100%', { maxPriceImpactBps: 9_000, slippageBps: 1_001, deliveredValue: 99_000_000n }],
  ])('%s cannot be compared (BRIDGE_VALUE_UNKNOWN)', (_name, over) => {
    expect(checkBridgeValueLoss({ ...base, ...{ deliveredValue: 0n }, ...over }).refusal?.code).toBe(
      'BRIDGE_VALUE_UNKNOWN',
    );
  });

  it('bounds of exactly 100% still compare', () => {
    expect(
      checkBridgeValueLoss({ ...base, maxPriceImpactBps: 9_000, slippageBps: 1_000, deliveredValue: 0n })
        .refusal,
    ).toBeNull();
  });
});
