import { PostgresTransactions } from '@org/governor/postgres';
import { BaseError } from '../errors/BaseError.js';
import { DcaStoreError } from '../errors/DcaStoreError.js';
import { copyOrder } from '../internal/copyRecord.js';
import {
  FILL_COLUMNS,
  type FillRow,
  fillBindings,
  ORDER_COLUMNS,
  type OrderRow,
  orderBindings,
  toFill,
  toOrder,
} from '../sqlite/rows.js';
import { checkOrderRecord } from '../store/checkRecords.js';
import { checkWrite } from '../store/checkWrite.js';
import type {
  ClaimDueParameters,
  DcaStore,
  DcaWrite,
  ListFillsParameters,
  ListOrdersParameters,
  ReleaseLeaseParameters,
} from '../store/DcaStore.js';
import { checkClaim, checkListFills, checkListOrders, fillCursor, orderCursor } from '../store/listInput.js';
import { integer, invalid, text } from '../store/storeInput.js';
import type { DcaFill, DcaOrder, DcaPage } from '../types.js';
import { DCA_POSTGRES_MIGRATIONS } from './dcaPostgresMigrations.js';
import type { PostgresClientLike, PostgresPoolLike } from './PostgresPoolLike.js';

/** Parameters of the {@link PostgresDcaStore} constructor. */
export interface PostgresDcaStoreParameters {
  /** A node-postgres (pg 8.x) `Pool`, owned by the caller; the store checks out one connection per operation. */
  readonly pool: PostgresPoolLike;
  /** Schema of the `dca_*` tables (created when missing). Default `public`. */
  readonly schema?: string;
}

const TERM_COLUMNS = [
  'chain_id',
  'token_in',
  'token_out',
  'amount_per_fill',
  'interval_kind',
  'interval_value',
  'first_run_at',
  'max_fills',
  'max_total_in',
  'slippage_bps',
  'min_price',
  'max_price',
  'catch_up',
  'created_at',
];
const STATE_COLUMNS = [
  'status',
  'updated_at',
  'version',
  'next_slot',
  'next_run_at',
  'due_at',
  'open_slot',
  'spent',
  'received',
  'fills',
  'skipped',
  'blocked',
  'failed',
  'consecutive_failures',
  'last_error',
  'paused_reason',
];
const ORDER_INTEGERS = [
  'chain_id',
  'interval_value',
  'first_run_at',
  'max_fills',
  'created_at',
  'updated_at',
  'next_slot',
  'next_run_at',
  'due_at',
  'open_slot',
  'fills',
  'skipped',
  'blocked',
  'failed',
  'consecutive_failures',
  'lease_until',
];
const FILL_INTEGERS = ['slot', 'scheduled_at', 'created_at', 'updated_at', 'block_number'];

function numbers<T>(row: Record<string, unknown>, names: readonly string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const name of names) if (typeof out[name] === 'string') out[name] = Number(out[name]);
  return out as T;
}
const orderRow = (row: Record<string, unknown>) => numbers<OrderRow>(row, ORDER_INTEGERS);
const fillRow = (row: Record<string, unknown>) => numbers<FillRow>(row, FILL_INTEGERS);
const placeholders = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `$${i + from}`).join(', ');

/**
 * Persistent {@link DcaStore} on PostgreSQL; import it from `@org/dca/postgres`. Several server instances share the
 * orders: `claimDue` leases due orders with `FOR UPDATE SKIP LOCKED` (two instances ticking at once never get the
 * same order), `commit` is one transaction of a compare-and-set on the order's `(status, version)`, fills inserted
 * under `PRIMARY KEY (order_id, slot)` (a slot is filled once whatever the scheduler's delivery) and a fill moved by
 * compare-and-set on its status. Infrastructure errors are `DCA_STORE_FAILURE`.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * import { PostgresDcaStore } from '@org/dca/postgres';
 *
 * const store = new PostgresDcaStore({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL }) });
 * ```
 */
export class PostgresDcaStore implements DcaStore {
  readonly #c: PostgresTransactions;

