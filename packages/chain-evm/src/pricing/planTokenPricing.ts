import type { Address, ChainInfo } from '../chains/chains.js';
import type { Aggregate3Call, Aggregate3Result } from '../multicall/aggregate3.js';
import { decodePoolState } from './decodePoolState.js';
import { judgePriceSource } from './judgePriceSource.js';
import { POOL_READ_CALLS, poolReadCalls } from './poolReadCalls.js';
import type { JudgedPool, PricingRules } from './types.js';
import { uniswapPoolAddress } from './uniswapPoolAddress.js';

/** The V3 fee tiers a token is priced through (0.05%, 0.3%, 1%). */
const V3_FEES = [500, 3000, 10_000] as const;

/** Parameters of {@link planTokenPricing}. */
export interface PlanTokenPricingParameters {
  /** A chain with its wrapped native and at least one Uniswap factory configured. */
  readonly chain: ChainInfo;
  /** Tokens to price (the wrapped native and duplicates are skipped; case does not matter). */
  readonly tokens: readonly Address[];
  /** Resolved rules (`resolvePricingRules`). */
  readonly rules: Required<PricingRules>;
}

/** Return type of {@link planTokenPricing}. */
export interface PlanTokenPricingReturnType {
  /** Calls to put in a Multicall3 batch, in this order. */
  readonly calls: readonly Aggregate3Call[];
  /** Every pool that answered, judged, by lower-cased token address (absent: no pool answered). */
  read(results: readonly Aggregate3Result[]): Map<string, JudgedPool[]>;
}

/**
 * Plans the reads that price tokens against the wrapped native — each token's Uniswap V2 pair and V3 pools
 * (0.05/0.3/1%), addressed by CREATE2 (no factory look-ups), read with `poolReadCalls` — so a caller can put them in
 * its own Multicall3 batch (one round trip) and judge each pool with `judgePriceSource`. Used by `priceInNative`
 * (valuation) and `quoteSwap` (which pools a route may go through): one set of rules for both.
 *
 * @example
 * ```ts
 * const plan = planTokenPricing({ chain, tokens: [usdc], rules: resolvePricingRules({ minLiquidityWei }) });
 * const results = await aggregate3({ provider, chainId: chain.id, multicall3, calls: plan.calls });
 * const pools = plan.read(results).get(usdc.toLowerCase()) ?? [];
 * ```
 */
export function planTokenPricing({
  chain,
  tokens,
  rules,
}: PlanTokenPricingParameters): PlanTokenPricingReturnType {
  const { wrappedNative: weth, uniswapV2, uniswapV3 } = chain.contracts;
  type Probe = {
    key: string;
    protocol: 'v2' | 'v3';
    pool: Address;
    fee: number | null;
    tokenIsToken0: boolean;
  };
  const probes: Probe[] = [];
  const calls: Aggregate3Call[] = [];
  if (weth !== null) {
    const seen = new Set<string>([weth.toLowerCase()]);
    for (const token of tokens) {
      const key = token.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const tokenIsToken0 = BigInt(token) < BigInt(weth);
      const pools: { protocol: 'v2' | 'v3'; factory: Address; fee: number | null }[] = [];
      if (uniswapV2) pools.push({ protocol: 'v2', factory: uniswapV2.factory, fee: null });
      if (uniswapV3)
        for (const fee of V3_FEES) pools.push({ protocol: 'v3', factory: uniswapV3.factory, fee });
      for (const { protocol, factory, fee } of pools) {
        const pool = uniswapPoolAddress({ protocol, factory, tokenA: token, tokenB: weth, fee });
        probes.push({ key, protocol, pool, fee, tokenIsToken0 });
        calls.push(...poolReadCalls({ protocol, pool, twapWindowSeconds: rules.twapWindowSeconds }));
      }
    }
  }
  return {
    calls,
    read(results) {
      const byToken = new Map<string, JudgedPool[]>();
      let cursor = 0;
      for (const probe of probes) {
        const n = POOL_READ_CALLS[probe.protocol];
        const state = decodePoolState({
          protocol: probe.protocol,
          results: results.slice(cursor, cursor + n),
          twapWindowSeconds: rules.twapWindowSeconds,
        });
        cursor += n;
        if (state === null) continue;
        const list = byToken.get(probe.key) ?? [];
        list.push(judgePriceSource({ ...probe, state, rules }));
        byToken.set(probe.key, list);
      }
      return byToken;
    },
  };
}
