import { DcaValidationError } from '../errors/DcaValidationError.js';
import type { DcaPrice } from '../types.js';

/** Parameters of {@link formatPrice}. */
export interface FormatPriceParameters {
  readonly price: DcaPrice;
  readonly decimalsIn: number;
  readonly decimalsOut: number;
  /** Fraction digits kept (rounded down), default 18. */
  readonly digits?: number;
}

/**
 * A base-unit {@link DcaPrice} as a human decimal string (token in per whole token out), rounded down to `digits`
 * fraction digits, trailing zeros removed. The inverse of `parsePrice` up to the rounding.
 *
 * @example
 * ```ts
 * formatPrice({ price: { numerator: 1n, denominator: 500000000n }, decimalsIn: 6, decimalsOut: 18 }); // '2000'
 * ```
 */
export function formatPrice({ price, decimalsIn, decimalsOut, digits = 18 }: FormatPriceParameters): string {
  for (const [name, v] of [
    ['decimalsIn', decimalsIn],
    ['decimalsOut', decimalsOut],
    ['digits', digits],
  ] as const) {
    if (!Number.isInteger(v) || v < 0 || v > 255) {
      throw new DcaValidationError({ field: name, message: 'expected an integer from 0 to 255' });
    }
  }
  if (price.numerator <= 0n || price.denominator <= 0n) {
    throw new DcaValidationError({ field: 'price', message: 'expected a positive fraction' });
  }
  const scaled =
    (price.numerator * 10n ** BigInt(decimalsOut + digits)) / (price.denominator * 10n ** BigInt(decimalsIn));
  const text = scaled.toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}
