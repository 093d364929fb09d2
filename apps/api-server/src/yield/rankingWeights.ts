/**
 * The fixed weights of the yield score (documented in the README's ranking formula). Penalties are in APY
 * percentage points; confidence factors multiply what is left.
 */
export const RANKING_WEIGHTS = {
  /** Share of the APY above its 30-day mean taken off (1 = the whole spike). */
  spike: 1,
  /** Share of `σ × √365` (≈ the day-to-day standard deviation of the APY, in points) taken off. */
  volatility: 0.5,
  /** What is kept by DefiLlama's `binnedConfidence` (3 high … 1 low); no prediction counts as the lowest. */
  confidence: { 3: 1, 2: 0.95, 1: 0.9, none: 0.9 },
  /** Kept on top of that when the predicted class is `Down`. */
  predictedDown: 0.9,
  /** Kept on top of that when the volatility σ is unknown (fewer than four daily points): an unmeasured spread. */
  sigmaUnknown: 0.9,
  /**
   * Share of what is left taken off a pool with impermanent-loss risk (`ilRisk: yes`, or a multi-asset pool whose
   * risk is not said to be none): its APY is paid in a pair whose value moves against the asset deposited.
   */
  impermanentLoss: 0.5,
} as const;
