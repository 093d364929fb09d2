import type { Address } from '../../chains/chains.js';
import { StoreError } from '../../errors/StoreError.js';
import type {
  ConfirmationPatch,
  ConfirmationRecord,
  ConfirmationStatus,
  ConfirmationStore,
  HoldReason,
} from '../types.js';
import {
  checkConfirmationList,
  checkConfirmationRecord,
  intentFromJson,
  intentToJson,
} from './confirmationRows.js';
import { encodeExecutionCursor } from './executionCursor.js';
import { checkTransition } from './MemoryConfirmationStore.js';
import type { SqliteDatabaseLike, SqliteStatementLike } from './SqliteDatabaseLike.js';
import { SqliteGatewayConnection } from './SqliteGatewayConnection.js';
import { text } from './storeInput.js';

/** Parameters of the {@link SqliteConfirmationStore} constructor. */
export interface SqliteConfirmationStoreParameters {
  /** An open better-sqlite3 database shared by the app (the store never closes it). */
  readonly database: SqliteDatabaseLike;
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

const ORDER = 'ORDER BY created_at DESC, id DESC LIMIT ?';

/**
 * Persistent {@link ConfirmationStore} on SQLite (`@org/chain-evm/sqlite`): held actions survive restarts with
 * their exact intent and expiry, so a CLI on the same file can decide them. It owns `gateway_confirmations`
 * (migrations in `gateway_migrations`) and follows the project's connection rule like the execution store.
 * `transition` is one `UPDATE … WHERE status IN (…)` inside `BEGIN IMMEDIATE`: of two racing decisions, one wins.
 *
 * @example
 * ```ts
 * import { SqliteConfirmationStore } from '@org/chain-evm/sqlite';
 * const confirmations = new SqliteConfirmationStore({ database });
 * ```
 */
export class SqliteConfirmationStore implements ConfirmationStore {
  readonly #c: SqliteGatewayConnection;
  readonly #s: Record<
    'insert' | 'get' | 'byExecution' | 'update' | 'list' | 'listAfter' | 'listStatus' | 'listStatusAfter',
    SqliteStatementLike
  >;

  constructor({ database }: SqliteConfirmationStoreParameters) {
    const c = new SqliteGatewayConnection({ database, owner: 'SqliteConfirmationStore' });
    this.#c = c;
    this.#s = {
      insert: c.prepare(
        `INSERT INTO gateway_confirmations (id, execution_id, created_at, updated_at, expires_at, status, reason,
         detail, intent, value_wei, gas_limit, safety, idempotency_key, approved_value_wei, decided_at, decided_by,
         note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      get: c.prepare('SELECT * FROM gateway_confirmations WHERE id = ?'),
      update: c.prepare(
        `UPDATE gateway_confirmations SET status = ?, updated_at = ?, approved_value_wei = ?, decided_at = ?,
         decided_by = ?, note = ? WHERE id = ? AND status = ?`,
      ),
      byExecution: c.prepare(
        'SELECT * FROM gateway_confirmations WHERE execution_id = ? ORDER BY created_at DESC, id DESC LIMIT 1',
      ),
      list: c.prepare(`SELECT * FROM gateway_confirmations ${ORDER}`),
      listAfter: c.prepare(`SELECT * FROM gateway_confirmations WHERE (created_at, id) < (?, ?) ${ORDER}`),
      listStatus: c.prepare(`SELECT * FROM gateway_confirmations WHERE status = ? ${ORDER}`),
      listStatusAfter: c.prepare(
        `SELECT * FROM gateway_confirmations WHERE status = ? AND (created_at, id) < (?, ?) ${ORDER}`,
      ),
    };
  }

  async insert(record: ConfirmationRecord): Promise<void> {
    const r = checkConfirmationRecord(record);
    this.#c.write(() => {
      if (this.#s.get.get(r.id) !== undefined) {
        throw new StoreError('STORE_INPUT_INVALID', 'Invalid confirmation.', {
          details: `a confirmation with id ${r.id} exists`,
        });
      }
      this.#s.insert.run(
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
      );
    });
  }

  async get(id: string): Promise<ConfirmationRecord | null> {
    text(id, 'confirmation id');
    const row = this.#c.read(() => this.#s.get.get(id) as Row | undefined);
    return row ? fromRow(row) : null;
  }

  async getByExecution(executionId: string): Promise<ConfirmationRecord | null> {
    text(executionId, 'execution id');
    const row = this.#c.read(() => this.#s.byExecution.get(executionId) as Row | undefined);
    return row ? fromRow(row) : null;
  }

  async list(parameters: { limit: number; status?: ConfirmationStatus; cursor?: string }) {
    const { limit, status, after } = checkConfirmationList(parameters);
    const rows = this.#c.read(
      () =>
        (status === null
          ? after === null
            ? this.#s.list.all(limit + 1)
            : this.#s.listAfter.all(after.createdAt, after.id, limit + 1)
          : after === null
            ? this.#s.listStatus.all(status, limit + 1)
            : this.#s.listStatusAfter.all(status, after.createdAt, after.id, limit + 1)) as Row[],
    );
    const items = rows.slice(0, limit).map(fromRow);
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
    const row = this.#c.write(() => {
      const current = this.#s.get.get(id) as Row | undefined;
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
      this.#s.update.run(
        next.status,
        next.updated_at,
        next.approved_value_wei,
        next.decided_at,
        next.decided_by,
        next.note,
        id,
        current.status,
      );
      return next;
    });
    return row ? fromRow(row) : null;
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

/** Held safety as stored; rows written before buy taxes were recorded read `buyTax: null` (unknown). */
function safetyFromJson(json: string): ConfirmationRecord['safety'] {
  const parsed = JSON.parse(json) as {
    token: Address;
    isHoneypot: boolean | null;
    buyTax?: number | null;
    sellTax: number | null;
  }[];
  return parsed.map((s) => ({ ...s, buyTax: s.buyTax ?? null }));
}
