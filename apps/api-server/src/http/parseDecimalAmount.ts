import { ApiProblem } from './ApiProblem.js';

/**
 * A human decimal amount (`"1.5"`) → base units as bigint, exactly: digits, an optional fraction of at most
 * `decimals` places, greater than zero. Anything else (exponents, signs, spaces, too many decimals) → 422
 * `VALIDATION_FAILED` naming the field. No floats anywhere.
 *
 * @example
 * ```ts
 * parseDecimalAmount({ field: 'amountIn', text: '1.5', decimals: 6 }); // 1500000n
 * ```
 */
export function parseDecimalAmount({
  field,
  text,
  decimals,
}: {
  field: string;
  text: string;
  decimals: number;
}): bigint {
  const match = /^([0-9]{1,60})(?:\.([0-9]{1,80}))?$/.exec(text);
  const fraction = match?.[2] ?? '';
  if (!match || fraction.length > decimals) {
    throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
      fields: { [field]: `must be a positive decimal number with at most ${decimals} decimals, e.g. "1.5"` },
    });
  }
  const value = BigInt(`${match[1]}${fraction.padEnd(decimals, '0')}`);
  if (value <= 0n) {
    throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
      fields: { [field]: 'must be greater than zero' },
    });
  }
  return value;
}
