import { StoreError } from '../errors/StoreError.js';
import { applyExecutionPatch } from '../gateway/store/applyExecutionPatch.js';
import { assertCanSign } from '../gateway/store/assertCanSign.js';
import { checkBroadcastTransaction } from '../gateway/store/checkBroadcastTransaction.js';
import { checkExecutionRecord } from '../gateway/store/checkExecutionRecord.js';
import { checkExpectedState, isInExpectedState } from '../gateway/store/checkExpectedState.js';
import { checkListParameters } from '../gateway/store/checkListParameters.js';
import { encodeExecutionCursor } from '../gateway/store/executionCursor.js';
import {
  EXECUTION_COLUMN_NAMES,
  type ExecutionRow,
  executionColumns,
  type TransactionRow,
  toExecutionRecord,
  transactionColumns,
} from '../gateway/store/executionRows.js';
import { nonNegativeInteger, text, UNSETTLED_STATUSES } from '../gateway/store/storeInput.js';
import type {
  AddTransactionParameters,
  ExecutionPage,
  ExecutionRecord,
  ExecutionStore,
  ListExecutionsParameters,
  UpdateExecutionParameters,
} from '../gateway/types.js';
import { GATEWAY_POSTGRES_MIGRATIONS } from './gatewayPostgresMigrations.js';
import { integerColumns } from './integerColumns.js';
import { PostgresConnection } from './PostgresConnection.js';
import type { PostgresClientLike, PostgresPoolLike } from './PostgresPoolLike.js';

/** Parameters of the {@link PostgresExecutionStore} constructor. */
export interface PostgresExecutionStoreParameters {
  /** A node-postgres (pg 8.x) `Pool`, owned by the caller; the store checks out one connection per operation. */
  readonly pool: PostgresPoolLike;
  /** Schema of the `gateway_*` tables (created when missing). Default `public`. */
  readonly schema?: string;
}

const EXECUTION_INTEGERS = [
  'created_at',
  'updated_at',
  'chain_id',
  'nonce',
  'block_number',
  'nonce_gone_since_block',
  'cancel_requested_at',
];
const TRANSACTION_INTEGERS = ['nonce', 'signed_at'];

/**
 * Persistent {@link ExecutionStore} on PostgreSQL; import it from `@org/chain-evm/postgres`. Several server instances
 * share one record per execution: every state change is one transaction ending in an `UPDATE … WHERE status = $read
 * AND version = $read`, so of two instances acting on the same record at once exactly one wins and the other gets
 * `null` (re-read and decide again). Signing appends the transaction's row in the same transaction as the status
 * change. Infrastructure errors are `STORE_FAILURE`.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * import { PostgresExecutionStore } from '@org/chain-evm/postgres';
 *
 * const executions = new PostgresExecutionStore({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL }) });
 * ```
 */
export class PostgresExecutionStore implements ExecutionStore {
  readonly #c: PostgresConnection;

