// Constants of the swap module (data, not logic: several exports in one file).

/** Uniswap V3 fee tiers quoted, in hundredths of a bip (0.05%, 0.3%, 1%). */
export const V3_FEE_TIERS = [500, 3000, 10000] as const;

/**
 * Gas charged per V2 hop in a quote's `gasEstimate` (V2 has no quoter; QuoterV2 measures V3 pool work). Measured
 * on the devnet (gasUsed of whole transactions, 21k base included): V2 one hop 102k–114k, two hops ~169k; V3 one
 * hop ~132k where QuoterV2 says ~98k, two hops ~230k where it says ~190k. 90k per hop puts V2 on the same
 * "swap work without the transaction overhead" footing as QuoterV2's figures, so routes compare fairly.
 */
export const V2_GAS_PER_HOP = 90_000n;

/** The spot-rate probe of a route is a trade of `amountIn / SPOT_DIVISOR` (see `priceImpactBps`). */
export const SPOT_DIVISOR = 100n;

/** A spot probe that returns fewer base units than this is too coarse to measure price impact: `null`. */
export const SPOT_MIN_OUTPUT = 10_000n;

/** 100% in basis points. */
export const BPS = 10_000n;

/** 2**256 - 1. */
export const MAX_UINT256 = (1n << 256n) - 1n;
