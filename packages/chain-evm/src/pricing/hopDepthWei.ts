import type { Address } from '../chains/chains.js';
import { poolDepth } from './poolDepth.js';
import type { JudgedPool, PoolState } from './types.js';

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
  /** `planTokenPricing(...).read(...)` for both tokens: their pools against the wrapped native, judged. */
  readonly pricedPools: ReadonlyMap<string, readonly JudgedPool[]>;
  /** For a pool of two tokens other than the wrapped native: its state (`decodePoolState`); otherwise unused. */
  readonly state: PoolState | null;
  readonly bandBps: number;
}

/**
 * The depth, in wrapped-native wei, of one pool a swap route goes through — the same measure pricing applies its
 * floor to, so a pool that could not be a price source for its depth cannot carry a swap either:
 * - a pool against the wrapped native: its judged `depthWei` (0 when no pool answered there);
 * - any other pool (e.g. USDC/DAI): each side's depth (`poolDepth`) valued at that token's highest USABLE price
 *   source, the larger of the two; `null` when neither token can be priced (the depth is unknown: not routable).
 *
 * @example
 * ```ts
 * const depth = hopDepthWei({ protocol: 'v3', tokenA: x, tokenB: weth, fee: 10000, pool, wrappedNative: weth, pricedPools, state: null, bandBps: 500 });
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
  state,
  bandBps,
}: HopDepthWeiParameters): bigint | null {
  const weth = wrappedNative.toLowerCase();
  const [a, b] = [tokenA.toLowerCase(), tokenB.toLowerCase()];
  if (a === weth || b === weth) {
    const other = a === weth ? b : a;
    const judged = (pricedPools.get(other) ?? []).find(
      (p) => p.protocol === protocol && p.fee === fee && p.pool.toLowerCase() === pool.toLowerCase(),
    );
    return judged?.depthWei ?? 0n;
  }
  if (state === null) return 0n;
  const aIsToken0 = BigInt(tokenA) < BigInt(tokenB);
  let best: bigint | null = null;
  for (const [token, isToken0] of [
    [a, aIsToken0],
    [b, !aIsToken0],
  ] as const) {
    const depth = poolDepth({ state, measuredIsToken0: isToken0, bandBps });
    for (const source of pricedPools.get(token) ?? []) {
      if (source.rejection !== null) continue;
      const wei = source.value(depth);
      if (best === null || wei > best) best = wei;
    }
  }
  return best;
}
