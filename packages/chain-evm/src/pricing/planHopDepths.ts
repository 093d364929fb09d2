import type { Address, ChainInfo } from '../chains/chains.js';
import type { Aggregate3Call, Aggregate3Result } from '../multicall/aggregate3.js';
import { bandSqrtPriceLimit } from './bandSqrtPriceLimit.js';
import { decodePoolState } from './decodePoolState.js';
import { hopDepthWei } from './hopDepthWei.js';
import { planTokenPricing } from './planTokenPricing.js';
import { POOL_READ_CALLS, poolReadCalls } from './poolReadCalls.js';
import { poolDepth } from './poolDepth.js';
import { twapDeviationBps } from './twapDeviationBps.js';
import type { BandQuoteRequest, PoolState, PricingRules } from './types.js';
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
  /** Decodes the batch's results; the depths need the band sales it asks for (a second round trip). */
  read(results: readonly Aggregate3Result[]): HopDepthsFirstRead;
}

/** What {@link planHopDepths}'s first read needs before its depths: the band sales of the V3 pools. */
export interface HopDepthsFirstRead {
  /** Band sales to simulate (`readBandDepths`), for the hop tokens' price sources and the V3 hops between others. */
  readonly bandQuotes: readonly BandQuoteRequest[];
  /**
   * By hop key: the pool address whose depth was read, and that depth in wrapped-native wei (`hopDepthWei`); a key
   * missing from `bandDepths` counts 0.
   */
  finish(bandDepths: ReadonlyMap<string, bigint>): Map<string, { pool: Address; depthWei: bigint | null }>;
}

/**
 * Plans the reads that measure the depth of the pools swap routes may go through, with the pricing rules' own
 * measure (`hopDepthWei`): the hop tokens' pools against the wrapped native (`planTokenPricing`) plus the state of
 * each pool between two other tokens — all for the caller's one Multicall3 batch — then the band sales of the V3
 * pools among them (a second round trip). `quoteSwap` routes only through hops that are price sources (depth, and
 * for V3 the TWAP rule) whose depth reaches the floor.
 *
 * @example
 * ```ts
 * const plan = planHopDepths({ chain, hops: [{ key: 'x', protocol: 'v3', tokenA: x, tokenB: weth, fee: 10000 }], rules });
 * const first = plan.read(await aggregate3({ provider, chainId: chain.id, multicall3, calls: plan.calls }));
 * const depths = first.finish(await readBandDepths({ provider, chain, requests: first.bandQuotes }));
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
      const priced = pricing.read(results.slice(0, pricing.calls.length));
      let cursor = pricing.calls.length;
      const measured = located.map(({ hop, pool, readsState }) => {
        let sides: SideMeasure | null = null;
        if (readsState && pool !== null) {
          const n = POOL_READ_CALLS[hop.protocol];
          const state = decodePoolState({
            protocol: hop.protocol,
            results: results.slice(cursor, cursor + n),
            twapWindowSeconds: rules.twapWindowSeconds,
          });
          cursor += n;
          sides = state === null ? null : measureSides(hop, pool, state, rules);
        }
        return { hop, pool, sides };
      });
      return {
        bandQuotes: [...priced.bandQuotes, ...measured.flatMap((m) => m.sides?.bandQuotes ?? [])],
        finish(bandDepths) {
          const pricedPools = priced.finish(bandDepths);
          const depths = new Map<string, { pool: Address; depthWei: bigint | null }>();
          for (const { hop, pool, sides } of measured) {
            if (pool === null || weth === null) continue;
            const depthWei = hopDepthWei({
              protocol: hop.protocol,
              tokenA: hop.tokenA,
              tokenB: hop.tokenB,
              fee: hop.fee,
              pool,
              wrappedNative: weth,
              pricedPools,
              sideDepths: sides === null ? null : sides.finish(bandDepths),
            });
            depths.set(hop.key, { pool, depthWei });
          }
          return depths;
        },
      };
    },
  };
}

/** A pool between two tokens other than the wrapped native: its band sales, then each side's depth. */
interface SideMeasure {
  readonly bandQuotes: readonly BandQuoteRequest[];
  finish(bandDepths: ReadonlyMap<string, bigint>): { token0: bigint; token1: bigint } | null;
}

/**
 * V2: each side's depth from the reserves. V3: no source without its TWAP or off it (`null`); else each side is the
 * lesser of the in-range estimate and what selling the other token across the band pays.
 */
function measureSides(
  hop: RouteHop,
  pool: Address,
  state: PoolState,
  rules: Required<PricingRules>,
): SideMeasure {
  const estimate = (measuredIsToken0: boolean) =>
    poolDepth({ state, measuredIsToken0, bandBps: rules.depthBandBps });
  if (state.protocol === 'v2') {
    return { bandQuotes: [], finish: () => ({ token0: estimate(true), token1: estimate(false) }) };
  }
  if (
    state.twapTick === null ||
    twapDeviationBps({ sqrtPriceX96: state.sqrtPriceX96, twapTick: state.twapTick }) >
      BigInt(rules.maxTwapDeviationBps)
  ) {
    return { bandQuotes: [], finish: () => null };
  }
  const [token0, token1] =
    BigInt(hop.tokenA) < BigInt(hop.tokenB) ? [hop.tokenA, hop.tokenB] : [hop.tokenB, hop.tokenA];
  const sale = (zeroForOne: boolean): BandQuoteRequest => ({
    key: `${pool.toLowerCase()}:${zeroForOne ? 'sell0' : 'sell1'}`,
    tokenIn: zeroForOne ? token0 : token1,
    tokenOut: zeroForOne ? token1 : token0,
    fee: hop.fee as number,
    sqrtPriceLimitX96: bandSqrtPriceLimit({
      sqrtPriceX96: state.sqrtPriceX96,
      bandBps: rules.depthBandBps,
      zeroForOne,
    }),
  });
  const [sell0, sell1] = [sale(true), sale(false)];
  const lesser = (x: bigint, y: bigint) => (x < y ? x : y);
  return {
    bandQuotes: [sell0, sell1],
    finish: (bandDepths) => ({
      token0: lesser(estimate(true), bandDepths.get(sell1.key) ?? 0n),
      token1: lesser(estimate(false), bandDepths.get(sell0.key) ?? 0n),
    }),
  };
}