  constructor({ pool, schema }: PostgresDcaStoreParameters) {
    this.#c = new PostgresTransactions({
      pool,
      schema,
      owner: 'PostgresDcaStore',
      migrations: DCA_POSTGRES_MIGRATIONS,
      failure: (message, cause) =>
        new DcaStoreError(
          'DCA_STORE_FAILURE',
          message,
          cause === undefined
            ? {}
            : { cause, details: cause instanceof Error ? cause.message : String(cause) },
        ),
      isTyped: (error) => error instanceof BaseError,
    });
  }

  get #orders(): string {
    return this.#c.t('dca_orders');
  }

  get #fills(): string {
    return this.#c.t('dca_fills');
  }

  async insertOrder(order: DcaOrder): Promise<void> {
    const checked = checkOrderRecord(order);
    const bindings = orderBindings(checked);
    await this.#c.transaction(async (client) => {
      const { rowCount } = await client.query(
        `INSERT INTO ${this.#orders} (${ORDER_COLUMNS.join(', ')}) VALUES (${placeholders(ORDER_COLUMNS.length)})
         ON CONFLICT (id) DO NOTHING`,
        ORDER_COLUMNS.map((c) => bindings[c]),
      );
      if (rowCount !== 1) {
        throw new DcaStoreError('DCA_ORDER_EXISTS', `DCA order ${checked.id} already exists.`);
      }
    });
  }

  async getOrder(id: string): Promise<DcaOrder | null> {
    const key = text(id, 'order id', 128);
    const rows = await this.#rows(`SELECT * FROM ${this.#orders} WHERE id = $1`, [key]);
    return rows[0] === undefined ? null : toOrder(orderRow(rows[0]));
  }

  async listOrders(parameters: ListOrdersParameters): Promise<DcaPage<DcaOrder>> {
    const { limit, status, after } = checkListOrders(parameters);
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
    // One row more than the page tells whether there is a next page.
    const rows = await this.#rows(
      `SELECT * FROM ${this.#orders} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY created_at DESC, id DESC LIMIT $${values.length}`,
      values,
    );
    const items = rows.slice(0, limit).map((r) => toOrder(orderRow(r)));
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > limit && last ? orderCursor(last) : null };
  }

  async getFill(orderId: string, slot: number): Promise<DcaFill | null> {
    const key = text(orderId, 'order id', 128);
    const index = integer(slot, 'slot');
    const rows = await this.#rows(`SELECT * FROM ${this.#fills} WHERE order_id = $1 AND slot = $2`, [
      key,
      index,
    ]);
    return rows[0] === undefined ? null : toFill(fillRow(rows[0]));
  }

  async listFills(parameters: ListFillsParameters): Promise<DcaPage<DcaFill>> {
    const { orderId, limit, beforeSlot } = checkListFills(parameters);
    const rows =
      beforeSlot === null
        ? await this.#rows(`SELECT * FROM ${this.#fills} WHERE order_id = $1 ORDER BY slot DESC LIMIT $2`, [
            orderId,
            limit + 1,
          ])
        : await this.#rows(
            `SELECT * FROM ${this.#fills} WHERE order_id = $1 AND slot < $2 ORDER BY slot DESC LIMIT $3`,
            [orderId, beforeSlot, limit + 1],
          );
    const items = rows.slice(0, limit).map((r) => toFill(fillRow(r)));
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > limit && last ? fillCursor(last) : null };
  }

  async commit(write: DcaWrite): Promise<DcaOrder> {
    const { order, expected, insertFills = [], updateFill, releaseLeaseOf } = checkWrite(write);
    const next: DcaOrder = { ...order, version: expected.version + 1 };
    return this.#c.transaction(async (client) => {
      const { rows } = await client.query(`SELECT * FROM ${this.#orders} WHERE id = $1 FOR UPDATE`, [
        order.id,
      ]);
      if (rows[0] === undefined)
        throw new DcaStoreError('DCA_ORDER_NOT_FOUND', `DCA order ${order.id} does not exist.`);
      const row = orderRow(rows[0]);
      if (row.status !== expected.status || row.version !== expected.version) {
        throw new DcaStoreError(
          'DCA_VERSION_CONFLICT',
          `DCA order ${order.id} is ${row.status} v${row.version}, not ${expected.status} v${expected.version}.`,
        );
      }
      const bindings = orderBindings(next);
      // Only the state moves: the terms of the order are compared column by column with the stored row.
      const stored = row as unknown as Record<string, unknown>;
      if (TERM_COLUMNS.some((column) => stored[column] !== bindings[column])) {
        throw invalid('order', 'a write may change the state of an order, never its terms');
      }
      if (next.nextSlot < row.next_slot) throw invalid('order', 'nextSlot moved backwards');
      const changed = await client.query(
        `UPDATE ${this.#orders} SET ${STATE_COLUMNS.map((col, i) => `${col} = $${i + 1}`).join(', ')}
         WHERE id = $${STATE_COLUMNS.length + 1} AND status = $${STATE_COLUMNS.length + 2}
           AND version = $${STATE_COLUMNS.length + 3}`,
        [...STATE_COLUMNS.map((c) => bindings[c]), order.id, expected.status, expected.version],
      );
      if (changed.rowCount !== 1)
        throw new DcaStoreError('DCA_VERSION_CONFLICT', `DCA order ${order.id} changed.`);
      for (const fill of insertFills) await this.#insertFill(client, order.id, fill);
      if (updateFill !== undefined) await this.#updateFill(client, order.id, updateFill);
      const openSlot = next.openSlot;
      const written =
        insertFills.some((fill) => fill.slot === openSlot) || updateFill?.fill.slot === openSlot;
      if (openSlot !== null && !written) {
        const open = await client.query(`SELECT 1 FROM ${this.#fills} WHERE order_id = $1 AND slot = $2`, [
          order.id,
          openSlot,
        ]);
        if (open.rows.length === 0) throw invalid('order', `its open slot ${openSlot} has no fill`);
      }
      if (releaseLeaseOf !== undefined) {
        await client.query(
          `UPDATE ${this.#orders} SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2`,
          [order.id, releaseLeaseOf],
        );
      }
      return copyOrder(next);
    });
  }

  async claimDue(parameters: ClaimDueParameters): Promise<readonly DcaOrder[]> {
    const { now, limit, owner, leaseMs } = checkClaim(parameters);
    const rows = await this.#rows(
      `UPDATE ${this.#orders} SET lease_owner = $1, lease_until = $2
       WHERE id IN (SELECT id FROM ${this.#orders}
                    WHERE due_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)
                    ORDER BY due_at, id LIMIT $4
                    FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [owner, now + leaseMs, now, limit],
    );
    // RETURNING does not keep the sub-select's order.
    const orders = rows.map(orderRow);
    orders.sort((a, b) => (a.due_at as number) - (b.due_at as number) || (a.id < b.id ? -1 : 1));
    return orders.map(toOrder);
  }

  async releaseLease({ orderId, owner }: ReleaseLeaseParameters): Promise<boolean> {
    const id = text(orderId, 'order id', 128);
    const who = text(owner, 'lease owner');
    return this.#c.transaction(async (client) => {
      const { rowCount } = await client.query(
        `UPDATE ${this.#orders} SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2`,
        [id, who],
      );
      return rowCount === 1;
    });
  }

  async #insertFill(client: PostgresClientLike, orderId: string, fill: DcaFill): Promise<void> {
    const bindings = fillBindings(fill);
    const { rowCount } = await client.query(
      `INSERT INTO ${this.#fills} (${FILL_COLUMNS.join(', ')}) VALUES (${placeholders(FILL_COLUMNS.length)})
       ON CONFLICT DO NOTHING`,
      FILL_COLUMNS.map((c) => bindings[c]),
    );
    if (rowCount !== 1) {
      throw new DcaStoreError(
        'DCA_FILL_EXISTS',
        `Slot ${fill.slot} of DCA order ${orderId} is already taken.`,
      );
    }
  }

  async #updateFill(
    client: PostgresClientLike,
    orderId: string,
    { fill, expectedStatus }: NonNullable<DcaWrite['updateFill']>,
  ): Promise<void> {
    const bindings = fillBindings(fill);
    const columns = FILL_COLUMNS.filter((col) => col !== 'order_id' && col !== 'slot');
    const n = columns.length;
    const { rowCount } = await client.query(
      `UPDATE ${this.#fills} SET ${columns.map((col, i) => `${col} = $${i + 1}`).join(', ')}
       WHERE order_id = $${n + 1} AND slot = $${n + 2} AND status = $${n + 3}`,
      [...columns.map((c) => bindings[c]), bindings.order_id, bindings.slot, expectedStatus],
    );
    if (rowCount !== 1) {
      throw new DcaStoreError(
        'DCA_FILL_CONFLICT',
        `Fill ${fill.slot} of DCA order ${orderId} is not ${expectedStatus}.`,
      );
    }
  }

  async #rows(sql: string, values: readonly unknown[]): Promise<Record<string, unknown>[]> {
    return this.#c.transaction(async (client) => (await client.query(sql, values)).rows);
  }
}
