/**
 * A base-unit amount (decimal string, as the API sends it) in whole units, with exact bigint arithmetic: no float
 * ever touches an amount. Trailing zeros of the fraction are dropped. Text that is not a base-unit integer is
 * returned as it is (the page shows what the server sent rather than guessing).
 *
 * @example
 * ```ts
 * formatUnits('1500000', 6); // '1.5'
 * formatUnits('20000000000000000', 18); // '0.02'
 * ```
 */
export function formatUnits(amount: string, decimals: number): string {
  if (!/^-?[0-9]+$/.test(amount) || !Number.isInteger(decimals) || decimals < 0 || decimals > 255)
    return amount;
  const negative = amount.startsWith('-');
  const digits = BigInt(negative ? amount.slice(1) : amount);
  const scale = 10n ** BigInt(decimals);
  const whole = digits / scale;
  const fraction = (digits % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}
