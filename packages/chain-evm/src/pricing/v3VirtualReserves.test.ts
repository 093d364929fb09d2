import { describe, expect, it } from 'vitest';
import { depthWithinBand } from './depthWithinBand.js';
import { v3VirtualReserves } from './v3VirtualReserves.js';

const E18 = 10n ** 18n;

describe('v3VirtualReserves', () => {
  it('a full-range position of 1,000 WETH : 3,000,000 USDC has exactly those virtual reserves (L = √(x·y), √P = √(y/x))', () => {
    // token0 = USDC (6 decimals), token1 = WETH: x = 3e12, y = 1e21 → L = √3e33, √P·2^96 = √(1e21/3e12)·2^96.
    const x = 3_000_000n * 10n ** 6n;
    const y = 1_000n * E18;
    const liquidity = 54_772_255_750_516_611n; // ⌊√(x·y)⌋
    const sqrtPriceX96 = 1_446_501_726_624_926_496_477_173_928_747_177n; // the devnet pool's slot0
    const { reserve0, reserve1 } = v3VirtualReserves({ liquidity, sqrtPriceX96 });
    expect(reserve0).toBeGreaterThan((x * 9_999n) / 10_000n);
    expect(reserve0).toBeLessThanOrEqual(x);
    expect(reserve1).toBeGreaterThan((y * 9_999n) / 10_000n);
    expect(reserve1).toBeLessThanOrEqual(y);
    // So its depth within 5% is the V2 figure for the same reserves (≈ 25.3 WETH).
    expect(depthWithinBand({ reserve: reserve1, bandBps: 500 })).toBeGreaterThan(25n * E18);
  });

  it('no liquidity in range (only out-of-range positions, or WETH merely sent) → 0 on both sides, whatever the balance', () => {
    expect(v3VirtualReserves({ liquidity: 0n, sqrtPriceX96: 2n ** 96n })).toEqual({
      reserve0: 0n,
      reserve1: 0n,
    });
    expect(v3VirtualReserves({ liquidity: 10n ** 18n, sqrtPriceX96: 0n })).toEqual({
      reserve0: 0n,
      reserve1: 0n,
    });
  });

  it('a negative liquidity (a corrupt answer) is no reserve either', () => {
    expect(v3VirtualReserves({ liquidity: -1n, sqrtPriceX96: 2n ** 96n })).toEqual({
      reserve0: 0n,
      reserve1: 0n,
    });
  });
});
