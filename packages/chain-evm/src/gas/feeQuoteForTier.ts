import type { FeeQuote } from '../gateway/types.js';
import type { GasTier } from './gasTiers.js';
import type { GasRecommendation } from './types.js';

/** Parameters of {@link feeQuoteForTier}. */
export interface FeeQuoteForTierParameters {
  readonly recommendation: GasRecommendation;
  readonly tier: GasTier;
}

/**
 * The fees of one tier as the execution gateway signs them (`FeeQuote`). Pure.
 *
 * @example
 * ```ts
 * const fees = feeQuoteForTier({ recommendation: await getGasRecommendation({ provider, chain }), tier: 'standard' });
 * ```
 */
export function feeQuoteForTier({ recommendation, tier }: FeeQuoteForTierParameters): FeeQuote {
  if (recommendation.kind === 'legacy') {
    return { kind: 'legacy', gasPrice: recommendation.tiers[tier].gasPrice };
  }
  const { maxPriorityFeePerGas, maxFeePerGas } = recommendation.tiers[tier];
  return {
    kind: 'eip1559',
    baseFeePerGas: recommendation.baseFeePerGas,
    maxPriorityFeePerGas,
    maxFeePerGas,
  };
}
