import type { Address, ChainInfo } from '../chains/chains.js';
import type { Aggregate3Call, Aggregate3Result } from '../multicall/aggregate3.js';
import { decodePoolState } from './decodePoolState.js';
import { hopDepthWei } from './hopDepthWei.js';
import { planTokenPricing } from './planTokenPricing.js';
import { POOL_READ_CALLS, poolReadCalls } from './poolReadCalls.js';
import type { PricingRules } from './types.js';
import { uniswapPoolAddress } from './uniswapPoolAddress.js';

/** One pool a swap route may go through. */
export interface RouteHop {
  /** The caller's key for this pool (several routes share a hop). */
  readonly key: string;
  readonly protocol: 'v2' | 'v3';
  readonly tokenA: Address;
  readonly tokenB: Address;
  /** V3 fee tier; `null` for V2. */
  readonly fee: number | null;
}

/** Parameters of {@link planHopDepths}. */
export interface PlanHopDepthsParameters {
  /** A chain with its wrapped native and the factories of the hops' protocols configured. */
  readonly chain: ChainInfo;
  readonly hops: readonly RouteHop[];
  /** Resolved rules (`resolvePricingRules`). */
  readonly rules: Required<PricingRules>;
}

/** Return type of {@link planHopDepths}. */
export interface PlanHopDepthsReturnType {
  /** Calls to put in the caller's Multicall3 batch, in this order. */
  readonly calls: readonly Aggregate3Call[];
  /** By hop key: the pool address whose depth was read, and that depth in wrapped-native wei (`hopDepthWei`). */
  read(results: readonly Aggregate3Result[]): Map<string, { pool: Address; depthWei: bigint | null }>;
}

/**
 * Plans the reads that measure the depth of the pools swap routes may go through, with the pricing rules' own
 * measure (`hopDepthWei`): the hop tokens' pools against the wrapped native (`planTokenPricing`) plus the state of
 * each pool between two other tokens — all for the caller's one Multicall3 batch. `quoteSwap` routes only through
 * hops whose depth reaches the floor.
 *
 * @example
 * ```ts
 * const plan = planHopDepths({ chain, hops: [{ key: 'x', protocol: 'v3', tokenA: x, tokenB: weth, fee: 10000 }], rules });
 * const depths = plan.read(await aggregate3({ provider, chainId: chain.id, multicall3, calls: plan.calls }));
 * ```
 */
export function planHopDepths({ chain, hops, rules }: PlanHopDepthsParameters): PlanHopDepthsReturnType {
  const weth = chain.contracts.wrappedNative;
  const isWeth = (token: Address) => weth !== null && token.toLowerCase() === weth.toLowerCase();
  const pricing = planTokenPricing({ chain, tokens: hops.flatMap((h) => [h.tokenA, h.tokenB]), rules });
  const located = hops.map((hop) => {
    const factory =
      hop.protocol === 'v2' ? chain.contracts.uniswapV2?.factory : chain.contracts.uniswapV3?.factory;
    const pool =
      factory === undefined
        ? null
        : uniswapPoolAddress({
            protocol: hop.protocol,
            factory,
            tokenA: hop.tokenA,
            tokenB: hop.tokenB,
            fee: hop.fee,
          });
    return { hop, pool, readsState: pool !== null && !isWeth(hop.tokenA) && !isWeth(hop.tokenB) };
  });
  const stateCalls = located.flatMap(({ hop, pool, readsState }) =>
    readsState && pool !== null
      ? poolReadCalls({ protocol: hop.protocol, pool, twapWindowSeconds: rules.twapWindowSeconds })
      : [],
  );
  return {
    calls: [...pricing.calls, ...stateCalls],
    read(results) {
      const pricedPools = pricing.read(results.slice(0, pricing.calls.length));
      let cursor = pricing.calls.length;
      const depths = new Map<string, { pool: Address; depthWei: bigint | null }>();
      for (const { hop, pool, readsState } of located) {
        if (pool === null || weth === null) continue;
        let state = null;
        if (readsState) {
          const n = POOL_READ_CALLS[hop.protocol];
          const reads = results.slice(cursor, cursor + n);
          cursor += n;
          state = decodePoolState({
            protocol: hop.protocol,
            results: reads,
            twapWindowSeconds: rules.twapWindowSeconds,
          });
        }
        const depthWei = hopDepthWei({
          protocol: hop.protocol,
          tokenA: hop.tokenA,
          tokenB: hop.tokenB,
          fee: hop.fee,
          pool,
          wrappedNative: weth,
          pricedPools,
          state,
          bandBps: rules.depthBandBps,
        });
        depths.set(hop.key, { pool, depthWei });
      }
      return depths;
    },
  };
}
