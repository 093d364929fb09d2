import { StoreError } from '../../errors/StoreError.js';

/**
 * The `IDEMPOTENCY_KEY_NOT_IN_PROGRESS` error of `complete`/`abandon` (same text in every store).
 *
 * @example
 * ```ts
 * throw idempotencyKeyNotInProgress({ key, done: true });
 * ```
 */
export function idempotencyKeyNotInProgress({ key, done }: { key: string; done: boolean }): StoreError {
  return new StoreError('IDEMPOTENCY_KEY_NOT_IN_PROGRESS', 'The idempotency key is not in progress.', {
    details: `key ${JSON.stringify(key.slice(0, 80))} is ${done ? 'done' : 'unknown'}`,
  });
}
