import type { Address } from '../chains/chains.js';
import { StoreError } from '../errors/StoreError.js';
import {
  checkConfirmationList,
  checkConfirmationRecord,
  intentFromJson,
  intentToJson,
} from '../gateway/store/confirmationRows.js';
import { encodeExecutionCursor } from '../gateway/store/executionCursor.js';
import { checkTransition } from '../gateway/store/MemoryConfirmationStore.js';
import { text } from '../gateway/store/storeInput.js';
import type {
  ConfirmationPatch,
  ConfirmationRecord,
  ConfirmationStatus,
  ConfirmationStore,
  HoldReason,
} from '../gateway/types.js';
import { GATEWAY_POSTGRES_MIGRATIONS } from './gatewayPostgresMigrations.js';
import { integerColumns } from './integerColumns.js';
import { PostgresConnection } from './PostgresConnection.js';
import type { PostgresPoolLike } from './PostgresPoolLike.js';

/** Parameters of the {@link PostgresConfirmationStore} constructor. */
export interface PostgresConfirmationStoreParameters {
  /** A node-postgres (pg 8.x) `Pool`, owned by the caller. */
  readonly pool: PostgresPoolLike;
  /** Schema of the `gateway_*` tables. Default `public`. */
  readonly schema?: string;
}

interface Row {
  id: string;
  execution_id: string;
  created_at: number;
  updated_at: number;
  expires_at: number;
  status: string;
  reason: string;
  detail: string;
  intent: string;
  value_wei: string | null;
  gas_limit: string | null;
  safety: string;
  idempotency_key: string | null;
  approved_value_wei: string | null;
  decided_at: number | null;
  decided_by: string | null;
  note: string | null;
}

const INTEGERS = ['created_at', 'updated_at', 'expires_at', 'decided_at'];

/**
 * Persistent {@link ConfirmationStore} (held actions) on PostgreSQL; import it from `@org/chain-evm/postgres`. A
 * transition is an `UPDATE … WHERE status = $read`: an operator's approval on one instance and an expiry on another
 * cannot both win.
 *
 * @example
 * ```ts
 * const held = new PostgresConfirmationStore({ pool });
 * const { items } = await held.list({ limit: 20, status: 'pending' });
 * ```
 */
export class PostgresConfirmationStore implements ConfirmationStore {
  readonly #c: PostgresConnection;

