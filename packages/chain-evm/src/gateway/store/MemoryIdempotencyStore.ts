import type { IdempotencyState, IdempotencyStore, IdempotentResponse } from '../types.js';
import { checkIdempotentResponse } from './checkIdempotentResponse.js';
import { idempotencyKeyNotInProgress } from './idempotencyKeyNotInProgress.js';
import { nonNegativeInteger, text } from './storeInput.js';

interface Entry {
  readonly requestHash: string;
  readonly claimedAt: number;
  /** JSON text of the response once done (stored as text, like the SQLite store). */
  readonly response: string | null;
}

/**
 * {@link IdempotencyStore} in process memory (tests, single-process tools; lost on exit). `claim` checks and
 * takes a key in one synchronous step, so of concurrent claims of one key exactly one is `claimed`.
 *
 * @example
 * ```ts
 * import { MemoryIdempotencyStore } from '@org/chain-evm';
 *
 * const keys = new MemoryIdempotencyStore();
 * const state = await keys.claim({ key: 'k-1', requestHash: 'sha256:…', at: Date.now() });
 * if (state.state === 'claimed') { … run the request, then keys.complete(…) }
 * ```
 */
export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly #entries = new Map<string, Entry>();

  async claim({
    key,
    requestHash,
    at,
  }: {
    key: string;
    requestHash: string;
    at: number;
  }): Promise<IdempotencyState> {
    const checkedKey = text(key, 'idempotency key');
    const checkedHash = text(requestHash, 'request hash');
    const claimedAt = nonNegativeInteger(at, 'claim time');
    // No await between the lookup and the set: this is what makes the claim atomic.
    const entry = this.#entries.get(checkedKey);
    if (entry === undefined) {
      this.#entries.set(checkedKey, { requestHash: checkedHash, claimedAt, response: null });
      return { state: 'claimed' };
    }
    if (entry.response === null) return { state: 'in_progress', requestHash: entry.requestHash };
    return {
      state: 'done',
      requestHash: entry.requestHash,
      response: JSON.parse(entry.response) as IdempotentResponse,
    };
  }

  async complete({
    key,
    response,
    at,
  }: {
    key: string;
    response: IdempotentResponse;
    at: number;
  }): Promise<void> {
    const checkedKey = text(key, 'idempotency key');
    const json = checkIdempotentResponse(response);
    nonNegativeInteger(at, 'completion time');
    const entry = this.#entries.get(checkedKey);
    if (entry === undefined || entry.response !== null)
      throw idempotencyKeyNotInProgress({ key: checkedKey, done: entry !== undefined });
    this.#entries.set(checkedKey, { ...entry, response: json });
  }

  async abandon({ key }: { key: string }): Promise<void> {
    const checkedKey = text(key, 'idempotency key');
    const entry = this.#entries.get(checkedKey);
    if (entry === undefined) return;
    if (entry.response !== null)
      throw idempotencyKeyNotInProgress({ key: checkedKey, done: entry !== undefined });
    this.#entries.delete(checkedKey);
  }
}
