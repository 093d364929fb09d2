/**
 * The spec's default caps in wei: 0.05 per transaction, 0.5 per day, 1.0 per session (ETH-equivalent).
 *
 * @example
 * ```ts
 * formatEther(DEFAULT_LIMITS.dailyLimit); // '0.5'
 * ```
 */
export const DEFAULT_LIMITS = Object.freeze({
  maxPerTx: 50_000_000_000_000_000n,
  dailyLimit: 500_000_000_000_000_000n,
  sessionLimit: 1_000_000_000_000_000_000n,
});
