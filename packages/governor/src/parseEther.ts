import { InvalidAmountError } from './errors/InvalidAmountError.js';
import { parseDecimal } from './internal/parseDecimal.js';

/**
 * Parses a decimal ETH(-equivalent) string into wei (18-decimal fixed point), exactly. Strict: only
 * `digits[.digits]` with at most 18 decimals; rejects NaN, exponents, signs, whitespace, hex, leading zeros and
 * non-strings with an {@link InvalidAmountError} (`AMOUNT_INVALID`). Meant for configuration such as
 * `GOVERNOR_MAX_PER_TX`.
 *
 * @example
 * ```ts
 * parseEther('0.05'); // 50000000000000000n
 * parseEther('1'); // 1000000000000000000n
 * parseEther('1e3'); // throws InvalidAmountError
 * ```
 */
export function parseEther(value: string): bigint {
  if (typeof value !== 'string') {
    throw new InvalidAmountError({ shortMessage: `Expected a decimal string, got ${typeof value}.` });
  }
  const parsed = parseDecimal(value);
  if (!parsed.ok) throw new InvalidAmountError({ shortMessage: `Invalid ETH amount: ${parsed.reason}.` });
  return parsed.value;
}
