import { DcaStoreError } from '../errors/DcaStoreError.js';
import { copyFill, copyOrder } from '../internal/copyRecord.js';
import type { DcaFill, DcaOrder, DcaPage } from '../types.js';
import { checkImmutable } from './checkImmutable.js';
import { checkOrderRecord } from './checkRecords.js';
import { checkWrite } from './checkWrite.js';
import type {
  ClaimDueParameters,
  DcaStore,
  DcaWrite,
  ListFillsParameters,
  ListOrdersParameters,
  ReleaseLeaseParameters,
} from './DcaStore.js';
import { checkClaim, checkListFills, checkListOrders, fillCursor, orderCursor } from './listInput.js';
import { integer, invalid, text } from './storeInput.js';

interface Row {
  order: DcaOrder;
  leaseOwner: string | null;
  leaseUntil: number | null;
}

const newestFirst = (a: DcaOrder, b: DcaOrder): number =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * In-memory {@link DcaStore}: for tests, examples and single-process bots that need no persistence. Every
 * operation is atomic (it runs without yielding), records are frozen copies, and it passes the same contract
 * suite as the SQLite store.
 *
 * @example
 * ```ts
 * const store = new MemoryDcaStore();
 * await store.insertOrder(order);
 * const page = await store.listOrders({ limit: 20, status: 'active' });
 * ```
 */
export class MemoryDcaStore implements DcaStore {
  readonly #rows = new Map<string, Row>();
  readonly #fills = new Map<string, Map<number, DcaFill>>();

  async insertOrder(order: DcaOrder): Promise<void> {
    checkOrderRecord(order);
    if (this.#rows.has(order.id)) {
      throw new DcaStoreError('DCA_ORDER_EXISTS', `DCA order ${order.id} already exists.`);
    }
    this.#rows.set(order.id, { order: copyOrder(order), leaseOwner: null, leaseUntil: null });
  }

  async getOrder(id: string): Promise<DcaOrder | null> {
    return this.#rows.get(text(id, 'order id', 128))?.order ?? null;
  }

  async listOrders(parameters: ListOrdersParameters): Promise<DcaPage<DcaOrder>> {
    const { limit, status, after } = checkListOrders(parameters);
    const matching = [...this.#rows.values()]
      .map((row) => row.order)
      .filter((o) => status === null || o.status === status)
      .filter(
        (o) =>
          after === null ||
          o.createdAt < after.createdAt ||
          (o.createdAt === after.createdAt && o.id < after.id),
      )
      .sort(newestFirst);
    const items = matching.slice(0, limit);
    const last = items[items.length - 1];
    return { items, nextCursor: matching.length > limit && last ? orderCursor(last) : null };
  }

  async getFill(orderId: string, slot: number): Promise<DcaFill | null> {
    return this.#fills.get(text(orderId, 'order id', 128))?.get(integer(slot, 'slot')) ?? null;
  }

  async listFills(parameters: ListFillsParameters): Promise<DcaPage<DcaFill>> {
    const { orderId, limit, beforeSlot } = checkListFills(parameters);
    const matching = [...(this.#fills.get(orderId)?.values() ?? [])]
      .filter((f) => beforeSlot === null || f.slot < beforeSlot)
      .sort((a, b) => b.slot - a.slot);
    const items = matching.slice(0, limit);
    const last = items[items.length - 1];
    return { items, nextCursor: matching.length > limit && last ? fillCursor(last) : null };
  }

  async commit(write: DcaWrite): Promise<DcaOrder> {
    checkWrite(write);
    const { order, expected } = write;
    const row = this.#rows.get(order.id);
    if (row === undefined)
      throw new DcaStoreError('DCA_ORDER_NOT_FOUND', `DCA order ${order.id} does not exist.`);
    if (row.order.status !== expected.status || row.order.version !== expected.version) {
      throw new DcaStoreError(
        'DCA_VERSION_CONFLICT',
        `DCA order ${order.id} is ${row.order.status} v${row.order.version}, not ${expected.status} v${expected.version}.`,
      );
    }
    checkImmutable(row.order, order);
    const fills = this.#fills.get(order.id) ?? new Map<number, DcaFill>();
    for (const fill of write.insertFills ?? []) {
      if (fills.has(fill.slot)) {
        throw new DcaStoreError(
          'DCA_FILL_EXISTS',
          `Slot ${fill.slot} of DCA order ${order.id} is already taken.`,
        );
      }
    }
    const update = write.updateFill;
    if (update !== undefined && fills.get(update.fill.slot)?.status !== update.expectedStatus) {
      throw new DcaStoreError(
        'DCA_FILL_CONFLICT',
        `Fill ${update.fill.slot} of DCA order ${order.id} is not ${update.expectedStatus}.`,
      );
    }
    const openSlot = order.openSlot;
    if (
      openSlot !== null &&
      !fills.has(openSlot) &&
      !(write.insertFills ?? []).some((f) => f.slot === openSlot)
    ) {
      throw invalid('order', `its open slot ${openSlot} has no fill`);
    }
    // Checked everything: now write all of it.
    for (const fill of write.insertFills ?? []) fills.set(fill.slot, copyFill(fill));
    if (update !== undefined) fills.set(update.fill.slot, copyFill(update.fill));
    this.#fills.set(order.id, fills);
    row.order = copyOrder({ ...order, version: expected.version + 1 });
    if (write.releaseLeaseOf !== undefined && row.leaseOwner === write.releaseLeaseOf) {
      row.leaseOwner = null;
      row.leaseUntil = null;
    }
    return row.order;
  }

  async claimDue(parameters: ClaimDueParameters): Promise<readonly DcaOrder[]> {
    const { now, limit, owner, leaseMs } = checkClaim(parameters);
    const due: Row[] = [];
    for (const row of this.#rows.values()) {
      const { dueAt } = row.order;
      if (dueAt !== null && dueAt <= now && (row.leaseUntil === null || row.leaseUntil <= now)) due.push(row);
    }
    due.sort(
      (a, b) => (a.order.dueAt as number) - (b.order.dueAt as number) || (a.order.id < b.order.id ? -1 : 1),
    );
    return due.slice(0, limit).map((row) => {
      row.leaseOwner = owner;
      row.leaseUntil = now + leaseMs;
      return row.order;
    });
  }

  async releaseLease({ orderId, owner }: ReleaseLeaseParameters): Promise<boolean> {
    const row = this.#rows.get(text(orderId, 'order id', 128));
    if (row === undefined || row.leaseOwner !== text(owner, 'lease owner')) return false;
    row.leaseOwner = null;
    row.leaseUntil = null;
    return true;
  }
}
