import { StoreError } from '../../errors/StoreError.js';
import type {
  AddTransactionParameters,
  ExecutionPage,
  ExecutionRecord,
  ExecutionStore,
  ListExecutionsParameters,
  UpdateExecutionParameters,
} from '../types.js';
import { applyExecutionPatch } from './applyExecutionPatch.js';
import { assertCanSign } from './assertCanSign.js';
import { checkBroadcastTransaction } from './checkBroadcastTransaction.js';
import { checkExecutionRecord } from './checkExecutionRecord.js';
import { checkExpectedState, isInExpectedState } from './checkExpectedState.js';
import { checkListParameters } from './checkListParameters.js';
import { encodeExecutionCursor } from './executionCursor.js';
import {
  EXECUTION_COLUMN_NAMES,
  type ExecutionRow,
  executionColumns,
  type TransactionRow,
  toExecutionRecord,
  transactionColumns,
} from './executionRows.js';
import type { SqliteDatabaseLike, SqliteStatementLike } from './SqliteDatabaseLike.js';
import { SqliteGatewayConnection } from './SqliteGatewayConnection.js';
import { nonNegativeInteger, text, UNSETTLED_STATUSES } from './storeInput.js';

/** Parameters of the {@link SqliteExecutionStore} constructor. */
export interface SqliteExecutionStoreParameters {
  /** An open better-sqlite3 database shared by the app (the store never closes it). */
  readonly database: SqliteDatabaseLike;
}

const ORDER = 'ORDER BY created_at DESC, id DESC LIMIT ?';

/**
 * Persistent {@link ExecutionStore} on SQLite (better-sqlite3 12.x); import it from `@org/chain-evm/sqlite`. It
 * owns the `gateway_executions` and `gateway_transactions` tables (schema versions in `gateway_migrations`,
 * migrated at construction; a newer schema is refused). Amounts are decimal TEXT, the intent summary and result
 * JSON, the transactions of an execution rows of their own. Every write is one `BEGIN IMMEDIATE` transaction and
 * resolves after its COMMIT on a connection raised to `synchronous=FULL`; inside a transaction the store did not
 * open, it refuses with `STORE_FAILURE` and writes nothing. Several connections or processes may share the file.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * import { SqliteExecutionStore } from '@org/chain-evm/sqlite';
 *
 * const database = new Database('./.data/app.db');
 * const executions = new SqliteExecutionStore({ database });
 * const { items, nextCursor } = await executions.list({ limit: 20, status: 'pending' });
 * ```
 */
export class SqliteExecutionStore implements ExecutionStore {
  readonly #c: SqliteGatewayConnection;
  readonly #s: Record<
    | 'insert'
    | 'insertTransaction'
    | 'get'
    | 'transactionsOf'
    | 'transactionsOfMany'
    | 'update'
    | 'list'
    | 'listAfter'
    | 'listStatus'
    | 'listStatusAfter'
    | 'unsettled',
    SqliteStatementLike
  >;

