import type { Address } from '../../chains/chains.js';
import { StoreError } from '../../errors/StoreError.js';
import { checkNewOutstandingApproval, checkOutstandingApprovalPatch } from './checkOutstandingApproval.js';
import { checkLimit } from './MemoryOutstandingApprovalStore.js';
import type {
  NewOutstandingApproval,
  OutstandingApproval,
  OutstandingApprovalPatch,
  OutstandingApprovalStore,
} from './OutstandingApprovalStore.js';
import { OUTSTANDING_APPROVAL_MIGRATIONS } from './outstandingApprovalMigrations.js';
import type { SqliteDatabaseLike, SqliteStatementLike } from './SqliteDatabaseLike.js';
import { SqliteGatewayConnection } from './SqliteGatewayConnection.js';
import { nonNegativeInteger, text } from './storeInput.js';

/** Parameters of the {@link SqliteOutstandingApprovalStore} constructor. */
export interface SqliteOutstandingApprovalStoreParameters {
  /** An open better-sqlite3 database shared by the app (the store never closes it). */
  readonly database: SqliteDatabaseLike;
}

interface Row {
  id: string;
  chain_id: number;
  owner: string;
  token: string;
  spender: string;
  amount: string;
  action_execution_id: string | null;
  status: string;
  attempts: number;
  reset_execution_id: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  version: number;
}

/**
 * Persistent {@link OutstandingApprovalStore} on SQLite (better-sqlite3 12.x); import it from
 * `@org/chain-evm/sqlite`. It owns `gateway_outstanding_approvals` (migrations in
 * `outstanding_approval_migrations`). Every update is one `UPDATE … WHERE id = ? AND version = ?`: a compare-and-set
 * across connections and processes sharing the file. Never joins a transaction it did not open.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * import { SqliteOutstandingApprovalStore } from '@org/chain-evm/sqlite';
 *
 * const approvals = new SqliteOutstandingApprovalStore({ database: new Database('./.data/app.db') });
 * ```
 */
export class SqliteOutstandingApprovalStore implements OutstandingApprovalStore {
  readonly #c: SqliteGatewayConnection;
  readonly #s: Record<'insert' | 'get' | 'list' | 'update' | 'token', SqliteStatementLike>;

  constructor({ database }: SqliteOutstandingApprovalStoreParameters) {
    const c = new SqliteGatewayConnection({
      database,
      owner: 'SqliteOutstandingApprovalStore',
      schema: {
        migrationsTable: 'outstanding_approval_migrations',
        migrations: OUTSTANDING_APPROVAL_MIGRATIONS,
        label: 'outstanding approval',
      },
    });
    this.#c = c;
    this.#s = {
      insert: c.prepare(
        `INSERT INTO gateway_outstanding_approvals (id, chain_id, owner, token, spender, amount, action_execution_id,
           status, attempts, reset_execution_id, last_error, created_at, updated_at, version)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'outstanding', 0, NULL, NULL, ?, ?, 0)
         ON CONFLICT (id) DO NOTHING`,
      ),
      get: c.prepare('SELECT * FROM gateway_outstanding_approvals WHERE id = ?'),
      list: c.prepare(
        `SELECT * FROM gateway_outstanding_approvals WHERE status = 'outstanding' ORDER BY created_at, id LIMIT ?`,
      ),
      update: c.prepare(
        `UPDATE gateway_outstanding_approvals SET action_execution_id = ?, status = ?, attempts = ?,
           reset_execution_id = ?, last_error = ?, updated_at = ?, version = version + 1
         WHERE id = ? AND version = ?`,
      ),
      token: c.prepare(
        `SELECT 1 FROM gateway_outstanding_approvals WHERE chain_id = ? AND owner = ? AND token = ? LIMIT 1`,
      ),
    };
  }

  /** {@inheritDoc OutstandingApprovalStore.insert} */
  async insert(input: NewOutstandingApproval): Promise<OutstandingApproval> {
    const r = checkNewOutstandingApproval(input);
    return this.#c.write(() => {
      const changes = this.#s.insert.run(
        r.id,
        r.chainId,
        r.owner,
        r.token,
        r.spender,
        r.amount.toString(),
        r.actionExecutionId,
        r.createdAt,
        r.createdAt,
      ).changes;
      if (changes !== 1) {
        throw new StoreError('EXECUTION_EXISTS', 'An outstanding approval with this id exists.', {
          details: r.id,
        });
      }
      return fromRow(this.#s.get.get(r.id) as Row);
    });
  }

  /** {@inheritDoc OutstandingApprovalStore.get} */
  async get(id: string): Promise<OutstandingApproval | null> {
    const key = text(id, 'approval execution id');
    const row = this.#c.read(() => this.#s.get.get(key) as Row | undefined);
    return row === undefined ? null : fromRow(row);
  }

  /** {@inheritDoc OutstandingApprovalStore.listOutstanding} */
  async listOutstanding(limit: number): Promise<OutstandingApproval[]> {
    const n = checkLimit(limit);
    return this.#c.read(() => (this.#s.list.all(n) as Row[]).map(fromRow));
  }

  /** {@inheritDoc OutstandingApprovalStore.update} */
  async update(
    id: string,
    expectedVersion: number,
    patch: OutstandingApprovalPatch,
  ): Promise<OutstandingApproval | null> {
    const key = text(id, 'approval execution id');
    const version = nonNegativeInteger(expectedVersion, 'expected version');
    const p = checkOutstandingApprovalPatch(patch);
    return this.#c.write(() => {
      const current = this.#s.get.get(key) as Row | undefined;
      if (current === undefined || current.version !== version) return null;
      const row = fromRow(current);
      const changes = this.#s.update.run(
        p.actionExecutionId === undefined ? row.actionExecutionId : p.actionExecutionId,
        p.status ?? row.status,
        p.attempts ?? row.attempts,
        p.resetExecutionId === undefined ? row.resetExecutionId : p.resetExecutionId,
        p.lastError === undefined ? row.lastError : p.lastError,
        p.at,
        key,
        version,
      ).changes;
      return changes === 1 ? fromRow(this.#s.get.get(key) as Row) : null;
    });
  }

  /** {@inheritDoc OutstandingApprovalStore.approvedThrough} */
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
    return this.#c.read(() => this.#s.token.get(chainId, o, t) !== undefined);
  }
}

function fromRow(r: Row): OutstandingApproval {
  if ((r.status !== 'outstanding' && r.status !== 'reset') || !/^[0-9]+$/.test(r.amount)) {
    throw new StoreError('STORE_FAILURE', 'A gateway row is corrupt.', {
      details: `outstanding approval ${r.id}`,
    });
  }
  return {
    id: r.id,
    chainId: r.chain_id,
    owner: r.owner as Address,
    token: r.token as Address,
    spender: r.spender as Address,
    amount: BigInt(r.amount),
    actionExecutionId: r.action_execution_id,
    status: r.status,
    attempts: r.attempts,
    resetExecutionId: r.reset_execution_id,
    lastError: r.last_error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}
