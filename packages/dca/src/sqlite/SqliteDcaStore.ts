import { DcaStoreError } from '../errors/DcaStoreError.js';
import { copyOrder } from '../internal/copyRecord.js';
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
import {
  FILL_COLUMNS,
  type FillRow,
  fillBindings,
  ORDER_COLUMNS,
  type OrderRow,
  orderBindings,
  toFill,
  toOrder,
} from './rows.js';
import { SqliteDcaConnection } from './SqliteDcaConnection.js';
import type { SqliteDatabaseLike, SqliteStatementLike } from './SqliteDatabaseLike.js';

/** Parameters of the {@link SqliteDcaStore} constructor. */
export interface SqliteDcaStoreParameters {
  /** An open better-sqlite3 database shared by the app (the store never closes it). */
  readonly database: SqliteDatabaseLike;
}

/** The columns of an order's terms: never changed by a commit. */
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
/** The columns a commit may change (the order's state; its terms are immutable). */
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
const NEWEST = 'ORDER BY created_at DESC, id DESC LIMIT @limit';

/**
 * Persistent {@link DcaStore} on SQLite (better-sqlite3 12.x); import it from `@org/dca/sqlite`. It owns the
 * `dca_orders`, `dca_fills` and `dca_migrations` tables (migrated at construction; a newer schema is refused) and
 * switches the file to WAL. Amounts are exact decimal TEXT. Every write — a commit, a claim, a lease release — is
 * its own `BEGIN IMMEDIATE` transaction and resolves after its COMMIT on a connection raised to
 * `synchronous=FULL`; inside a transaction it did not open it refuses with `DCA_STORE_FAILURE` and writes nothing.
 * Several connections or processes may share the file: `(order_id, slot)` is the fills' primary key, commits are
 * compare-and-set on `(status, version)`, and a claim leases each order to one owner.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * import { SqliteDcaStore } from '@org/dca/sqlite';
 *
 * const database = new Database('./.data/app.db');
 * const store = new SqliteDcaStore({ database });
 * const { items } = await store.listOrders({ limit: 20, status: 'active' });
 * ```
 */
export class SqliteDcaStore implements DcaStore {
  readonly #c: SqliteDcaConnection;
  readonly #s: Record<
    | 'insertOrder'
    | 'getOrder'
    | 'updateOrder'
    | 'list'
    | 'listAfter'
    | 'listStatus'
    | 'listStatusAfter'
    | 'getFill'
    | 'insertFill'
    | 'updateFill'
    | 'fills'
    | 'fillsBefore'
    | 'claim'
    | 'release',
    SqliteStatementLike
  >;

