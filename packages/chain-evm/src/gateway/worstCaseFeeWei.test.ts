import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { worstCaseFeeWei } from './worstCaseFeeWei.js';

const GWEI = 1_000_000_000n;

describe('worstCaseFeeWei', () => {
  it('limit × max fee after three +12.5% bumps (each rounded up), capped by the ceiling', () => {
    // 1 gwei → 1.125 → 1.265625 → 1.423828125 gwei.
    expect(
      worstCaseFeeWei({
        gasLimit: 26_250n,
        maxFeePerGas: GWEI,
        feeCeilingWei: 500n * GWEI,
        maxReplacements: 3,
      }),
    ).toBe(26_250n * 1_423_828_125n);
    expect(
      worstCaseFeeWei({ gasLimit: 10n, maxFeePerGas: 7n, feeCeilingWei: 100n, maxReplacements: 1 }),
    ).toBe(80n);
    expect(
      worstCaseFeeWei({
        gasLimit: 2n,
        maxFeePerGas: 100n * GWEI,
        feeCeilingWei: 120n * GWEI,
        maxReplacements: 3,
      }),
    ).toBe(240n * GWEI);
    expect(worstCaseFeeWei({ gasLimit: 3n, maxFeePerGas: 5n, feeCeilingWei: 100n, maxReplacements: 0 })).toBe(
      15n,
    );
  });

  it('property: never below limit × min(maxFee, ceiling), never above limit × ceiling, monotone in replacements', () => {
    const big = fc.bigInt({ min: 1n, max: 10n ** 13n });
    fc.assert(
      fc.property(
        big,
        big,
        big,
        fc.integer({ min: 0, max: 6 }),
        (gasLimit, maxFeePerGas, feeCeilingWei, n) => {
          const worst = worstCaseFeeWei({ gasLimit, maxFeePerGas, feeCeilingWei, maxReplacements: n });
          // biome-ignore lint/complexity/useMathMinMax: bigint operands (Math.min does not take them)
          const floor = maxFeePerGas < feeCeilingWei ? maxFeePerGas : feeCeilingWei;
          expect(worst).toBeGreaterThanOrEqual(gasLimit * floor);
          expect(worst).toBeLessThanOrEqual(gasLimit * feeCeilingWei);
          expect(
            worstCaseFeeWei({ gasLimit, maxFeePerGas, feeCeilingWei, maxReplacements: n + 1 }),
          ).toBeGreaterThanOrEqual(worst);
        },
      ),
    );
  });
});
