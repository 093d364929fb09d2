import type { Address } from '../chains/chains.js';
import { checkSignedNonceTransaction } from '../gateway/nonces/checkSignedNonceTransaction.js';
import type {
  AllocateNonceParameters,
  AllocateNonceReturnType,
  NonceCursor,
  NonceOutboxRow,
  NonceStore,
  ReplaceNonceOutboxParameters,
} from '../gateway/nonces/NonceStore.js';
import { nonceKey } from '../gateway/nonces/nonceKey.js';
import { invalid, nonNegativeInteger, oneOf } from '../gateway/store/storeInput.js';
import type { Hex, SignedNonceTransaction } from '../gateway/types.js';
import { GATEWAY_POSTGRES_MIGRATIONS } from './gatewayPostgresMigrations.js';
import { PostgresConnection } from './PostgresConnection.js';
import type { PostgresPoolLike } from './PostgresPoolLike.js';

/** Parameters of the {@link PostgresNonceStore} constructor. */
export interface PostgresNonceStoreParameters {
  /** A node-postgres (pg 8.x) `Pool`, owned by the caller. */
  readonly pool: PostgresPoolLike;
  /** Schema of the `gateway_*` tables. Default `public`. */
  readonly schema?: string;
}

const cursorOf = (row: Record<string, unknown>): NonceCursor => ({
  next: Number(row.next_nonce),
  confirmed: Number(row.confirmed_nonce),
});

/**
 * Durable {@link NonceStore} on PostgreSQL, shared by every instance; import it from `@org/chain-evm/postgres`.
 * Allocation is one transaction on a connection of its own: `UPDATE gateway_nonce_cursors SET next_nonce =
 * next_nonce + 1 … RETURNING` (the in-flight window checked in the same statement) takes the row lock, the
 * transaction is signed at that nonce while the lock is held (local signing only: no network call under the lock),
 * the outbox row (unique on chain, address, nonce) is inserted, and only then COMMIT — another instance waits on the
 * lock and gets the next nonce. A failed signature rolls everything back.
 *
 * @example
 * ```ts
 * const nonces = createDurableNonceManager({ store: new PostgresNonceStore({ pool }), provider });
 * ```
 */
export class PostgresNonceStore implements NonceStore {
  readonly #c: PostgresConnection;

