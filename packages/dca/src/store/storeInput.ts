import { DcaStoreError } from '../errors/DcaStoreError.js';
import type { DcaFillStatus, DcaOrderStatus } from '../types.js';

export const ORDER_STATUSES: readonly DcaOrderStatus[] = ['active', 'paused', 'cancelled', 'completed'];
export const FILL_STATUSES: readonly DcaFillStatus[] = [
  'running',
  'pending',
  'filled',
  'skipped',
  'blocked',
  'failed',
];
/** Largest page. */
export const MAX_PAGE = 100;
/** Most orders one claim may take. */
export const MAX_CLAIM = 1000;

/** A `DCA_STORE_INPUT_INVALID` error for `what`. */
export function invalid(what: string, detail?: string): DcaStoreError {
  return new DcaStoreError('DCA_STORE_INPUT_INVALID', `Invalid ${what}${detail ? `: ${detail}` : ''}.`);
}

export function text(value: unknown, what: string, max = 256): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) throw invalid(what);
  return value;
}

export function integer(value: unknown, what: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max)
    throw invalid(what);
  return value;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], what: string): T {
  if (!allowed.includes(value as T)) throw invalid(what, `expected one of ${allowed.join(', ')}`);
  return value as T;
}

const MAX_AMOUNT = 2n ** 256n;

export function amount(value: unknown, what: string): bigint {
  if (typeof value !== 'bigint' || value < 0n || value >= MAX_AMOUNT) throw invalid(what);
  return value;
}

export function nullable<T>(value: unknown, check: (v: unknown) => T): T | null {
  return value === null ? null : check(value);
}
