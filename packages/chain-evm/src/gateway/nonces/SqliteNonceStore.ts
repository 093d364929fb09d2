import type { Address } from '../../chains/chains.js';
import type { SqliteDatabaseLike } from '../store/SqliteDatabaseLike.js';
import { SqliteGatewayConnection, type SqliteSchema } from '../store/SqliteGatewayConnection.js';
import { invalid, nonNegativeInteger, oneOf } from '../store/storeInput.js';
import type { Hex, SignedNonceTransaction } from '../types.js';
import { checkSignedNonceTransaction } from './checkSignedNonceTransaction.js';
import type {
  AllocateNonceParameters,
  AllocateNonceReturnType,
  NonceCursor,
  NonceOutboxRow,
  NonceStore,
  ReplaceNonceOutboxParameters,
} from './NonceStore.js';
import { nonceKey } from './nonceKey.js';

/** Parameters of the {@link SqliteNonceStore} constructor. */
export interface SqliteNonceStoreParameters {
  /** An open better-sqlite3 database shared by the app (the store never closes it). */
  readonly database: SqliteDatabaseLike;
}

const SCHEMA: SqliteSchema = {
  migrationsTable: 'gateway_nonce_migrations',
  label: 'nonce',
  migrations: [
    `CREATE TABLE gateway_nonce_cursors (
       chain_id INTEGER NOT NULL,
       address TEXT NOT NULL,
       next_nonce INTEGER NOT NULL,
       confirmed_nonce INTEGER NOT NULL,
       PRIMARY KEY (chain_id, address),
       CHECK (next_nonce >= confirmed_nonce AND confirmed_nonce >= 0)
     );
     CREATE TABLE gateway_nonce_outbox (
       chain_id INTEGER NOT NULL,
       address TEXT NOT NULL,
       nonce INTEGER NOT NULL,
       execution_id TEXT,
       kind TEXT NOT NULL CHECK (kind IN ('transaction', 'filler')),
       raw TEXT NOT NULL,
       hash TEXT NOT NULL,
       created_at INTEGER NOT NULL,
       PRIMARY KEY (chain_id, address, nonce)
     );`,
  ],
};

interface CursorRow {
  next_nonce: number;
  confirmed_nonce: number;
}

const cursorOf = (row: CursorRow): NonceCursor => ({ next: row.next_nonce, confirmed: row.confirmed_nonce });

/**
 * Durable {@link NonceStore} on SQLite (better-sqlite3 12.x); import it from `@org/chain-evm/sqlite`. A better-sqlite3
 * transaction cannot wait for an asynchronous signature, so allocation is optimistic: read `next`, sign at it, then
 * one `BEGIN IMMEDIATE` transaction advances the row only if `next` is still that nonce (`UPDATE … WHERE next_nonce
 * = ?`) and inserts the outbox row; a lost race (another process on the file) drops the unpublished signature and
 * signs again at the new `next`. Allocations of one store run one at a time per (chain, address).
 *
 * @example
 * ```ts
 * const store = new SqliteNonceStore({ database: new Database('./.data/app.db') });
 * ```
 */
export class SqliteNonceStore implements NonceStore {
  readonly #c: SqliteGatewayConnection;
  readonly #lanes = new Map<string, Promise<unknown>>();

  constructor({ database }: SqliteNonceStoreParameters) {
    this.#c = new SqliteGatewayConnection({ database, owner: 'SqliteNonceStore', schema: SCHEMA });
  }

