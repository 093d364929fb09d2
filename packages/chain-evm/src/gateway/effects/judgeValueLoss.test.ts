import { describe, expect, it } from 'vitest';
import { judgeValueLoss } from './judgeValueLoss.js';

describe('judgeValueLoss', () => {
  it('an output worth the charge minus at most the allowed loss → null (exactly at the bound too)', () => {
    expect(judgeValueLoss({ chargedWei: 10_000n, receivedWei: 9_500n, maxLossBps: 500 })).toBeNull();
    expect(judgeValueLoss({ chargedWei: 10_000n, receivedWei: 12_000n, maxLossBps: 500 })).toBeNull();
    expect(judgeValueLoss({ chargedWei: 10_000n, receivedWei: 10_000n, maxLossBps: 0 })).toBeNull();
    expect(judgeValueLoss({ chargedWei: 10_000n, receivedWei: 0n, maxLossBps: 10_000 })).toBeNull();
  });

  it('G7: worth less than that → EFFECT_VALUE_LOSS naming what was charged and received', () => {
    const refusal = judgeValueLoss({ chargedWei: 10_000n, receivedWei: 9_499n, maxLossBps: 500 });
    expect(refusal?.code).toBe('EFFECT_VALUE_LOSS');
    expect(refusal?.reason).toContain('delivers 9499 wei of value for 10000 wei charged');
    expect(refusal?.reason).toContain('500 bps');
    expect(judgeValueLoss({ chargedWei: 10_000n, receivedWei: 9_999n, maxLossBps: 0 })?.code).toBe(
      'EFFECT_VALUE_LOSS',
    );
    // A manipulated route: 31,000× under the valuation.
    expect(
      judgeValueLoss({ chargedWei: 10n ** 18n, receivedWei: 32_258_064_516_129n, maxLossBps: 500 })?.code,
    ).toBe('EFFECT_VALUE_LOSS');
  });

  it('a loss allowance that is not an integer from 0 to 10000 bps throws', () => {
    for (const maxLossBps of [-1, 10_001, 1.5, Number.NaN]) {
      expect(() => judgeValueLoss({ chargedWei: 1n, receivedWei: 1n, maxLossBps })).toThrow(RangeError);
    }
  });
});
