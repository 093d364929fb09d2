/**
 * How much of `total` `part` is, in thousandths (0–1000, clamped), from two wei strings, in bigint arithmetic: for a
 * bar (`<meter>`) and its text. A zero or unreadable total is `undefined` (no bar rather than a wrong one).
 *
 * @example
 * ```ts
 * share('20000000000000000', '500000000000000000'); // 40 (4.0 %)
 * ```
 */
export function share(part: string, total: string): number | undefined {
  if (!/^[0-9]+$/.test(part) || !/^[0-9]+$/.test(total)) return undefined;
  const whole = BigInt(total);
  if (whole === 0n) return undefined;
  const thousandths = (BigInt(part) * 1000n) / whole;
  return Number(thousandths > 1000n ? 1000n : thousandths);
}
