import { describe, expect, it } from 'vitest';
import { bpsToLifiSlippage } from './bpsToLifiSlippage.js';
import { lifiSlippageToBps } from './lifiSlippageToBps.js';

describe('bpsToLifiSlippage', () => {
  it.each([
    [0, '0'],
    [1, '0.0001'],
    [50, '0.005'],
    [70, '0.007'],
    [100, '0.01'],
    [125, '0.0125'],
    [5_000, '0.5'],
    [10_000, '1'],
  ])('%i bps → %s', (bps, text) => {
    expect(bpsToLifiSlippage(bps)).toBe(text);
  });

  it('is exact for every whole basis point, and 1% is never sent as 1', () => {
    for (let bps = 0; bps <= 10_000; bps++) {
      const text = bpsToLifiSlippage(bps);
      expect(text).toMatch(/^(0|1|0\.\d{1,4})$/);
      expect(lifiSlippageToBps(Number(text))).toBe(bps);
    }
    expect(bpsToLifiSlippage(100)).not.toBe('1');
  });

  it.each([-1, 10_001, 0.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (bps) => {
    expect(() => bpsToLifiSlippage(bps)).toThrow(
      expect.objectContaining({ code: 'BRIDGE_INVALID_PARAMETER' }),
    );
  });
});

describe('lifiSlippageToBps', () => {
  it.each([
    [0.005, 50],
    [0.007, 70], // 70.00000000000001 in floating point
    [1, 10_000], // the `slippage: 1` bug, read back as 100%
    [0.00501, 51], // rounded up: never in the provider's favour
    [1e-7, 1],
    [0, 0],
  ])('%s → %i bps', (slippage, bps) => {
    expect(lifiSlippageToBps(slippage)).toBe(bps);
  });

  it.each([-0.001, 1.01, Number.NaN, Number.POSITIVE_INFINITY, '0.005' as unknown as number])(
    '%s → null',
    (value) => {
      expect(lifiSlippageToBps(value)).toBeNull();
    },
  );
});
