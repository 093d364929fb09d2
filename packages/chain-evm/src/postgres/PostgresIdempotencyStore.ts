import { StoreError } from '../errors/StoreError.js';
import { checkIdempotentResponse } from '../gateway/store/checkIdempotentResponse.js';
import { idempotencyKeyNotInProgress } from '../gateway/store/idempotencyKeyNotInProgress.js';
import { nonNegativeInteger, text } from '../gateway/store/storeInput.js';
import type { IdempotencyState, IdempotencyStore, IdempotentResponse } from '../gateway/types.js';
import { GATEWAY_POSTGRES_MIGRATIONS } from './gatewayPostgresMigrations.js';
import { PostgresConnection } from './PostgresConnection.js';
import type { PostgresPoolLike } from './PostgresPoolLike.js';

/** Parameters of the {@link PostgresIdempotencyStore} constructor. */
export interface PostgresIdempotencyStoreParameters {
  /** A node-postgres (pg 8.x) `Pool`, owned by the caller. */
  readonly pool: PostgresPoolLike;
  /** Schema of the `gateway_*` tables. Default `public`. */
  readonly schema?: string;
}

/**
 * Persistent {@link IdempotencyStore} on PostgreSQL; import it from `@org/chain-evm/postgres`. `claim` is an
 * `INSERT … ON CONFLICT DO NOTHING` on the key: exactly one claim of a key wins across every instance. A key stays in
 * progress until `complete` (a crash never releases it).
 *
 * @example
 * ```ts
 * const keys = new PostgresIdempotencyStore({ pool });
 * const state = await keys.claim({ key: 'k-1', requestHash: 'sha256:…', at: Date.now() });
 * ```
 */
export class PostgresIdempotencyStore implements IdempotencyStore {
  readonly #c: PostgresConnection;

  constructor({ pool, schema }: PostgresIdempotencyStoreParameters) {
    this.#c = new PostgresConnection({
      pool,
      schema,
      owner: 'PostgresIdempotencyStore',
      migrations: GATEWAY_POSTGRES_MIGRATIONS,
    });
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
    const table = this.#c.t('gateway_idempotency_keys');
    return this.#c.transaction(async (client): Promise<IdempotencyState> => {
      const inserted = await client.query(
        `INSERT INTO ${table} (key, request_hash, claimed_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING`,
        [checkedKey, checkedHash, claimedAt],
      );
      if (inserted.rowCount === 1) return { state: 'claimed' };
      const { rows } = await client.query(`SELECT request_hash, response FROM ${table} WHERE key = $1`, [
        checkedKey,
      ]);
      const row = rows[0] as { request_hash: string; response: string | null } | undefined;
      // Abandoned between the two statements: the key is free again, and this claim did not take it.
      if (row === undefined) return { state: 'in_progress', requestHash: checkedHash };
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
    const table = this.#c.t('gateway_idempotency_keys');
    await this.#c.transaction(async (client) => {
      const { rowCount } = await client.query(
        `UPDATE ${table} SET response = $1, completed_at = $2 WHERE key = $3 AND response IS NULL`,
        [json, completedAt, checkedKey],
      );
      if (rowCount === 1) return;
      const { rows } = await client.query(`SELECT 1 FROM ${table} WHERE key = $1`, [checkedKey]);
      throw idempotencyKeyNotInProgress({ key: checkedKey, done: rows.length > 0 });
    });
  }

  async abandon({ key }: { key: string }): Promise<void> {
    const checkedKey = text(key, 'idempotency key');
    const table = this.#c.t('gateway_idempotency_keys');
    await this.#c.transaction(async (client) => {
      const { rowCount } = await client.query(`DELETE FROM ${table} WHERE key = $1 AND response IS NULL`, [
        checkedKey,
      ]);
      if (rowCount === 1) return;
      const { rows } = await client.query(`SELECT 1 FROM ${table} WHERE key = $1`, [checkedKey]);
      if (rows.length > 0) throw idempotencyKeyNotInProgress({ key: checkedKey, done: true });
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
