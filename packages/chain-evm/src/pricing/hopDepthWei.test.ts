import { describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { hopDepthWei } from './hopDepthWei.js';
import type { JudgedPool } from './types.js';

const E18 = 10n ** 18n;
const weth = '0x00000000000000000000000000000000000000ff' as Address;
const a = '0x0000000000000000000000000000000000000001' as Address; // token0 of A/B
const b = '0x0000000000000000000000000000000000000002' as Address;
const poolAddress = '0x00000000000000000000000000000000000000aa' as Address;
const otherPool = '0x00000000000000000000000000000000000000bb' as Address;
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
  const wethHop = { tokenA: a, tokenB: weth, wrappedNative: weth, sideDepths: null } as const;

  it('a pool against the wrapped native: its judged depth when it is a price source; no pool answered there → 0', () => {
    const pricedPools = new Map([[a.toLowerCase(), [source({ depthWei: 7n })]]]);
    const base = { ...wethHop, pricedPools };
    expect(hopDepthWei({ ...base, protocol: 'v2', fee: null, pool: poolAddress })).toBe(7n);
    // The same token's pools elsewhere (another protocol, fee or address) do not stand in for it.
    expect(hopDepthWei({ ...base, protocol: 'v3', fee: 3000, pool: poolAddress })).toBe(0n);
    expect(hopDepthWei({ ...base, protocol: 'v2', fee: null, pool: otherPool })).toBe(0n);
    // Same address and fee, another protocol: not the same pool.
    const v3Listed = new Map([[a.toLowerCase(), [source({ protocol: 'v3', fee: null, depthWei: 7n })]]]);
    expect(
      hopDepthWei({ ...wethHop, pricedPools: v3Listed, protocol: 'v2', fee: null, pool: poolAddress }),
    ).toBe(0n);
    expect(
      hopDepthWei({ ...base, tokenA: weth, tokenB: a, protocol: 'v2', fee: null, pool: poolAddress }),
    ).toBe(7n);
  });

  it('a pool against the wrapped native that is no price source (off its TWAP, no TWAP, shallow) carries nothing, however deep', () => {
    for (const rejection of ['twap-deviation', 'twap-unavailable', 'shallow'] as const) {
      const pricedPools = new Map([
        [a.toLowerCase(), [source({ protocol: 'v3', fee: 3000, depthWei: 1_000n * E18, rejection })]],
      ]);
      expect(hopDepthWei({ ...wethHop, pricedPools, protocol: 'v3', fee: 3000, pool: poolAddress })).toBe(0n);
    }
  });

  it('a pool of two other tokens: each side valued at its highest usable source, the larger wins; unpriced both → null', () => {
    const base = {
      protocol: 'v2' as const,
      tokenA: a,
      tokenB: b,
      fee: null,
      pool: poolAddress,
      wrappedNative: weth,
      sideDepths: { token0: 20n * E18, token1: 100n * E18 },
    };
    const onlyA = new Map([[a.toLowerCase(), [source({})]]]);
    expect(hopDepthWei({ ...base, pricedPools: onlyA })).toBe(10n * E18); // 20 A × 0.5
    const bothSides = new Map([
      [a.toLowerCase(), [source({})]],
      [b.toLowerCase(), [source({ value: (amount) => amount })]], // 1 B = 1 WETH
    ]);
    expect(hopDepthWei({ ...base, pricedPools: bothSides })).toBe(100n * E18);
    // The order of the hop's tokens does not matter: token0 is the lower address.
    expect(hopDepthWei({ ...base, tokenA: b, tokenB: a, pricedPools: onlyA })).toBe(10n * E18);
    // The higher of two usable sources of a side values it.
    const twoSources = new Map([[a.toLowerCase(), [source({}), source({ value: (amount) => amount * 3n })]]]);
    expect(hopDepthWei({ ...base, pricedPools: twoSources })).toBe(60n * E18);
    // A source that is not usable (shallow, off its TWAP) does not value anything.
    const rejected = new Map([[a.toLowerCase(), [source({ rejection: 'twap-deviation' })]]]);
    expect(hopDepthWei({ ...base, pricedPools: rejected })).toBeNull();
    expect(hopDepthWei({ ...base, pricedPools: new Map() })).toBeNull();
    // The pool itself no source (none there, or a V3 pool without or off its TWAP): 0.
    expect(hopDepthWei({ ...base, sideDepths: null, pricedPools: bothSides })).toBe(0n);
  });
});
