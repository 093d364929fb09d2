import type { DcaFill, DcaFillStatus, DcaOrder, DcaOrderStatus, DcaPage } from '../types.js';

/** Parameters of {@link DcaStore.listOrders}. */
export interface ListOrdersParameters {
  /** 1–100. */
  readonly limit: number;
  /** From the previous page's `nextCursor`. */
  readonly cursor?: string;
  readonly status?: DcaOrderStatus;
}

/** Parameters of {@link DcaStore.listFills}. */
export interface ListFillsParameters {
  readonly orderId: string;
  /** 1–100. */
  readonly limit: number;
  readonly cursor?: string;
}

/** Parameters of {@link DcaStore.claimDue}. */
export interface ClaimDueParameters {
  /** Unix ms: orders with `dueAt ≤ now` whose lease is free or expired are claimed. */
  readonly now: number;
  /** At most this many (1–1000), earliest `dueAt` first. */
  readonly limit: number;
  /** Who claims (one id per scheduler instance). */
  readonly owner: string;
  /** The lease lasts until `now + leaseMs`; past it another instance may claim the order. */
  readonly leaseMs: number;
}

/** Parameters of {@link DcaStore.releaseLease}. */
export interface ReleaseLeaseParameters {
  readonly orderId: string;
  readonly owner: string;
}

/**
 * One atomic write (all of it or nothing): the order by compare-and-set, plus fills inserted and/or one fill
 * updated by compare-and-set on its status.
 */
export interface DcaWrite {
  /**
   * The order's new state. The store writes it with `version = expected.version + 1` (whatever `order.version`
   * says) and returns what it stored.
   */
  readonly order: DcaOrder;
  /** The `(status, version)` the new state was computed from; anything else → `DCA_VERSION_CONFLICT`. */
  readonly expected: { readonly status: DcaOrderStatus; readonly version: number };
  /** New fills of this order; an `(order id, slot)` already stored → `DCA_FILL_EXISTS`. */
  readonly insertFills?: readonly DcaFill[];
  /** A stored fill of this order moved on; not in `expectedStatus` (or unknown) → `DCA_FILL_CONFLICT`. */
  readonly updateFill?: { readonly fill: DcaFill; readonly expectedStatus: DcaFillStatus };
  /** Clears the order's lease if this owner holds it (the end of a scheduler's work on the order). */
  readonly releaseLeaseOf?: string;
}

/**
 * Persistence of orders and fills. Implementations: {@link MemoryDcaStore}, `SqliteDcaStore` (`@org/dca/sqlite`);
 * all pass one contract suite. Free of SQLite-isms so that a PostgreSQL store with leases can implement it: every
 * operation is one atomic unit (one transaction), state changes are compare-and-set on `(status, version)`, slots
 * are unique by `(order id, slot)`, and due work is taken by an explicit claim with a lease. A store never joins a
 * transaction it did not open, and resolves a write only once it is durable. Errors are `DcaStoreError`s; a failed
 * write wrote nothing.
 *
 * PostgreSQL shape (for the implementation that comes next): `claimDue` is
 * `UPDATE dca_orders SET lease_owner = $owner, lease_until = $now + $lease WHERE id IN (SELECT id FROM dca_orders
 * WHERE due_at <= $now AND (lease_until IS NULL OR lease_until <= $now) ORDER BY due_at LIMIT $n FOR UPDATE SKIP
 * LOCKED) RETURNING *`; `commit` is one transaction of `UPDATE … WHERE id = $id AND status = $s AND version = $v`
 * (0 rows → conflict), `INSERT INTO dca_fills …` (UNIQUE (order_id, slot)) and
 * `UPDATE dca_fills … WHERE order_id = $id AND slot = $k AND status = $expected`.
 */
export interface DcaStore {
  /** Stores a new order (`version` as given, normally 1). An id already stored → `DCA_ORDER_EXISTS`. */
  insertOrder(order: DcaOrder): Promise<void>;
  getOrder(id: string): Promise<DcaOrder | null>;
  /** Newest first (`createdAt`, then `id`, descending), optionally one status. */
  listOrders(parameters: ListOrdersParameters): Promise<DcaPage<DcaOrder>>;
  /** The fill of `(orderId, slot)`, or null. */
  getFill(orderId: string, slot: number): Promise<DcaFill | null>;
  /** An order's fills, newest slot first. */
  listFills(parameters: ListFillsParameters): Promise<DcaPage<DcaFill>>;
  /** One atomic write; returns the order as stored (new version). */
  commit(write: DcaWrite): Promise<DcaOrder>;
  /**
   * Atomically takes up to `limit` due orders whose lease is free or expired and leases them to `owner`: two
   * concurrent claims (any instance) never get the same order.
   */
  claimDue(parameters: ClaimDueParameters): Promise<readonly DcaOrder[]>;
  /** Frees the order's lease if `owner` holds it; true when it did. */
  releaseLease(parameters: ReleaseLeaseParameters): Promise<boolean>;
}
