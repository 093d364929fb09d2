/** A fee tier of a gas recommendation. */
export type GasTier = 'slow' | 'standard' | 'fast';

/** Every tier, cheapest first. */
export const GAS_TIER_NAMES: readonly GasTier[] = Object.freeze(['slow', 'standard', 'fast']);

/** Blocks of history read by `eth_feeHistory` (one request). */
export const FEE_HISTORY_BLOCKS = 20;

/** Lowest priority fee offered by any tier, in wei (0.01 gwei): a zero tip is never mined first on a busy chain. */
export const MIN_PRIORITY_FEE_WEI = 10_000_000n;

/**
 * EIP-1559 tiers. `percentile`: the tip is the median, over the last {@link FEE_HISTORY_BLOCKS} blocks, of each
 * block's reward at that percentile (`eth_feeHistory`, gas-weighted by the node), at least
 * {@link MIN_PRIORITY_FEE_WEI}. `baseFeeMultiplierBps`: `maxFeePerGas` = the next block's base fee × this / 10,000
 * (rounded up) + the tip. ×1.25 survives one full block in a row (+12.5% each); ×2 survives six. `standard` is the
 * fee the execution gateway signs with.
 */
export const GAS_TIERS: Readonly<
  Record<GasTier, { readonly percentile: number; readonly baseFeeMultiplierBps: bigint }>
> = Object.freeze({
  slow: Object.freeze({ percentile: 10, baseFeeMultiplierBps: 12_500n }),
  standard: Object.freeze({ percentile: 50, baseFeeMultiplierBps: 20_000n }),
  fast: Object.freeze({ percentile: 90, baseFeeMultiplierBps: 20_000n }),
});

/**
 * Legacy (non-EIP-1559) tiers: the node's `eth_gasPrice` × this / 10,000 (rounded up). `standard` (×1) is the
 * price the execution gateway signs with.
 */
export const LEGACY_GAS_PRICE_TIERS_BPS: Readonly<Record<GasTier, bigint>> = Object.freeze({
  slow: 9_000n,
  standard: 10_000n,
  fast: 12_500n,
});
