// Integer arithmetic for the fixture's quotes: decimal strings (prices, slippage) become scaled bigints, never floats.

/** Scale of {@link parseDecimal}: 18 fractional digits. */
export const DECIMAL_SCALE = 10n ** 18n;

/**
 * A non-negative decimal string (`"0.005"`, `"2999.95"`, `"1"`) as a bigint scaled by 10^18, or `null` when it is not
 * one (exponents, signs, more than 18 fractional digits are refused).
 */
export function parseDecimal(text: string): bigint | null {
  const match = /^(\d{1,30})(?:\.(\d{1,18}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = BigInt(match[1]!);
  const fraction = BigInt((match[2] ?? '').padEnd(18, '0'));
  return whole * DECIMAL_SCALE + fraction;
}

/** A scaled bigint back to a plain decimal string (trailing zeros dropped). */
export function formatDecimal(value: bigint, scale = 18): string {
  const base = 10n ** BigInt(scale);
  const whole = value / base;
  const fraction = (value % base).toString().padStart(scale, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** `amount` of a token worth `fromPrice` each, as an amount of a token worth `toPrice` (both prices scaled). */
export function convertAmount(parameters: {
  amount: bigint;
  fromDecimals: number;
  fromPrice: bigint;
  toDecimals: number;
  toPrice: bigint;
}): bigint {
  const { amount, fromDecimals, fromPrice, toDecimals, toPrice } = parameters;
  if (toPrice === 0n) return 0n;
  return (amount * fromPrice * 10n ** BigInt(toDecimals)) / (toPrice * 10n ** BigInt(fromDecimals));
}

/** USD value of `amount` base units at `price` (scaled), as a 2-decimal string like LI.FI's `amountUSD`. */
export function usdString(amount: bigint, decimals: number, price: bigint): string {
  const cents = (amount * price * 100n) / (10n ** BigInt(decimals) * DECIMAL_SCALE);
  return formatDecimal(cents, 2) || '0';
}
