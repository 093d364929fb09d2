/** Result of {@link parseDecimal}. */
export type ParseDecimalResult =
  | { readonly ok: true; readonly value: bigint }
  | { readonly ok: false; readonly reason: string };

const DECIMAL = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;
const MAX_INTEGER_DIGITS = 60;
export const DECIMALS = 18;
export const WEI_PER_ETHER = 10n ** 18n;

/**
 * Strict decimal string → wei. Accepts only `digits[.digits]`: no sign, exponent, whitespace, hex, leading
 * zeros, bare dot, or more than 18 fraction digits. Never throws.
 */
export function parseDecimal(text: string): ParseDecimalResult {
  if (text.length === 0) return { ok: false, reason: 'empty string' };
  if (text.length > MAX_INTEGER_DIGITS + DECIMALS + 1) return { ok: false, reason: 'too long' };
  const match = DECIMAL.exec(text);
  if (match === null) return { ok: false, reason: `"${text}" is not a plain non-negative decimal number` };
  const integer = match[1] as string;
  const fraction = match[2] ?? '';
  if (integer.length > MAX_INTEGER_DIGITS) return { ok: false, reason: 'too many integer digits' };
  if (fraction.length > DECIMALS) return { ok: false, reason: `more than ${DECIMALS} decimals` };
  return { ok: true, value: BigInt(integer) * WEI_PER_ETHER + BigInt(fraction.padEnd(DECIMALS, '0')) };
}
