import { describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { hopDepthWei } from './hopDepthWei.js';
import type { JudgedPool } from './types.js';

const E18 = 10n ** 18n;
const weth = '0x00000000000000000000000000000000000000ff' as Address;
const a = '0x0000000000000000000000000000000000000001' as Address; // token0 of A/B
const b = '0x0000000000000000000000000000000000000002' as Address;
const poolAddress = '0x00000000000000000000000000000000000000aa' as Address;
const source = (over: Partial<JudgedPool>): JudgedPool => ({
  protocol: 'v2',
  pool: poolAddress,
  fee: null,
  depthWei: 50n * E18,
  twapDeviationBps: null,
  rejection: null,
  value: (amount) => amount / 2n, // 1 token = 0.5 WETH
  ...over,
});

describe('hopDepthWei', () => {
  it('a pool against the wrapped native: its judged depth; no pool answered there → 0', () => {
    const pricedPools = new Map([[a.toLowerCase(), [source({ depthWei: 7n })]]]);
    const base = {
      tokenA: a,
      tokenB: weth,
      wrappedNative: weth,
      pricedPools,
      state: null,
      bandBps: 500,
    } as const;
    expect(hopDepthWei({ ...base, protocol: 'v2', fee: null, pool: poolAddress })).toBe(7n);
    expect(hopDepthWei({ ...base, protocol: 'v3', fee: 3000, pool: poolAddress })).toBe(0n);
  });

  it('a pool of two other tokens: each side valued at its highest usable source, the larger wins; unpriced both → null', () => {
    // A V2 pair 1,000 A : 4,000 B; 5% band → 25.32 A or 101.28 B of depth.
    const state = { protocol: 'v2' as const, reserve0: 1_000n * E18, reserve1: 4_000n * E18 };
    const base = {
      protocol: 'v2' as const,
      tokenA: a,
      tokenB: b,
      fee: null,
      pool: poolAddress,
      wrappedNative: weth,
      state,
      bandBps: 500,
    };
    const onlyA = new Map([[a.toLowerCase(), [source({})]]]);
    expect(hopDepthWei({ ...base, pricedPools: onlyA })).toBe(12_660_282_759_551_804_658n); // 25.32 A × 0.5
    const bothSides = new Map([
      [a.toLowerCase(), [source({})]],
      [b.toLowerCase(), [source({ value: (amount) => amount })]], // 1 B = 1 WETH (a pricier source)
    ]);
    expect(hopDepthWei({ ...base, pricedPools: bothSides })).toBeGreaterThan(101n * E18);
    // A source that is not usable (shallow, off its TWAP) does not value anything.
    const rejected = new Map([[a.toLowerCase(), [source({ rejection: 'twap-deviation' })]]]);
    expect(hopDepthWei({ ...base, pricedPools: rejected })).toBeNull();
    expect(hopDepthWei({ ...base, pricedPools: new Map() })).toBeNull();
    expect(hopDepthWei({ ...base, state: null, pricedPools: bothSides })).toBe(0n);
  });
});
