import { describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { judgePriceSource } from './judgePriceSource.js';
import { resolvePricingRules } from './resolvePricingRules.js';
import { sqrtRatioAtTick } from './sqrtRatioAtTick.js';
import type { PoolState } from './types.js';

const E18 = 10n ** 18n;
const pool = '0x0000000000000000000000000000000000000001' as Address;
const rules = resolvePricingRules({ minLiquidityWei: 10n * E18 });
// A V3 pool of token0 = X, token1 = WETH at tick 0 (1 X = 1 WETH); L with 400 WETH of virtual reserve ≈ 10.1 of depth.
const v3 = (over: Partial<Extract<PoolState, { protocol: 'v3' }>> = {}): PoolState => ({
  protocol: 'v3',
  sqrtPriceX96: 2n ** 96n,
  tick: 0,
  liquidity: 400n * E18,
  twapTick: 0,
  ...over,
});
const judge = (state: PoolState, tokenIsToken0 = true) =>
  judgePriceSource({ pool, fee: 3000, state, tokenIsToken0, rules });

describe('judgePriceSource', () => {
  it('a deep V3 pool whose spot is on its TWAP is a source, valued at the spot', () => {
    const judged = judge(v3());
    expect(judged).toMatchObject({ rejection: null, twapDeviationBps: 0n, protocol: 'v3', fee: 3000 });
    expect(judged.depthWei).toBeGreaterThan(10n * E18);
    expect(judged.value(3n * E18)).toBe(3n * E18);
  });

  it('no liquidity in range → shallow, whatever the pool holds (out-of-range positions and transfers are not in liquidity())', () => {
    expect(judge(v3({ liquidity: 0n }))).toMatchObject({ rejection: 'shallow', depthWei: 0n });
    expect(judge(v3({ liquidity: 390n * E18 }))).toMatchObject({ rejection: 'shallow' }); // 9.87 WETH within 5%
  });

  it('V3 without a TWAP for the window → twap-unavailable (fail closed); beyond the bound → twap-deviation', () => {
    expect(judge(v3({ twapTick: null }))).toMatchObject({
      rejection: 'twap-unavailable',
      twapDeviationBps: null,
    });
    const pushed = judge(v3({ sqrtPriceX96: sqrtRatioAtTick(-600), tick: -600, liquidity: 1_000n * E18 }));
    expect(pushed.rejection).toBe('twap-deviation');
    expect(pushed.twapDeviationBps).toBeGreaterThan(500n);
    const within = judge(v3({ sqrtPriceX96: sqrtRatioAtTick(-500), tick: -500, liquidity: 1_000n * E18 }));
    expect(within).toMatchObject({ rejection: null });
    expect(within.twapDeviationBps).toBeLessThanOrEqual(500n);
  });

  it('V2: reserves decide (depth only, no TWAP); the WETH side is measured whichever token it is', () => {
    const deep: PoolState = { protocol: 'v2', reserve0: 1_000_000n * E18, reserve1: 400n * E18 };
    expect(judge(deep, true)).toMatchObject({ rejection: null, twapDeviationBps: null });
    expect(judge(deep, true).value(10_000n * E18)).toBe(4n * E18);
    // Now the token is token1 and WETH (reserve0) is a million: deep; swap the reserves and it is shallow.
    expect(judge(deep, false).rejection).toBeNull();
    const shallow: PoolState = { protocol: 'v2', reserve0: 100n * E18, reserve1: 1_000_000n * E18 };
    expect(judge(shallow, false)).toMatchObject({ rejection: 'shallow' });
  });

  it('the floor and the deviation bound are inclusive; values read the right way round when the token is token1', () => {
    const exact = judge(v3());
    const atFloor = judgePriceSource({
      pool,
      fee: 3000,
      state: v3(),
      tokenIsToken0: true,
      rules: { ...rules, minLiquidityWei: exact.depthWei },
    });
    expect(atFloor.rejection).toBeNull();
    const pushed = judge(v3({ sqrtPriceX96: sqrtRatioAtTick(-500), tick: -500, liquidity: 1_000n * E18 }));
    const atBound = judgePriceSource({
      pool,
      fee: 3000,
      state: v3({ sqrtPriceX96: sqrtRatioAtTick(-500), tick: -500, liquidity: 1_000n * E18 }),
      tokenIsToken0: true,
      rules: { ...rules, maxTwapDeviationBps: Number(pushed.twapDeviationBps) },
    });
    expect(atBound.rejection).toBeNull();
    // V3 at 1 X = 4 WETH (√P = 2): token1 priced in token0 = WETH is amount ÷ 4.
    const v3Token1 = judge(v3({ sqrtPriceX96: 2n * 2n ** 96n, liquidity: 1_000n * E18 }), false);
    expect(v3Token1.value(8n * E18)).toBe(2n * E18);
    // V2 with the token as token1: amount × reserve0 ÷ reserve1.
    const v2: PoolState = { protocol: 'v2', reserve0: 400n * E18, reserve1: 1_000_000n * E18 };
    expect(judge(v2, false).value(10_000n * E18)).toBe(4n * E18);
  });
});