  constructor({ pool, schema }: PostgresExecutionStoreParameters) {
    this.#c = new PostgresConnection({
      pool,
      schema,
      owner: 'PostgresExecutionStore',
      migrations: GATEWAY_POSTGRES_MIGRATIONS,
    });
  }

  async insert(record: ExecutionRecord): Promise<void> {
    const checked = checkExecutionRecord(record);
    await this.#c.transaction(async (client) => {
      const { rowCount } = await client.query(
        `INSERT INTO ${this.#c.t('gateway_executions')} (${EXECUTION_COLUMN_NAMES.join(', ')})
         VALUES (${EXECUTION_COLUMN_NAMES.map((_, i) => `$${i + 1}`).join(', ')})
         ON CONFLICT (id) DO NOTHING`,
        executionColumns(checked),
      );
      if (rowCount !== 1) {
        throw new StoreError('EXECUTION_EXISTS', `Execution ${checked.id} already exists.`);
      }
      for (const [i, t] of checked.transactions.entries())
        await this.#insertTransaction(client, checked.id, i, t);
    });
  }

  async update({ id, expected, patch, at }: UpdateExecutionParameters): Promise<ExecutionRecord | null> {
    const key = text(id, 'execution id');
    const state = checkExpectedState(expected);
    return this.#c.transaction(async (client) => {
      const record = await this.#existing(client, key);
      const next = applyExecutionPatch({ record, patch, at });
      if (!isInExpectedState(record, state)) return null;
      return (await this.#save(client, next, record)) ? next : null;
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
    return this.#c.transaction(async (client) => {
      const record = await this.#existing(client, key);
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
      if (!(await this.#save(client, next, record))) return null;
      await this.#insertTransaction(client, key, record.transactions.length, checked);
      return next;
    });
  }

  async get(id: string): Promise<ExecutionRecord | null> {
    const key = text(id, 'execution id');
    return this.#c.transaction(async (client) => {
      const { rows } = await client.query(`SELECT * FROM ${this.#c.t('gateway_executions')} WHERE id = $1`, [
        key,
      ]);
      return (await this.#withTransactions(client, rows))[0] ?? null;
    });
  }

  async list(parameters: ListExecutionsParameters): Promise<ExecutionPage> {
    const { limit, status, after } = checkListParameters(parameters);
    return this.#c.transaction(async (client) => {
      const where: string[] = [];
      const values: unknown[] = [];
      if (status !== null) {
        values.push(status);
        where.push(`status = $${values.length}`);
      }
      if (after !== null) {
        values.push(after.createdAt, after.id);
        where.push(`(created_at, id) < ($${values.length - 1}, $${values.length})`);
      }
      values.push(limit + 1);
      const { rows } = await client.query(
        `SELECT * FROM ${this.#c.t('gateway_executions')} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY created_at DESC, id DESC LIMIT $${values.length}`,
        values,
      );
      // One row more than the page tells whether there is a next page.
      const items = await this.#withTransactions(client, rows.slice(0, limit));
      const last = items[items.length - 1];
      return { items, nextCursor: rows.length > limit && last ? encodeExecutionCursor(last) : null };
    });
  }

  async listUnsettled(): Promise<readonly ExecutionRecord[]> {
    return this.#c.transaction(async (client) => {
      const { rows } = await client.query(
        `SELECT * FROM ${this.#c.t('gateway_executions')} WHERE status = ANY($1) ORDER BY created_at, id`,
        [[...UNSETTLED_STATUSES]],
      );
      return this.#withTransactions(client, rows);
    });
  }

  async #existing(client: PostgresClientLike, id: string): Promise<ExecutionRecord> {
    const { rows } = await client.query(`SELECT * FROM ${this.#c.t('gateway_executions')} WHERE id = $1`, [
      id,
    ]);
    const record = (await this.#withTransactions(client, rows))[0];
    if (record === undefined) throw new StoreError('EXECUTION_NOT_FOUND', `Execution ${id} not found.`);
    return record;
  }

  async #insertTransaction(
    client: PostgresClientLike,
    id: string,
    position: number,
    t: ExecutionRecord['transactions'][number],
  ): Promise<void> {
    await client.query(
      `INSERT INTO ${this.#c.t('gateway_transactions')} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      transactionColumns(id, position, t),
    );
  }

  /** Compare-and-set of `next` over `read` (its status and version); false when the row moved on (nothing written). */
  async #save(client: PostgresClientLike, next: ExecutionRecord, read: ExecutionRecord): Promise<boolean> {
    const { rowCount } = await client.query(
      `UPDATE ${this.#c.t('gateway_executions')} SET updated_at = $1, status = $2, code = $3, reason = $4,
         value_wei = $5, reservation_id = $6, nonce = $7, mined_hash = $8, block_number = $9, fee_wei = $10,
         result = $11, fee_reserved_wei = $12, nonce_gone_since_block = $13, cancel_requested_at = $14,
         cancel_requested_by = $15, block_hash = $16, version = version + 1
       WHERE id = $17 AND status = $18 AND version = $19`,
      [
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
      ],
    );
    return rowCount === 1;
  }

  async #withTransactions(
    client: PostgresClientLike,
    raw: readonly Record<string, unknown>[],
  ): Promise<ExecutionRecord[]> {
    if (raw.length === 0) return [];
    const rows = raw.map((r) => integerColumns<ExecutionRow>(r, EXECUTION_INTEGERS));
    const { rows: all } = await client.query(
      `SELECT * FROM ${this.#c.t('gateway_transactions')} WHERE execution_id = ANY($1) ORDER BY execution_id, position`,
      [rows.map((r) => r.id)],
    );
    const byExecution = new Map<string, TransactionRow[]>();
    for (const t of all.map((r) => integerColumns<TransactionRow>(r, TRANSACTION_INTEGERS))) {
      const list = byExecution.get(t.execution_id);
      if (list === undefined) byExecution.set(t.execution_id, [t]);
      else list.push(t);
    }
    return rows.map((row) => toExecutionRecord(row, byExecution.get(row.id) ?? []));
  }
}
