import type { Address } from '../chains/chains.js';

/**
 * The rules a pool must meet to be a price source, shared by every consumer of the pricing module (the gateway's
 * valuation, portfolio, approval risk, the watcher, and quotes — which route only through pools deep enough).
 */
export interface PricingRules {
  /**
   * The liquidity floor, in wrapped-native wei, applied to a pool's DEPTH: the wrapped native it pays out while the
   * other token's price falls by `depthBandBps` (V2: from its reserves; V3: from the liquidity in range at the
   * current price). Out-of-range positions and tokens merely sent to a pool count for nothing.
   */
  readonly minLiquidityWei: bigint;
  /** The band the depth is measured over, in basis points (default 500 = 5%). */
  readonly depthBandBps?: number;
  /**
   * A V3 pool whose spot is further than this from its own time-weighted price over `twapWindowSeconds` is not a
   * price source (default 500 = 5%); nor is one that cannot answer `observe` for the window (new pool, or too few
   * observations for its trading): fail closed. V2 pairs have no cheap TWAP: their depth alone decides.
   */
  readonly maxTwapDeviationBps?: number;
  /** The TWAP window in seconds (default 1,800 = 30 minutes). */
  readonly twapWindowSeconds?: number;
}

/** What one pool's reads say (`decodePoolState`). */
export type PoolState =
  | { readonly protocol: 'v2'; readonly reserve0: bigint; readonly reserve1: bigint }
  | {
      readonly protocol: 'v3';
      readonly sqrtPriceX96: bigint;
      readonly tick: number;
      /** In-range liquidity at the current tick (`liquidity()`); 0 when unreadable. */
      readonly liquidity: bigint;
      /** Mean tick over the TWAP window; `null` when `observe` could not answer for it. */
      readonly twapTick: number | null;
    };

/** Why a pool that answered is not a price source. */
export type PriceSourceRejection =
  /** Its depth (wrapped native tradable within the band) is under the floor. */
  | 'shallow'
  /** V3 only: `observe` cannot answer for the TWAP window (new pool, too few observations). */
  | 'twap-unavailable'
  /** V3 only: the spot is further from the TWAP than the bound allows. */
  | 'twap-deviation';

/**
 * A sale to simulate on a V3 pool (`bandQuoteCall`): sell `tokenIn` until the price limit, and measure the `tokenOut`
 * the pool pays. Built by the planners from the pool's spot (`bandSqrtPriceLimit`), read by `readBandDepths`.
 */
export interface BandQuoteRequest {
  /** The caller's key for the answer (pool and direction). */
  readonly key: string;
  readonly tokenIn: Address;
  readonly tokenOut: Address;
  readonly fee: number;
  /** `null` when the band cannot be measured from this spot: the answer is 0 without a call. */
  readonly sqrtPriceLimitX96: bigint | null;
}

/** A pool against the wrapped native, judged by the rules (independent of any amount). */
export interface JudgedPool {
  readonly protocol: 'v2' | 'v3';
  readonly pool: Address;
  readonly fee: number | null;
  /** Wrapped native the pool pays out within the depth band (the figure the floor applies to). */
  readonly depthWei: bigint;
  /** V3: spot vs TWAP in bps (`null` when unavailable); V2: `null` (no TWAP check). */
  readonly twapDeviationBps: bigint | null;
  /** `null` when the pool is a price source. */
  readonly rejection: PriceSourceRejection | null;
  /** `amount` of the token in wrapped-native wei at the pool's spot (rounded down). */
  readonly value: (amount: bigint) => bigint;
}
