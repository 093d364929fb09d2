import { type EstimateValueReturnType, estimateValue } from '../estimateValue.js';

const UNKNOWN: EstimateValueReturnType = Object.freeze({ status: 'missing', key: null, value: null });

/** The value of a request: `value` (wei) when given, else {@link estimateValue} of `args`, else unknown. */
export function resolveRequestValue(request: {
  readonly value?: unknown;
  readonly args?: unknown;
}): EstimateValueReturnType {
  const { value, args } = request;
  if (value !== undefined) {
    if (args !== undefined) {
      return { status: 'invalid', key: null, value: null, reason: 'give either value or args, not both' };
    }
    if (value === null) return UNKNOWN;
    if (typeof value !== 'bigint') {
      return {
        status: 'invalid',
        key: 'value',
        value: null,
        reason: 'request.value must be a bigint in wei',
      };
    }
    if (value < 0n) return { status: 'invalid', key: 'value', value: null, reason: 'negative amount' };
    return { status: 'ok', key: 'value', value };
  }
  if (args !== undefined) return estimateValue(args as Readonly<Record<string, unknown>>);
  return UNKNOWN;
}
