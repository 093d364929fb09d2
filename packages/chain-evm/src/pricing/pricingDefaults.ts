// Defaults of the pricing rules (data, not logic: several exports in one file).

/**
 * Depth band, in basis points: a pool's depth is the wrapped native it pays out while the price of the other token
 * falls by this much (5%). Chosen equal to the default TWAP bound: pushing a source's spot to the edge of what the
 * TWAP check tolerates costs at least the depth the floor demands. It is also wider than the coarsest V3 tick
 * spacing (1% tier: 200 ticks ≈ 2%), so the in-range liquidity it extrapolates over the band spans at most a few
 * initialized ticks.
 */
export const DEFAULT_DEPTH_BAND_BPS = 500;

/** A V3 pool whose spot is further than this (5%) from its own time-weighted price is not a price source. */
export const DEFAULT_MAX_TWAP_DEVIATION_BPS = 500;

/** The time-weighted price is read over the last 30 minutes (V3 `observe([1800, 0])`). */
export const DEFAULT_TWAP_WINDOW_SECONDS = 1_800;

/** The liquidity floor when none is given (quotes): 10 wrapped native of depth. */
export const DEFAULT_MIN_LIQUIDITY_WEI = 10n * 10n ** 18n;