  async allocate<S extends SignedNonceTransaction>(
    p: AllocateNonceParameters<S>,
  ): Promise<AllocateNonceReturnType<S>> {
    const { chainId, address } = nonceKey(p);
    const at = nonNegativeInteger(p.at, 'time');
    const window = p.maxInFlight === undefined ? null : nonNegativeInteger(p.maxInFlight, 'window');
    if (window !== null && window < 1) throw invalid('window', 'must be at least 1');
    if ((await this.cursor({ chainId, address })) === null) {
      const start = nonNegativeInteger(await p.start(), 'start nonce');
      this.#c.write(() =>
        this.#c
          .prepare(
            `INSERT INTO gateway_nonce_cursors (chain_id, address, next_nonce, confirmed_nonce) VALUES (?, ?, ?, ?)
             ON CONFLICT (chain_id, address) DO NOTHING`,
          )
          .run(chainId, address, start, start),
      );
    }
    const lane = `${chainId}:${address}`;
    const run = async (): Promise<AllocateNonceReturnType<S>> => {
      for (let attempt = 0; attempt < 1000; attempt++) {
        const cursor = (await this.cursor({ chainId, address })) as NonceCursor;
        if (window !== null && cursor.next - cursor.confirmed >= window)
          return { kind: 'window-full', cursor };
        const nonce = cursor.next;
        const signed = await p.sign(nonce);
        const { raw, hash } = checkSignedNonceTransaction(signed);
        const won = this.#c.write(() => {
          const moved = this.#c
            .prepare(
              `UPDATE gateway_nonce_cursors SET next_nonce = next_nonce + 1
               WHERE chain_id = ? AND address = ? AND next_nonce = ? AND (? IS NULL OR next_nonce - confirmed_nonce < ?)`,
            )
            .run(chainId, address, nonce, window, window);
          if (moved.changes !== 1) return false;
          this.#c
            .prepare(
              `INSERT INTO gateway_nonce_outbox (chain_id, address, nonce, execution_id, kind, raw, hash, created_at)
               VALUES (?, ?, ?, ?, 'transaction', ?, ?, ?)`,
            )
            .run(chainId, address, nonce, p.executionId, raw, hash.toLowerCase(), at);
          return true;
        });
        if (won) return { kind: 'allocated', nonce, signed };
      }
      throw invalid('allocation', 'the nonce row kept moving');
    };
    const result = (this.#lanes.get(lane) ?? Promise.resolve()).then(run, run);
    this.#lanes.set(
      lane,
      result.catch(() => undefined),
    );
    return result;
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
    return this.#c.write(() => {
      const select = this.#c.prepare(
        'SELECT next_nonce, confirmed_nonce FROM gateway_nonce_cursors WHERE chain_id = ? AND address = ?',
      );
      const row = select.get(chainId, address) as CursorRow | undefined;
      const c = Math.max(row?.confirmed_nonce ?? 0, confirmed);
      const n = Math.max(row?.next_nonce ?? 0, next, c);
      this.#c
        .prepare(
          `INSERT INTO gateway_nonce_cursors (chain_id, address, next_nonce, confirmed_nonce) VALUES (?, ?, ?, ?)
           ON CONFLICT (chain_id, address) DO UPDATE SET next_nonce = excluded.next_nonce,
             confirmed_nonce = excluded.confirmed_nonce`,
        )
        .run(chainId, address, n, c);
      return { before: row ? cursorOf(row) : null, after: { next: n, confirmed: c } };
    });
  }

  async replace(p: ReplaceNonceOutboxParameters): Promise<boolean> {
    const { chainId, address } = nonceKey(p);
    const nonce = nonNegativeInteger(p.nonce, 'nonce');
    const kind = oneOf(p.kind, ['transaction', 'filler'], 'outbox kind');
    const { raw, hash } = checkSignedNonceTransaction(p);
    const at = nonNegativeInteger(p.at, 'time');
    return this.#c.write(
      () =>
        this.#c
          .prepare(
            `UPDATE gateway_nonce_outbox SET kind = ?, raw = ?, hash = ?, created_at = ?
             WHERE chain_id = ? AND address = ? AND nonce = ? AND hash = ?`,
          )
          .run(
            kind,
            raw,
            hash.toLowerCase(),
            at,
            chainId,
            address,
            nonce,
            String(p.expectedHash).toLowerCase(),
          ).changes === 1,
    );
  }

  async cursor(p: { chainId: number; address: Address }): Promise<NonceCursor | null> {
    const { chainId, address } = nonceKey(p);
    const row = this.#c.read(() =>
      this.#c
        .prepare(
          'SELECT next_nonce, confirmed_nonce FROM gateway_nonce_cursors WHERE chain_id = ? AND address = ?',
        )
        .get(chainId, address),
    ) as CursorRow | undefined;
    return row ? cursorOf(row) : null;
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
    const rows = this.#c.read(() =>
      this.#c
        .prepare(
          `SELECT nonce, execution_id, kind, raw, hash, created_at FROM gateway_nonce_outbox
           WHERE chain_id = ? AND address = ? AND nonce >= ? ORDER BY nonce LIMIT ?`,
        )
        .all(chainId, address, from, limit),
    ) as {
      nonce: number;
      execution_id: string | null;
      kind: string;
      raw: string;
      hash: string;
      created_at: number;
    }[];
    return rows.map((r) => ({
      chainId,
      address,
      nonce: r.nonce,
      executionId: r.execution_id,
      kind: r.kind as NonceOutboxRow['kind'],
      raw: r.raw as Hex,
      hash: r.hash as Hex,
      createdAt: r.created_at,
    }));
  }
}