  constructor({ pool, schema }: PostgresNonceStoreParameters) {
    this.#c = new PostgresConnection({
      pool,
      schema,
      owner: 'PostgresNonceStore',
      migrations: GATEWAY_POSTGRES_MIGRATIONS,
    });
  }

  async allocate<S extends SignedNonceTransaction>(
    p: AllocateNonceParameters<S>,
  ): Promise<AllocateNonceReturnType<S>> {
    const { chainId, address } = nonceKey(p);
    const at = nonNegativeInteger(p.at, 'time');
    const window = p.maxInFlight === undefined ? null : nonNegativeInteger(p.maxInFlight, 'window');
    if (window !== null && window < 1) throw invalid('window', 'must be at least 1');
    const cursors = this.#c.t('gateway_nonce_cursors');
    if ((await this.cursor({ chainId, address })) === null) {
      // The chain is read outside any transaction (no network call while a lock is held).
      const start = nonNegativeInteger(await p.start(), 'start nonce');
      await this.#c.transaction((client) =>
        client.query(
          `INSERT INTO ${cursors} (chain_id, address, next_nonce, confirmed_nonce) VALUES ($1, $2, $3, $3)
           ON CONFLICT (chain_id, address) DO NOTHING`,
          [chainId, address, start],
        ),
      );
    }
    return this.#c.transaction(async (client): Promise<AllocateNonceReturnType<S>> => {
      const taken = await client.query(
        `UPDATE ${cursors} SET next_nonce = next_nonce + 1
         WHERE chain_id = $1 AND address = $2 AND ($3::bigint IS NULL OR next_nonce - confirmed_nonce < $3)
         RETURNING next_nonce - 1 AS nonce`,
        [chainId, address, window],
      );
      if (taken.rowCount !== 1) {
        const { rows } = await client.query(
          `SELECT next_nonce, confirmed_nonce FROM ${cursors} WHERE chain_id = $1 AND address = $2`,
          [chainId, address],
        );
        return { kind: 'window-full', cursor: cursorOf(rows[0] ?? {}) };
      }
      const nonce = Number(taken.rows[0]?.nonce);
      const signed = await p.sign(nonce);
      const { raw, hash } = checkSignedNonceTransaction(signed);
      await client.query(
        `INSERT INTO ${this.#c.t('gateway_nonce_outbox')}
           (chain_id, address, nonce, execution_id, kind, raw, hash, created_at)
         VALUES ($1, $2, $3, $4, 'transaction', $5, $6, $7)`,
        [chainId, address, nonce, p.executionId, raw, hash.toLowerCase(), at],
      );
      return { kind: 'allocated', nonce, signed };
    });
  }

  async raise(p: {
    chainId: number;
    address: Address;
    next?: number;
    confirmed?: number;
  }): Promise<{ before: NonceCursor | null; after: NonceCursor }> {
    const { chainId, address } = nonceKey(p);
    const next = p.next === undefined ? 0 : nonNegativeInteger(p.next, 'next nonce');
    const confirmed = p.confirmed === undefined ? 0 : nonNegativeInteger(p.confirmed, 'confirmed nonce');
    const cursors = this.#c.t('gateway_nonce_cursors');
    return this.#c.transaction(async (client) => {
      await client.query(
        `INSERT INTO ${cursors} (chain_id, address, next_nonce, confirmed_nonce) VALUES ($1, $2, 0, 0)
         ON CONFLICT (chain_id, address) DO NOTHING`,
        [chainId, address],
      );
      const { rows } = await client.query(
        `SELECT next_nonce, confirmed_nonce, xmax = 0 AS fresh FROM ${cursors}
         WHERE chain_id = $1 AND address = $2 FOR UPDATE`,
        [chainId, address],
      );
      const row = rows[0] ?? {};
      const before = row.fresh === true ? null : cursorOf(row);
      const updated = await client.query(
        `UPDATE ${cursors} SET confirmed_nonce = GREATEST(confirmed_nonce, $3::bigint),
           next_nonce = GREATEST(next_nonce, $4::bigint, $3::bigint)
         WHERE chain_id = $1 AND address = $2 RETURNING next_nonce, confirmed_nonce`,
        [chainId, address, confirmed, next],
      );
      return { before, after: cursorOf(updated.rows[0] ?? {}) };
    });
  }

  async replace(p: ReplaceNonceOutboxParameters): Promise<boolean> {
    const { chainId, address } = nonceKey(p);
    const nonce = nonNegativeInteger(p.nonce, 'nonce');
    const kind = oneOf(p.kind, ['transaction', 'filler'], 'outbox kind');
    const { raw, hash } = checkSignedNonceTransaction(p);
    const at = nonNegativeInteger(p.at, 'time');
    return this.#c.transaction(async (client) => {
      const result = await client.query(
        `UPDATE ${this.#c.t('gateway_nonce_outbox')} SET kind = $4, raw = $5, hash = $6, created_at = $7
         WHERE chain_id = $1 AND address = $2 AND nonce = $3 AND hash = $8`,
        [chainId, address, nonce, kind, raw, hash.toLowerCase(), at, String(p.expectedHash).toLowerCase()],
      );
      return result.rowCount === 1;
    });
  }

  async cursor(p: { chainId: number; address: Address }): Promise<NonceCursor | null> {
    const { chainId, address } = nonceKey(p);
    return this.#c.transaction(async (client) => {
      const { rows } = await client.query(
        `SELECT next_nonce, confirmed_nonce FROM ${this.#c.t('gateway_nonce_cursors')}
         WHERE chain_id = $1 AND address = $2`,
        [chainId, address],
      );
      return rows[0] ? cursorOf(rows[0]) : null;
    });
  }

  async outbox(p: {
    chainId: number;
    address: Address;
    fromNonce: number;
    limit: number;
  }): Promise<readonly NonceOutboxRow[]> {
    const { chainId, address } = nonceKey(p);
    const from = nonNegativeInteger(p.fromNonce, 'from nonce');
    const limit = nonNegativeInteger(p.limit, 'limit');
    if (limit < 1 || limit > 1000) throw invalid('limit', 'expected 1 to 1000');
    return this.#c.transaction(async (client) => {
      const { rows } = await client.query(
        `SELECT nonce, execution_id, kind, raw, hash, created_at FROM ${this.#c.t('gateway_nonce_outbox')}
         WHERE chain_id = $1 AND address = $2 AND nonce >= $3 ORDER BY nonce LIMIT $4`,
        [chainId, address, from, limit],
      );
      return rows.map((r) => ({
        chainId,
        address,
        nonce: Number(r.nonce),
        executionId: (r.execution_id as string | null) ?? null,
        kind: r.kind as NonceOutboxRow['kind'],
        raw: r.raw as Hex,
        hash: r.hash as Hex,
        createdAt: Number(r.created_at),
      }));
    });
  }
}
