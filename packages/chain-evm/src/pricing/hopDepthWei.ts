import type { Address } from '../chains/chains.js';
import type { JudgedPool } from './types.js';

/** Parameters of {@link hopDepthWei}. */
export interface HopDepthWeiParameters {
  readonly protocol: 'v2' | 'v3';
  readonly tokenA: Address;
  readonly tokenB: Address;
  /** V3 fee tier; `null` for V2. */
  readonly fee: number | null;
  /** The pool's address (computed with `uniswapPoolAddress`). */
  readonly pool: Address;
  readonly wrappedNative: Address;
  /** `planTokenPricing(...)` for both tokens: their pools against the wrapped native, judged (band depths in). */
  readonly pricedPools: ReadonlyMap<string, readonly JudgedPool[]>;
  /**
   * For a pool of two tokens other than the wrapped native: what it pays out of token0 and of token1 within the
   * band (`planHopDepths`: V2 from reserves; V3 the band sales, and only when the pool meets the TWAP rule);
   * `null` when it is no price source (no pool, or a V3 pool off or without its TWAP). Otherwise unused.
   */
  readonly sideDepths: { readonly token0: bigint; readonly token1: bigint } | null;
}

/**
 * The depth, in wrapped-native wei, of one pool a swap route goes through — the same rules pricing applies, so a
 * pool that could not be a price source cannot carry a swap either:
 * - a pool against the wrapped native: its judged `depthWei` when it is a price source (depth AND, for V3, the TWAP
 *   rule); 0 when it is not one, or no pool answered there;
 * - any other pool (e.g. USDC/DAI): each side's depth (`sideDepths`) valued at that token's highest USABLE price
 *   source, the larger of the two; 0 when the pool itself is no source (`sideDepths` null); `null` when neither
 *   token can be priced (the depth is unknown: not routable).
 *
 * @example
 * ```ts
 * const depth = hopDepthWei({ protocol: 'v3', tokenA: x, tokenB: weth, fee: 10000, pool, wrappedNative: weth, pricedPools, sideDepths: null });
 * const routable = depth !== null && depth >= rules.minLiquidityWei;
 * ```
 */
export function hopDepthWei({
  protocol,
  tokenA,
  tokenB,
  fee,
  pool,
  wrappedNative,
  pricedPools,
  sideDepths,
}: HopDepthWeiParameters): bigint | null {
  const weth = wrappedNative.toLowerCase();
  const [a, b] = [tokenA.toLowerCase(), tokenB.toLowerCase()];
  if (a === weth || b === weth) {
    const other = a === weth ? b : a;
    const judged = (pricedPools.get(other) ?? []).find(
      (p) => p.protocol === protocol && p.fee === fee && p.pool.toLowerCase() === pool.toLowerCase(),
    );
    return judged !== undefined && judged.rejection === null ? judged.depthWei : 0n;
  }
  if (sideDepths === null) return 0n;
  // Stryker disable next-line EqualityOperator: equivalent — a pool's two tokens are never the same address
  const aIsToken0 = BigInt(tokenA) < BigInt(tokenB);
  let best: bigint | null = null;
  for (const [token, depth] of [
    [a, aIsToken0 ? sideDepths.token0 : sideDepths.token1],
    [b, aIsToken0 ? sideDepths.token1 : sideDepths.token0],
  ] as const) {
    for (const source of pricedPools.get(token) ?? []) {
      if (source.rejection !== null) continue;
      const wei = source.value(depth);
      // Stryker disable next-line EqualityOperator: equivalent — `>=` keeps an equal value, the same figure
      if (best === null || wei > best) best = wei;
    }
  }
  return best;
}
