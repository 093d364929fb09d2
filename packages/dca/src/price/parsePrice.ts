import { DcaValidationError } from '../errors/DcaValidationError.js';
import type { DcaPrice } from '../types.js';
import { reduced } from './ratio.js';

/** Parameters of {@link parsePrice}. */
export interface ParsePriceParameters {
  /** Human price: how many whole token in one whole token out costs, a plain decimal (`"1850.25"`). */
  readonly value: string;
  readonly decimalsIn: number;
  readonly decimalsOut: number;
  /** Field name for the error (default `price`). */
  readonly field?: string;
}

const DECIMAL = /^(\d{1,78})(?:\.(\d{1,78}))?$/;

function checkDecimals(value: unknown, name: string, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 255) {
    throw new DcaValidationError({ field, message: `${name} must be an integer from 0 to 255` });
  }
  return value;
}

/**
 * A human price (token in per token out, e.g. `"1850.25"` USDC per WETH) as an exact base-unit {@link DcaPrice},
 * given the two tokens' decimals. No floats: the decimal string is read digit by digit. Throws
 * `DCA_VALIDATION_FAILED` for anything but a positive plain decimal.
 *
 * @example
 * ```ts
 * parsePrice({ value: '2000', decimalsIn: 6, decimalsOut: 18 }); // { numerator: 1n, denominator: 500000000n }
 * ```
 */
export function parsePrice({
  value,
  decimalsIn,
  decimalsOut,
  field = 'price',
}: ParsePriceParameters): DcaPrice {
  const din = checkDecimals(decimalsIn, 'decimalsIn', field);
  const dout = checkDecimals(decimalsOut, 'decimalsOut', field);
  const match = typeof value === 'string' ? DECIMAL.exec(value) : null;
  if (match === null) {
    throw new DcaValidationError({ field, message: 'expected a positive decimal string such as "1850.25"' });
  }
  const fraction = match[2] ?? '';
  const digits = BigInt(`${match[1]}${fraction}`);
  if (digits === 0n) throw new DcaValidationError({ field, message: 'must be greater than zero' });
  return reduced(digits * 10n ** BigInt(din), 10n ** BigInt(fraction.length + dout));
}