  constructor({ pool, schema }: PostgresConfirmationStoreParameters) {
    this.#c = new PostgresConnection({
      pool,
      schema,
      owner: 'PostgresConfirmationStore',
      migrations: GATEWAY_POSTGRES_MIGRATIONS,
    });
  }

  async insert(record: ConfirmationRecord): Promise<void> {
    const r = checkConfirmationRecord(record);
    await this.#c.transaction(async (client) => {
      const { rowCount } = await client.query(
        `INSERT INTO ${this.#c.t('gateway_confirmations')} (id, execution_id, created_at, updated_at, expires_at,
           status, reason, detail, intent, value_wei, gas_limit, safety, idempotency_key, approved_value_wei,
           decided_at, decided_by, note)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
         ON CONFLICT (id) DO NOTHING`,
        [
          r.id,
          r.executionId,
          r.createdAt,
          r.updatedAt,
          r.expiresAt,
          r.status,
          r.reason,
          r.detail,
          intentToJson(r.intent),
          r.valueWei?.toString() ?? null,
          r.gasLimit?.toString() ?? null,
          JSON.stringify(r.safety),
          r.idempotencyKey,
          r.approvedValueWei?.toString() ?? null,
          r.decidedAt,
          r.decidedBy,
          r.note,
        ],
      );
      if (rowCount !== 1) {
        throw new StoreError('STORE_INPUT_INVALID', 'Invalid confirmation.', {
          details: `a confirmation with id ${r.id} exists`,
        });
      }
    });
  }

  async get(id: string): Promise<ConfirmationRecord | null> {
    text(id, 'confirmation id');
    return this.#one(`SELECT * FROM ${this.#c.t('gateway_confirmations')} WHERE id = $1`, [id]);
  }

  async getByExecution(executionId: string): Promise<ConfirmationRecord | null> {
    text(executionId, 'execution id');
    return this.#one(
      `SELECT * FROM ${this.#c.t('gateway_confirmations')} WHERE execution_id = $1
       ORDER BY created_at DESC, id DESC LIMIT 1`,
      [executionId],
    );
  }

  async list(parameters: { limit: number; status?: ConfirmationStatus; cursor?: string }) {
    const { limit, status, after } = checkConfirmationList(parameters);
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
    const rows = await this.#c.transaction(
      async (client) =>
        (
          await client.query(
            `SELECT * FROM ${this.#c.t('gateway_confirmations')} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
             ORDER BY created_at DESC, id DESC LIMIT $${values.length}`,
            values,
          )
        ).rows,
    );
    const items = rows.slice(0, limit).map((r) => fromRow(integerColumns<Row>(r, INTEGERS)));
    const last = items.at(-1);
    return { items, nextCursor: rows.length > limit && last ? encodeExecutionCursor(last) : null };
  }

  async transition(parameters: {
    id: string;
    from: readonly ConfirmationStatus[];
    to: ConfirmationStatus;
    patch?: ConfirmationPatch;
    at: number;
  }): Promise<ConfirmationRecord | null> {
    const { id, from, to, patch, at } = checkTransition({ ...parameters, patch: parameters.patch ?? {} });
    const table = this.#c.t('gateway_confirmations');
    const row = await this.#c.transaction(async (client): Promise<Row | null> => {
      const { rows } = await client.query(`SELECT * FROM ${table} WHERE id = $1`, [id]);
      const current = rows[0] === undefined ? undefined : integerColumns<Row>(rows[0], INTEGERS);
      if (!current || !(from as readonly string[]).includes(current.status)) return null;
      const next: Row = {
        ...current,
        status: to,
        updated_at: at,
        ...(patch.approvedValueWei === undefined
          ? {}
          : { approved_value_wei: patch.approvedValueWei?.toString() ?? null }),
        ...(patch.decidedAt === undefined ? {} : { decided_at: patch.decidedAt }),
        ...(patch.decidedBy === undefined ? {} : { decided_by: patch.decidedBy }),
        ...(patch.note === undefined ? {} : { note: patch.note }),
      };
      // Compare-and-set on the status it was read in.
      const { rowCount } = await client.query(
        `UPDATE ${table} SET status = $1, updated_at = $2, approved_value_wei = $3, decided_at = $4,
           decided_by = $5, note = $6 WHERE id = $7 AND status = $8`,
        [
          next.status,
          next.updated_at,
          next.approved_value_wei,
          next.decided_at,
          next.decided_by,
          next.note,
          id,
          current.status,
        ],
      );
      return rowCount === 1 ? next : null;
    });
    return row ? fromRow(row) : null;
  }

  async #one(sql: string, values: unknown[]): Promise<ConfirmationRecord | null> {
    const rows = await this.#c.transaction(async (client) => (await client.query(sql, values)).rows);
    return rows[0] === undefined ? null : fromRow(integerColumns<Row>(rows[0], INTEGERS));
  }
}

function big(value: string | null, what: string): bigint | null {
  if (value === null) return null;
  if (!/^[0-9]+$/.test(value))
    throw new StoreError('STORE_FAILURE', `Corrupt ${what} in gateway_confirmations.`);
  return BigInt(value);
}

function fromRow(row: Row): ConfirmationRecord {
  try {
    return {
      id: row.id,
      executionId: row.execution_id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      expiresAt: row.expires_at,
      status: row.status as ConfirmationStatus,
      reason: row.reason as HoldReason,
      detail: row.detail,
      intent: intentFromJson(row.intent),
      valueWei: big(row.value_wei, 'value'),
      gasLimit: big(row.gas_limit, 'gas limit'),
      safety: safetyFromJson(row.safety),
      idempotencyKey: row.idempotency_key,
      approvedValueWei: big(row.approved_value_wei, 'approved value'),
      decidedAt: row.decided_at,
      decidedBy: row.decided_by,
      note: row.note,
    };
  } catch (cause) {
    if (cause instanceof StoreError) throw cause;
    throw new StoreError('STORE_FAILURE', 'Corrupt row in gateway_confirmations.', { cause });
  }
}

function safetyFromJson(json: string): ConfirmationRecord['safety'] {
  const parsed = JSON.parse(json) as {
    token: Address;
    isHoneypot: boolean | null;
    buyTax?: number | null;
    sellTax: number | null;
  }[];
  return parsed.map((s) => ({ ...s, buyTax: s.buyTax ?? null }));
}
