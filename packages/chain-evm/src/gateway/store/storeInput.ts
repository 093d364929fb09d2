// Field checks shared by the memory and SQLite stores, so both accept and refuse exactly the same inputs.
import { StoreError } from '../../errors/StoreError.js';
import type { ExecutionAction, ExecutionStatus, Hex } from '../types.js';

export const EXECUTION_STATUSES: readonly ExecutionStatus[] = [
  'preparing',
  'blocked',
  'signed',
  'pending',
  'confirmed',
  'reverted',
  'failed',
  'awaiting_confirmation',
  'cancelled',
];
/** Statuses after which nothing is signed any more for the execution. */
export const FINAL_STATUSES: readonly ExecutionStatus[] = [
  'blocked',
  'confirmed',
  'reverted',
  'failed',
  'cancelled',
];
/** What the reconciler must finish, see `ExecutionStore.listUnsettled`. */
export const UNSETTLED_STATUSES: readonly ExecutionStatus[] = ['preparing', 'signed', 'pending'];
export const EXECUTION_ACTIONS: readonly ExecutionAction[] = [
  'swap',
  'approve',
  'wrap',
  'unwrap',
  'revoke',
  'dca-fill',
  'deposit',
  'bridge',
];

/** Longest id, key, hash or code the stores accept (they are indexed; a megabyte key is a bug or an attack). */
const MAX_TEXT = 512;

export function invalid(what: string, details?: string): StoreError {
  return new StoreError('STORE_INPUT_INVALID', `Invalid ${what}.`, details === undefined ? {} : { details });
}

export function nonNegativeInteger(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(what, 'expected a non-negative safe integer');
  }
  return value;
}

export function nullableNonNegativeInteger(value: unknown, what: string): number | null {
  return value === null ? null : nonNegativeInteger(value, what);
}

export function nonNegativeBigint(value: unknown, what: string): bigint {
  if (typeof value !== 'bigint' || value < 0n) throw invalid(what, 'expected a non-negative bigint');
  return value;
}

export function nullableBigint(value: unknown, what: string): bigint | null {
  return value === null ? null : nonNegativeBigint(value, what);
}

export function text(value: unknown, what: string, maxLength = MAX_TEXT): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength) {
    throw invalid(what, `expected a string of 1 to ${maxLength} characters`);
  }
  return value;
}

export function nullableText(value: unknown, what: string, maxLength = MAX_TEXT): string | null {
  return value === null ? null : text(value, what, maxLength);
}

/** 0x-prefixed hex; `bytes` fixes the length (32 for a hash, 20 for an address). */
export function hex(value: unknown, what: string, bytes?: number): Hex {
  const ok =
    typeof value === 'string' &&
    /^0x(?:[0-9a-fA-F]{2})+$/.test(value) &&
    (bytes === undefined || value.length === 2 + 2 * bytes);
  if (!ok)
    throw invalid(what, bytes === undefined ? 'expected 0x-prefixed hex' : `expected ${bytes} bytes hex`);
  return value as Hex;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], what: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalid(what, `expected one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/** The JSON text of `value` (what both stores persist); refuses what JSON cannot carry (bigint, cycles, undefined). */
export function jsonText(value: unknown, what: string): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    throw new StoreError('STORE_INPUT_INVALID', `Invalid ${what}.`, {
      details: 'not serialisable as JSON',
      cause: error,
    });
  }
  if (json === undefined) throw invalid(what, 'not serialisable as JSON');
  return json;
}

/** A JSON object (not an array, not null), as it reads back after being stored. */
export function jsonObject(value: unknown, what: string): Record<string, unknown> {
  const proto = typeof value === 'object' && value !== null ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null) throw invalid(what, 'expected a plain JSON object');
  return JSON.parse(jsonText(value, what)) as Record<string, unknown>;
}

export function nullableJsonObject(value: unknown, what: string): Record<string, unknown> | null {
  return value === null ? null : jsonObject(value, what);
}
