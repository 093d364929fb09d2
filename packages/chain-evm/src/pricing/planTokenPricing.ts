import type { Address, ChainInfo } from '../chains/chains.js';
import type { Aggregate3Call, Aggregate3Result } from '../multicall/aggregate3.js';
import { applyBandDepth } from './applyBandDepth.js';
import { bandSqrtPriceLimit } from './bandSqrtPriceLimit.js';
import { decodePoolState } from './decodePoolState.js';
import { judgePriceSource } from './judgePriceSource.js';
import { POOL_READ_CALLS, poolReadCalls } from './poolReadCalls.js';
import type { BandQuoteRequest, JudgedPool, PricingRules } from './types.js';
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
  /** Decodes the batch's results; the verdicts need the band sales it asks for (a second round trip). */
  read(results: readonly Aggregate3Result[]): TokenPricingFirstRead;
}

/** What {@link planTokenPricing}'s first read needs before its verdicts: the band sales of its V3 pools. */
export interface TokenPricingFirstRead {
  /** The V3 pools still usable after the first read, each a sale of the token across the band (`readBandDepths`). */
  readonly bandQuotes: readonly BandQuoteRequest[];
  /**
   * Every pool that answered, judged, by lower-cased token address (absent: no pool answered): V3 depths are what
   * the band sales paid (`applyBandDepth`; a key missing from `bandDepths` counts 0).
   */
  finish(bandDepths: ReadonlyMap<string, bigint>): Map<string, JudgedPool[]>;
}

/**
 * Plans the reads that price tokens against the wrapped native — each token's Uniswap V2 pair and V3 pools
 * (0.05/0.3/1%), addressed by CREATE2 (no factory look-ups), read with `poolReadCalls` — so a caller can put them in
 * its own Multicall3 batch and judge each pool with `judgePriceSource`. A V3 pool that passes that first verdict
 * is then measured by a second round trip: the band sale (`bandQuotes`, read with `readBandDepths`) — its depth is
 * what selling the token into it across the band really pays (`applyBandDepth`). Used by `priceInNative`
 * (valuation) and `quoteSwap` (which pools a route may go through): one set of rules for both.
 *
 * @example
 * ```ts
 * const plan = planTokenPricing({ chain, tokens: [usdc], rules: resolvePricingRules({ minLiquidityWei }) });
 * const results = await aggregate3({ provider, chainId: chain.id, multicall3, calls: plan.calls });
 * const first = plan.read(results);
 * const bandDepths = await readBandDepths({ provider, chain, requests: first.bandQuotes });
 * const pools = first.finish(bandDepths).get(usdc.toLowerCase()) ?? [];
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
    token: Address;
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
        probes.push({ key, token, protocol, pool, fee, tokenIsToken0 });
        calls.push(...poolReadCalls({ protocol, pool, twapWindowSeconds: rules.twapWindowSeconds }));
      }
    }
  }
  return {
    calls,
    read(results) {
      const judged: { key: string; pool: JudgedPool; band: BandQuoteRequest | null }[] = [];
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
        const pool = judgePriceSource({ ...probe, state, rules });
        let band: BandQuoteRequest | null = null;
        if (state.protocol === 'v3' && pool.rejection === null && weth !== null) {
          band = {
            key: `${probe.pool.toLowerCase()}:${probe.key}`,
            tokenIn: probe.token,
            tokenOut: weth,
            fee: probe.fee as number,
            sqrtPriceLimitX96: bandSqrtPriceLimit({
              sqrtPriceX96: state.sqrtPriceX96,
              bandBps: rules.depthBandBps,
              zeroForOne: probe.tokenIsToken0,
            }),
          };
        }
        judged.push({ key: probe.key, pool, band });
      }
      return {
        bandQuotes: judged.flatMap((j) => (j.band === null ? [] : [j.band])),
        finish(bandDepths) {
          const byToken = new Map<string, JudgedPool[]>();
          for (const { key, pool, band } of judged) {
            const final =
              band === null
                ? pool
                : applyBandDepth({ judged: pool, bandDepthWei: bandDepths.get(band.key) ?? 0n, rules });
            const list = byToken.get(key) ?? [];
            list.push(final);
            byToken.set(key, list);
          }
          return byToken;
        },
      };
    },
  };
}
