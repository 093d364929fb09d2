import type { IdempotencyState, IdempotencyStore, IdempotentResponse } from '../types.js';
import { checkIdempotentResponse } from './checkIdempotentResponse.js';
import { idempotencyKeyNotInProgress } from './idempotencyKeyNotInProgress.js';
import type { SqliteDatabaseLike, SqliteStatementLike } from './SqliteDatabaseLike.js';
import { SqliteGatewayConnection } from './SqliteGatewayConnection.js';
import { StoreError } from '../../errors/StoreError.js';
import { nonNegativeInteger, text } from './storeInput.js';

/** Parameters of the {@link SqliteIdempotencyStore} constructor. */
export interface SqliteIdempotencyStoreParameters {
  /** An open better-sqlite3 database shared by the app (the store never closes it). */
  readonly database: SqliteDatabaseLike;
}

interface KeyRow {
  request_hash: string;
  response: string | null;
}

/**
 * Persistent {@link IdempotencyStore} on SQLite (better-sqlite3 12.x); import it from `@org/chain-evm/sqlite`. It
 * owns the `gateway_idempotency_keys` table (migrations in `gateway_migrations`). `claim` is one
 * `BEGIN IMMEDIATE` transaction around an `INSERT … ON CONFLICT DO NOTHING` on the key: exactly one claim of a key
 * wins, also across connections and processes sharing the file. A key stays in progress until `complete` (a
 * crash never releases it). Follows the project's connection rule like {@link SqliteExecutionStore}.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * import { SqliteIdempotencyStore } from '@org/chain-evm/sqlite';
 *
 * const keys = new SqliteIdempotencyStore({ database: new Database('./.data/app.db') });
 * const state = await keys.claim({ key: 'k-1', requestHash: 'sha256:…', at: Date.now() });
 * ```
 */
export class SqliteIdempotencyStore implements IdempotencyStore {
  readonly #c: SqliteGatewayConnection;
  readonly #s: Record<'claim' | 'get' | 'complete' | 'abandon', SqliteStatementLike>;

  constructor({ database }: SqliteIdempotencyStoreParameters) {
    const c = new SqliteGatewayConnection({ database, owner: 'SqliteIdempotencyStore' });
    this.#c = c;
    this.#s = {
      claim: c.prepare(
        `INSERT INTO gateway_idempotency_keys (key, request_hash, claimed_at) VALUES (?, ?, ?)
         ON CONFLICT (key) DO NOTHING`,
      ),
      get: c.prepare('SELECT request_hash, response FROM gateway_idempotency_keys WHERE key = ?'),
      complete: c.prepare(
        'UPDATE gateway_idempotency_keys SET response = ?, completed_at = ? WHERE key = ? AND response IS NULL',
      ),
      abandon: c.prepare('DELETE FROM gateway_idempotency_keys WHERE key = ? AND response IS NULL'),
    };
  }

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
    return this.#c.write((): IdempotencyState => {
      if (this.#s.claim.run(checkedKey, checkedHash, claimedAt).changes === 1) return { state: 'claimed' };
      const row = this.#s.get.get(checkedKey) as KeyRow;
      if (row.response === null) return { state: 'in_progress', requestHash: row.request_hash };
      return {
        state: 'done',
        requestHash: row.request_hash,
        response: parseResponse(row.response, checkedKey),
      };
    });
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
    const completedAt = nonNegativeInteger(at, 'completion time');
    this.#c.write(() => {
      if (this.#s.complete.run(json, completedAt, checkedKey).changes === 1) return;
      throw idempotencyKeyNotInProgress({ key: checkedKey, done: this.#s.get.get(checkedKey) !== undefined });
    });
  }

  async abandon({ key }: { key: string }): Promise<void> {
    const checkedKey = text(key, 'idempotency key');
    this.#c.write(() => {
      if (this.#s.abandon.run(checkedKey).changes === 1) return;
      if (this.#s.get.get(checkedKey) !== undefined) {
        throw idempotencyKeyNotInProgress({ key: checkedKey, done: true });
      }
    });
  }
}

function parseResponse(json: string, key: string): IdempotentResponse {
  try {
    const value = JSON.parse(json) as IdempotentResponse;
    if (typeof value === 'object' && value !== null && Number.isInteger(value.status)) return value;
  } catch {
    // reported below
  }
  throw new StoreError('STORE_FAILURE', 'A gateway row is corrupt.', {
    details: `response of idempotency key ${JSON.stringify(key.slice(0, 80))}`,
  });
}
