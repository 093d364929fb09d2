import { numberToDecimalString } from './internal/numberToDecimalString.js';
import { parseDecimal } from './internal/parseDecimal.js';

/**
 * Argument keys recognised as the native value, in priority order.
 *
 * @example
 * ```ts
 * VALUE_KEYS[0]; // 'value'
 * ```
 */
export const VALUE_KEYS = ['value', 'amount', 'amount_in', 'eth_amount', 'tx_value'] as const;

/** One of {@link VALUE_KEYS}. */
export type ValueKey = (typeof VALUE_KEYS)[number];

/** A tool call's arguments. */
export type EstimateValueParameters = Readonly<Record<string, unknown>>;

/**
 * Result of {@link estimateValue}: `value` is wei, or `null` when no key is present (`missing`, never 0) or the
 * value is unusable (`invalid`, with a `reason`).
 */
export type EstimateValueReturnType =
  | { readonly status: 'ok'; readonly key: ValueKey; readonly value: bigint }
  | { readonly status: 'missing'; readonly key: null; readonly value: null }
  | {
      readonly status: 'invalid';
      readonly key: ValueKey | null;
      readonly value: null;
      readonly reason: string;
    };

const MISSING: EstimateValueReturnType = Object.freeze({ status: 'missing', key: null, value: null });

function invalid(key: ValueKey | null, reason: string): EstimateValueReturnType {
  return { status: 'invalid', key, value: null, reason };
}

/**
 * Estimates the native (ETH-equivalent) value of an action from its arguments: the first **own** key among
 * `value`, `amount`, `amount_in`, `eth_amount`, `tx_value` wins. Numbers and decimal strings are ETH units
 * (numbers are read at their shortest round-trip decimal, e.g. `0.1` is exactly 0.1 ETH); a bigint is already
 * wei. NaN, ±Infinity, negatives, booleans, `null`/`undefined`, empty or non-numeric strings, exponent strings
 * and more than 18 decimals are `invalid`. No recognised key → `missing` with `value: null` (fail closed:
 * read-only actions pass `amount: 0`).
 *
 * @example
 * ```ts
 * estimateValue({ amount: '0.01' }); // { status: 'ok', key: 'amount', value: 10000000000000000n }
 * estimateValue({ token: 'USDC' }); // { status: 'missing', key: null, value: null }
 * estimateValue({ value: Number.NaN }); // { status: 'invalid', key: 'value', value: null, reason: '...' }
 * ```
 */
export function estimateValue(args: EstimateValueParameters): EstimateValueReturnType {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return invalid(null, 'arguments must be a plain object');
  }
  for (const key of VALUE_KEYS) {
    if (!Object.hasOwn(args, key)) continue;
    const raw: unknown = args[key];
    switch (typeof raw) {
      case 'bigint':
        return raw < 0n ? invalid(key, 'negative amount') : { status: 'ok', key, value: raw };
      case 'number': {
        if (!Number.isFinite(raw)) return invalid(key, `${raw} is not a finite number`);
        if (raw < 0) return invalid(key, 'negative amount');
        const parsed = parseDecimal(numberToDecimalString(raw));
        return parsed.ok ? { status: 'ok', key, value: parsed.value } : invalid(key, parsed.reason);
      }
      case 'string': {
        const parsed = parseDecimal(raw);
        return parsed.ok ? { status: 'ok', key, value: parsed.value } : invalid(key, parsed.reason);
      }
      default:
        return invalid(key, `a ${raw === null ? 'null' : typeof raw} is not an amount`);
    }
  }
  return MISSING;
}
