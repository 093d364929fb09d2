import type { Address } from '../chains/chains.js';
import { StoreError } from '../errors/StoreError.js';
import {
  checkNewOutstandingApproval,
  checkOutstandingApprovalPatch,
} from '../gateway/store/checkOutstandingApproval.js';
import { checkLimit } from '../gateway/store/MemoryOutstandingApprovalStore.js';
import type {
  NewOutstandingApproval,
  OutstandingApproval,
  OutstandingApprovalPatch,
  OutstandingApprovalStore,
} from '../gateway/store/OutstandingApprovalStore.js';
import { nonNegativeInteger, text } from '../gateway/store/storeInput.js';
import { PostgresConnection } from './PostgresConnection.js';
import type { PostgresPoolLike } from './PostgresPoolLike.js';

/** Parameters of the {@link PostgresOutstandingApprovalStore} constructor. */
export interface PostgresOutstandingApprovalStoreParameters {
  /** A node-postgres (pg 8.x) `Pool`, owned by the caller. */
  readonly pool: PostgresPoolLike;
  /** Schema of the `gateway_outstanding_approvals` table. Default `public`. */
  readonly schema?: string;
}

const MIGRATIONS = {
  label: 'outstanding_approval',
  migrations: [
    `CREATE TABLE gateway_outstanding_approvals (
       id text COLLATE "C" PRIMARY KEY,
       chain_id bigint NOT NULL,
       owner text NOT NULL,
       token text NOT NULL,
       spender text NOT NULL,
       amount text NOT NULL,
       action_execution_id text,
       status text NOT NULL,
       attempts integer NOT NULL,
       reset_execution_id text,
       last_error text,
       created_at bigint NOT NULL,
       updated_at bigint NOT NULL,
       version integer NOT NULL
     );
     CREATE INDEX gateway_outstanding_approvals_status ON gateway_outstanding_approvals (status, created_at, id);
     CREATE INDEX gateway_outstanding_approvals_token ON gateway_outstanding_approvals (chain_id, owner, token);`,
  ],
};

/**
 * Persistent {@link OutstandingApprovalStore} (approvals the gateway granted, until reset to zero) on PostgreSQL;
 * import it from `@org/chain-evm/postgres`. Every change is a compare-and-set on the row's version: two instances'
 * reset reconcilers cannot both move one row.
 *
 * @example
 * ```ts
 * const outstanding = new PostgresOutstandingApprovalStore({ pool });
 * ```
 */
export class PostgresOutstandingApprovalStore implements OutstandingApprovalStore {
  readonly #c: PostgresConnection;

  constructor({ pool, schema }: PostgresOutstandingApprovalStoreParameters) {
    this.#c = new PostgresConnection({
      pool,
      schema,
      owner: 'PostgresOutstandingApprovalStore',
      migrations: MIGRATIONS,
    });
  }

  get #t(): string {
    return this.#c.t('gateway_outstanding_approvals');
  }

  async insert(input: NewOutstandingApproval): Promise<OutstandingApproval> {
    const r = checkNewOutstandingApproval(input);
    return this.#c.transaction(async (client) => {
      const { rows } = await client.query(
        `INSERT INTO ${this.#t} (id, chain_id, owner, token, spender, amount, action_execution_id, status, attempts,
           reset_execution_id, last_error, created_at, updated_at, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'outstanding', 0, NULL, NULL, $8, $8, 0)
         ON CONFLICT (id) DO NOTHING RETURNING *`,
        [r.id, r.chainId, r.owner, r.token, r.spender, r.amount.toString(), r.actionExecutionId, r.createdAt],
      );
      if (rows[0] === undefined) {
        throw new StoreError('EXECUTION_EXISTS', 'An outstanding approval with this id exists.', {
          details: r.id,
        });
      }
      return fromRow(rows[0]);
    });
  }

  async get(id: string): Promise<OutstandingApproval | null> {
    const key = text(id, 'approval execution id');
    const rows = await this.#c.transaction(
      async (client) => (await client.query(`SELECT * FROM ${this.#t} WHERE id = $1`, [key])).rows,
    );
    return rows[0] === undefined ? null : fromRow(rows[0]);
  }

  async listOutstanding(limit: number): Promise<OutstandingApproval[]> {
    const n = checkLimit(limit);
    const rows = await this.#c.transaction(
      async (client) =>
        (
          await client.query(
            `SELECT * FROM ${this.#t} WHERE status = 'outstanding' ORDER BY created_at, id LIMIT $1`,
            [n],
          )
        ).rows,
    );
    return rows.map(fromRow);
  }

  async update(
    id: string,
    expectedVersion: number,
    patch: OutstandingApprovalPatch,
  ): Promise<OutstandingApproval | null> {
    const key = text(id, 'approval execution id');
    const version = nonNegativeInteger(expectedVersion, 'expected version');
    const p = checkOutstandingApprovalPatch(patch);
    return this.#c.transaction(async (client) => {
      const { rows } = await client.query(`SELECT * FROM ${this.#t} WHERE id = $1`, [key]);
      if (rows[0] === undefined) return null;
      const row = fromRow(rows[0]);
      if (row.version !== version) return null;
      const updated = await client.query(
        `UPDATE ${this.#t} SET action_execution_id = $1, status = $2, attempts = $3, reset_execution_id = $4,
           last_error = $5, updated_at = $6, version = version + 1
         WHERE id = $7 AND version = $8 RETURNING *`,
        [
          p.actionExecutionId === undefined ? row.actionExecutionId : p.actionExecutionId,
          p.status ?? row.status,
          p.attempts ?? row.attempts,
          p.resetExecutionId === undefined ? row.resetExecutionId : p.resetExecutionId,
          p.lastError === undefined ? row.lastError : p.lastError,
          p.at,
          key,
          version,
        ],
      );
      return updated.rows[0] === undefined ? null : fromRow(updated.rows[0]);
    });
  }

  async approvedThrough(chainId: number, owner: Address, token: Address): Promise<boolean> {
    // Addresses are stored checksummed (normalised on insert); compare the same way.
    const { owner: o, token: t } = checkNewOutstandingApproval({
      id: 'lookup',
      chainId,
      owner,
      token,
      spender: token,
      amount: 0n,
      actionExecutionId: null,
      createdAt: 0,
    });
    const rows = await this.#c.transaction(
      async (client) =>
        (
          await client.query(
            `SELECT 1 FROM ${this.#t} WHERE chain_id = $1 AND owner = $2 AND token = $3 LIMIT 1`,
            [chainId, o, t],
          )
        ).rows,
    );
    return rows.length > 0;
  }
}

function fromRow(r: Record<string, unknown>): OutstandingApproval {
  const status = r.status;
  const amount = String(r.amount);
  if ((status !== 'outstanding' && status !== 'reset') || !/^[0-9]+$/.test(amount)) {
    throw new StoreError('STORE_FAILURE', 'A gateway row is corrupt.', {
      details: `outstanding approval ${String(r.id)}`,
    });
  }
  return {
    id: String(r.id),
    chainId: Number(r.chain_id),
    owner: r.owner as Address,
    token: r.token as Address,
    spender: r.spender as Address,
    amount: BigInt(amount),
    actionExecutionId: (r.action_execution_id as string | null) ?? null,
    status,
    attempts: Number(r.attempts),
    resetExecutionId: (r.reset_execution_id as string | null) ?? null,
    lastError: (r.last_error as string | null) ?? null,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    version: Number(r.version),
  };
}