  constructor({ database }: SqliteExecutionStoreParameters) {
    const c = new SqliteGatewayConnection({ database, owner: 'SqliteExecutionStore' });
    this.#c = c;
    const unsettled = UNSETTLED_STATUSES.map((s) => `'${s}'`).join(', ');
    this.#s = {
      insert: c.prepare(
        `INSERT INTO gateway_executions (${EXECUTION_COLUMN_NAMES.join(', ')})
         VALUES (${EXECUTION_COLUMN_NAMES.map(() => '?').join(', ')})`,
      ),
      insertTransaction: c.prepare(
        `INSERT INTO gateway_transactions VALUES (${Array(9).fill('?').join(', ')})`,
      ),
      get: c.prepare('SELECT * FROM gateway_executions WHERE id = ?'),
      transactionsOf: c.prepare(
        'SELECT * FROM gateway_transactions WHERE execution_id = ? ORDER BY position',
      ),
      transactionsOfMany: c.prepare(
        `SELECT * FROM gateway_transactions WHERE execution_id IN (SELECT value FROM json_each(?))
         ORDER BY execution_id, position`,
      ),
      // Compare-and-set: the row changes only while it is still in the status and version it was read in.
      update: c.prepare(
        `UPDATE gateway_executions SET updated_at = ?, status = ?, code = ?, reason = ?, value_wei = ?,
         reservation_id = ?, nonce = ?, mined_hash = ?, block_number = ?, fee_wei = ?, result = ?,
         fee_reserved_wei = ?, nonce_gone_since_block = ?, cancel_requested_at = ?, cancel_requested_by = ?,
         block_hash = ?, version = version + 1
         WHERE id = ? AND status = ? AND version = ?`,
      ),
      list: c.prepare(`SELECT * FROM gateway_executions ${ORDER}`),
      listAfter: c.prepare(`SELECT * FROM gateway_executions WHERE (created_at, id) < (?, ?) ${ORDER}`),
      listStatus: c.prepare(`SELECT * FROM gateway_executions WHERE status = ? ${ORDER}`),
      listStatusAfter: c.prepare(
        `SELECT * FROM gateway_executions WHERE status = ? AND (created_at, id) < (?, ?) ${ORDER}`,
      ),
      unsettled: c.prepare(
        `SELECT * FROM gateway_executions WHERE status IN (${unsettled}) ORDER BY created_at, id`,
      ),
    };
  }

  async insert(record: ExecutionRecord): Promise<void> {
    const checked = checkExecutionRecord(record);
    this.#c.write(() => {
      if (this.#s.get.get(checked.id) !== undefined) {
        throw new StoreError('EXECUTION_EXISTS', `Execution ${checked.id} already exists.`);
      }
      this.#s.insert.run(...executionColumns(checked));
      checked.transactions.forEach((t, i) => {
        this.#s.insertTransaction.run(...transactionColumns(checked.id, i, t));
      });
    });
  }

  async update({ id, expected, patch, at }: UpdateExecutionParameters): Promise<ExecutionRecord | null> {
    const key = text(id, 'execution id');
    const state = checkExpectedState(expected);
    return this.#c.write(() => {
      const record = this.#existing(key);
      const next = applyExecutionPatch({ record, patch, at });
      if (!isInExpectedState(record, state)) return null;
      return this.#save(next, record) ? next : null;
    });
  }

  async addTransaction({
    id,
    expected,
    transaction,
    at,
  }: AddTransactionParameters): Promise<ExecutionRecord | null> {
    const key = text(id, 'execution id');
    const state = checkExpectedState(expected);
    const checked = checkBroadcastTransaction(transaction);
    const updatedAt = nonNegativeInteger(at, 'update time');
    return this.#c.write(() => {
      const record = this.#existing(key);
      if (!isInExpectedState(record, state)) return null;
      assertCanSign(record, checked);
      const next: ExecutionRecord = {
        ...record,
        transactions: [...record.transactions, checked],
        nonce: checked.nonce,
        status: 'signed',
        updatedAt,
        version: record.version + 1,
      };
      if (!this.#save(next, record)) return null;
      this.#s.insertTransaction.run(...transactionColumns(key, record.transactions.length, checked));
      return next;
    });
  }

  async get(id: string): Promise<ExecutionRecord | null> {
    const key = text(id, 'execution id');
    return this.#c.read(() => {
      const row = this.#s.get.get(key) as ExecutionRow | undefined;
      return row === undefined ? null : (this.#withTransactions([row])[0] ?? null);
    });
  }

  async list(parameters: ListExecutionsParameters): Promise<ExecutionPage> {
    const { limit, status, after } = checkListParameters(parameters);
    return this.#c.read(() => {
      const s = this.#s;
      // One row more than the page tells whether there is a next page.
      const rows = (
        status === null
          ? after === null
            ? s.list.all(limit + 1)
            : s.listAfter.all(after.createdAt, after.id, limit + 1)
          : after === null
            ? s.listStatus.all(status, limit + 1)
            : s.listStatusAfter.all(status, after.createdAt, after.id, limit + 1)
      ) as ExecutionRow[];
      const items = this.#withTransactions(rows.slice(0, limit));
      const last = items[items.length - 1];
      return { items, nextCursor: rows.length > limit && last ? encodeExecutionCursor(last) : null };
    });
  }

  async listUnsettled(): Promise<readonly ExecutionRecord[]> {
    return this.#c.read(() => this.#withTransactions(this.#s.unsettled.all() as ExecutionRow[]));
  }

  /** The current record of `id` (inside a transaction); unknown id throws `EXECUTION_NOT_FOUND`. */
  #existing(id: string): ExecutionRecord {
    const row = this.#s.get.get(id) as ExecutionRow | undefined;
    if (row === undefined) throw new StoreError('EXECUTION_NOT_FOUND', `Execution ${id} not found.`);
    return toExecutionRecord(row, this.#s.transactionsOf.all(id) as TransactionRow[]);
  }

  /**
   * Writes the mutable columns of `next` over `read` (inside a transaction), as a compare-and-set on `read`'s status
   * and version; false when the row was not in that state (nothing written).
   */
  #save(next: ExecutionRecord, read: ExecutionRecord): boolean {
    const { changes } = this.#s.update.run(
      next.updatedAt,
      next.status,
      next.code,
      next.reason,
      next.valueWei?.toString() ?? null,
      next.reservationId,
      next.nonce,
      next.minedHash,
      next.blockNumber,
      next.feeWei?.toString() ?? null,
      next.result === null ? null : JSON.stringify(next.result),
      next.feeReservedWei?.toString() ?? null,
      next.nonceGoneSinceBlock,
      next.cancelRequestedAt,
      next.cancelRequestedBy,
      next.blockHash,
      next.id,
      read.status,
      read.version,
    );
    return changes === 1;
  }

  #withTransactions(rows: readonly ExecutionRow[]): ExecutionRecord[] {
    if (rows.length === 0) return [];
    const byExecution = new Map<string, TransactionRow[]>();
    const all = this.#s.transactionsOfMany.all(JSON.stringify(rows.map((r) => r.id))) as TransactionRow[];
    for (const t of all) {
      const list = byExecution.get(t.execution_id);
      if (list === undefined) byExecution.set(t.execution_id, [t]);
      else list.push(t);
    }
    return rows.map((row) => toExecutionRecord(row, byExecution.get(row.id) ?? []));
  }
}
