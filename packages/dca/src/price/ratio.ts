import type { DcaPrice } from '../types.js';

/** Greatest common divisor of two non-negative bigints. */
export function gcd(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** `numerator / denominator` reduced (both positive). */
export function reduced(numerator: bigint, denominator: bigint): DcaPrice {
  const divisor = gcd(numerator, denominator);
  return Object.freeze({ numerator: numerator / divisor, denominator: denominator / divisor });
}

/** −1, 0 or 1 as `a` is below, equal to or above `b` (exact). */
export function comparePrices(a: DcaPrice, b: DcaPrice): -1 | 0 | 1 {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** `ceil(a / b)` for a ≥ 0, b > 0. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
