/**
 * A slippage LI.FI echoes (a decimal fraction: `0.005` = 0.5%) in basis points, rounded up so that a check against a
 * ceiling never errs in LI.FI's favour: `0.005` → 50, `1` → 10,000 (100%), `0.00501` → 51. Not a finite number in
 * 0–1 → `null` (the caller refuses it).
 *
 * @example
 * ```ts
 * lifiSlippageToBps(0.005); // 50
 * lifiSlippageToBps(1); // 10000 — the `slippage: 1` bug read back
 * ```
 */
export function lifiSlippageToBps(slippage: number): number | null {
  if (typeof slippage !== 'number' || !Number.isFinite(slippage) || slippage < 0 || slippage > 1) return null;
  // Fixed point at 1e-10 first: 0.007 × 10000 is 70.00000000000001 in floating point, and must read as 70.
  const units = Math.round(slippage * 1e10);
  return Math.ceil(units / 1e6);
}