  constructor({ database }: SqliteDcaStoreParameters) {
    const c = new SqliteDcaConnection({ database });
    this.#c = c;
    const named = (columns: readonly string[]) => columns.map((col) => `@${col}`).join(', ');
    this.#s = {
      insertOrder: c.prepare(
        `INSERT INTO dca_orders (${ORDER_COLUMNS.join(', ')}) VALUES (${named(ORDER_COLUMNS)})`,
      ),
      getOrder: c.prepare('SELECT * FROM dca_orders WHERE id = ?'),
      updateOrder: c.prepare(
        `UPDATE dca_orders SET ${STATE_COLUMNS.map((col) => `${col} = @${col}`).join(', ')}
         WHERE id = @id AND status = @expected_status AND version = @expected_version`,
      ),
      list: c.prepare(`SELECT * FROM dca_orders ${NEWEST}`),
      listAfter: c.prepare(`SELECT * FROM dca_orders WHERE (created_at, id) < (@created_at, @id) ${NEWEST}`),
      listStatus: c.prepare(`SELECT * FROM dca_orders WHERE status = @status ${NEWEST}`),
      listStatusAfter: c.prepare(
        `SELECT * FROM dca_orders WHERE status = @status AND (created_at, id) < (@created_at, @id) ${NEWEST}`,
      ),
      getFill: c.prepare('SELECT * FROM dca_fills WHERE order_id = ? AND slot = ?'),
      insertFill: c.prepare(
        `INSERT INTO dca_fills (${FILL_COLUMNS.join(', ')}) VALUES (${named(FILL_COLUMNS)})
         ON CONFLICT DO NOTHING`,
      ),
      updateFill: c.prepare(
        `UPDATE dca_fills SET ${FILL_COLUMNS.filter((col) => col !== 'order_id' && col !== 'slot')
          .map((col) => `${col} = @${col}`)
          .join(', ')}
         WHERE order_id = @order_id AND slot = @slot AND status = @expected_status`,
      ),
      fills: c.prepare('SELECT * FROM dca_fills WHERE order_id = ? ORDER BY slot DESC LIMIT ?'),
      fillsBefore: c.prepare(
        'SELECT * FROM dca_fills WHERE order_id = ? AND slot < ? ORDER BY slot DESC LIMIT ?',
      ),
      claim: c.prepare(
        `UPDATE dca_orders SET lease_owner = @owner, lease_until = @until
         WHERE id IN (SELECT id FROM dca_orders
                      WHERE due_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
                      ORDER BY due_at, id LIMIT @limit)
         RETURNING *`,
      ),
      release: c.prepare(
        'UPDATE dca_orders SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?',
      ),
    };
  }

  async insertOrder(order: DcaOrder): Promise<void> {
    const checked = checkOrderRecord(order);
    this.#c.write(() => {
      if (this.#s.getOrder.get(checked.id) !== undefined) {
        throw new DcaStoreError('DCA_ORDER_EXISTS', `DCA order ${checked.id} already exists.`);
      }
      this.#s.insertOrder.run(orderBindings(checked));
    });
  }

  async getOrder(id: string): Promise<DcaOrder | null> {
    const key = text(id, 'order id', 128);
    return this.#c.read(() => {
      const row = this.#s.getOrder.get(key) as OrderRow | undefined;
      return row === undefined ? null : toOrder(row);
    });
  }

  async listOrders(parameters: ListOrdersParameters): Promise<DcaPage<DcaOrder>> {
    const { limit, status, after } = checkListOrders(parameters);
    return this.#c.read(() => {
      const s = this.#s;
      const page = { limit: limit + 1 };
      const position = after === null ? {} : { created_at: after.createdAt, id: after.id };
      // One row more than the page tells whether there is a next page.
      const rows = (
        status === null
          ? after === null
            ? s.list.all(page)
            : s.listAfter.all({ ...page, ...position })
          : after === null
            ? s.listStatus.all({ ...page, status })
            : s.listStatusAfter.all({ ...page, status, ...position })
      ) as OrderRow[];
      const items = rows.slice(0, limit).map(toOrder);
      const last = items[items.length - 1];
      return { items, nextCursor: rows.length > limit && last ? orderCursor(last) : null };
    });
  }

  async getFill(orderId: string, slot: number): Promise<DcaFill | null> {
    const key = text(orderId, 'order id', 128);
    const index = integer(slot, 'slot');
    return this.#c.read(() => {
      const row = this.#s.getFill.get(key, index) as FillRow | undefined;
      return row === undefined ? null : toFill(row);
    });
  }

  async listFills(parameters: ListFillsParameters): Promise<DcaPage<DcaFill>> {
    const { orderId, limit, beforeSlot } = checkListFills(parameters);
    return this.#c.read(() => {
      const rows = (
        beforeSlot === null
          ? this.#s.fills.all(orderId, limit + 1)
          : this.#s.fillsBefore.all(orderId, beforeSlot, limit + 1)
      ) as FillRow[];
      const items = rows.slice(0, limit).map(toFill);
      const last = items[items.length - 1];
      return { items, nextCursor: rows.length > limit && last ? fillCursor(last) : null };
    });
  }

  async commit(write: DcaWrite): Promise<DcaOrder> {
    const { order, expected, insertFills = [], updateFill, releaseLeaseOf } = checkWrite(write);
    const next: DcaOrder = { ...order, version: expected.version + 1 };
    return this.#c.write(() => {
      const row = this.#s.getOrder.get(order.id) as OrderRow | undefined;
      if (row === undefined)
        throw new DcaStoreError('DCA_ORDER_NOT_FOUND', `DCA order ${order.id} does not exist.`);
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
      const changed = this.#s.updateOrder.run({
        ...pick(bindings, STATE_COLUMNS),
        id: order.id,
        expected_status: expected.status,
        expected_version: expected.version,
      }) as { changes: number };
      if (changed.changes !== 1)
        throw new DcaStoreError('DCA_VERSION_CONFLICT', `DCA order ${order.id} changed.`);
      for (const fill of insertFills) {
        const inserted = this.#s.insertFill.run(fillBindings(fill)) as { changes: number };
        if (inserted.changes !== 1) {
          throw new DcaStoreError(
            'DCA_FILL_EXISTS',
            `Slot ${fill.slot} of DCA order ${order.id} is already taken.`,
          );
        }
      }
      if (updateFill !== undefined) {
        const updated = this.#s.updateFill.run({
          ...fillBindings(updateFill.fill),
          expected_status: updateFill.expectedStatus,
        }) as { changes: number };
        if (updated.changes !== 1) {
          throw new DcaStoreError(
            'DCA_FILL_CONFLICT',
            `Fill ${updateFill.fill.slot} of DCA order ${order.id} is not ${updateFill.expectedStatus}.`,
          );
        }
      }
      const openSlot = next.openSlot;
      const written =
        insertFills.some((fill) => fill.slot === openSlot) || updateFill?.fill.slot === openSlot;
      if (openSlot !== null && !written && this.#s.getFill.get(order.id, openSlot) === undefined) {
        throw invalid('order', `its open slot ${openSlot} has no fill`);
      }
      if (releaseLeaseOf !== undefined) this.#s.release.run(order.id, releaseLeaseOf);
      return copyOrder(next);
    });
  }

  async claimDue(parameters: ClaimDueParameters): Promise<readonly DcaOrder[]> {
    const { now, limit, owner, leaseMs } = checkClaim(parameters);
    return this.#c.write(() => {
      const rows = this.#s.claim.all({ owner, until: now + leaseMs, now, limit }) as OrderRow[];
      // RETURNING does not keep the sub-select's order.
      rows.sort((a, b) => (a.due_at as number) - (b.due_at as number) || (a.id < b.id ? -1 : 1));
      return rows.map(toOrder);
    });
  }

  async releaseLease({ orderId, owner }: ReleaseLeaseParameters): Promise<boolean> {
    const id = text(orderId, 'order id', 128);
    const who = text(owner, 'lease owner');
    return this.#c.write(() => (this.#s.release.run(id, who) as { changes: number }).changes === 1);
  }
}

function pick(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, record[key]]));
}
