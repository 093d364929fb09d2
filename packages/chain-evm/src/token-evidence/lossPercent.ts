/**
 * Percent lost between what the pool quoted and what arrived, 4 decimals, clamped to 0–100. A quote that failed
 * (the simulator reports 0 when `getAmountsOut` reverts) is a 100% loss, never a 0% tax: an unverified sell is
 * evidence of harm, not of safety.
 *
 * @example
 * ```ts
 * lossPercent(1000n, 950n); // 5
 * lossPercent(0n, 950n); // 100 — the quote failed
 * ```
 */
export function lossPercent(expected: bigint, actual: bigint): number {
  if (expected <= 0n) return 100;
  if (actual >= expected) return 0;
  return Number(((expected - actual) * 1_000_000n) / expected) / 10_000;
}
