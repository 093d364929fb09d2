import { DcaValidationError } from '../errors/DcaValidationError.js';
import { reduced } from '../price/ratio.js';
import type { DcaPrice } from '../types.js';

const MAX = 2n ** 256n;

/** A caller's price object checked (two positive bigints below 2^256) and reduced. */
export function checkPrice(value: unknown, field: string): DcaPrice {
  if (typeof value !== 'object' || value === null) {
    throw new DcaValidationError({ field, message: 'expected { numerator, denominator } as bigints' });
  }
  const { numerator, denominator } = value as Record<string, unknown>;
  if (typeof numerator !== 'bigint' || typeof denominator !== 'bigint') {
    throw new DcaValidationError({ field, message: 'numerator and denominator must be bigints' });
  }
  if (numerator <= 0n || denominator <= 0n || numerator >= MAX || denominator >= MAX) {
    throw new DcaValidationError({
      field,
      message: 'numerator and denominator must be positive, below 2^256',
    });
  }
  return reduced(numerator, denominator);
}
