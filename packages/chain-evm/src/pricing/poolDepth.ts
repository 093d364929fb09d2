import { depthWithinBand } from './depthWithinBand.js';
import type { PoolState } from './types.js';
import { v3VirtualReserves } from './v3VirtualReserves.js';

/** Parameters of {@link poolDepth}. */
export interface PoolDepthParameters {
  readonly state: PoolState;
  /** Measure token0 (`true`) or token1 (`false`). */
  readonly measuredIsToken0: boolean;
  readonly bandBps: number;
}

/**
 * A pool's depth in one of its tokens: how much of it the pool pays out while the price of the OTHER token falls by
 * `bandBps`. V2: from `getReserves()`. V3: from the liquidity in range at the current price (`liquidity()` and
 * `sqrtPriceX96`), taken as constant over the band — exact unless a position boundary lies inside the band; an
 * out-of-range position or a plain transfer to the pool adds nothing.
 *
 * @example
 * ```ts
 * const wethDepth = poolDepth({ state, measuredIsToken0: weth < token, bandBps: 500 });
 * ```
 */
export function poolDepth({ state, measuredIsToken0, bandBps }: PoolDepthParameters): bigint {
  const reserves =
    state.protocol === 'v2'
      ? { reserve0: state.reserve0, reserve1: state.reserve1 }
      : v3VirtualReserves({ liquidity: state.liquidity, sqrtPriceX96: state.sqrtPriceX96 });
  return depthWithinBand({ reserve: measuredIsToken0 ? reserves.reserve0 : reserves.reserve1, bandBps });
}
