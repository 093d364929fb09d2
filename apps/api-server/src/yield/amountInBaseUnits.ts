/**
 * A validated decimal amount in base units of `decimals`, rounded UP (a request is never read as smaller than it is).
 *
 * @example
 * ```ts
 * amountInBaseUnits('1000.5', 6); // 1000500000n
 * ```
 */
export function amountInBaseUnits(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  const base = BigInt(`${whole}${kept}`);
  return /[1-9]/.test(fraction.slice(decimals)) ? base + 1n : base;
}
