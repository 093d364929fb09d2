// The behaviour every DcaStore must have: run from each store's test file (memory, SQLite, and the PostgreSQL store
// to come) with a factory for fresh, empty stores.
import { describe, expect, it } from 'vitest';
import { transitionOrder } from '../order/transitionOrder.js';
import type { DcaStore } from '../store/DcaStore.js';
import type { DcaFill, DcaOrder, DcaOrderStatus } from '../types.js';
import { advancedTo, MINUTE, T0, testFill, testOrder } from './fixtures.js';

/** Factories of a {@link describeDcaStoreContract} run. */
export interface DcaStoreFactories {
  /** A fresh, empty store. */
  readonly create: () => DcaStore;
  /**
   * Two handles on ONE fresh, empty store (two connections, two instances' pools…), for races. Memory: the same
   * store twice.
   */
  readonly createShared: () => readonly [DcaStore, DcaStore];
}

async function readAllOrders(store: DcaStore, limit: number, status?: DcaOrderStatus): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const parameters = {
      limit,
      ...(status === undefined ? {} : { status }),
      ...(cursor === undefined ? {} : { cursor }),
    };
    const result = await store.listOrders(parameters);
    expect(result.items.length).toBeLessThanOrEqual(limit);
    ids.push(...result.items.map((o) => o.id));
    if (result.nextCursor === null) return ids;
    expect(result.items).toHaveLength(limit);
    cursor = result.nextCursor;
  }
  throw new Error('pagination did not end');
}

const expectedOf = (order: DcaOrder) => ({ status: order.status, version: order.version });

/** Takes slot `slot` of a stored order with a fill in `status` (open when running/pending). */
async function take(
  store: DcaStore,
  order: DcaOrder,
  slot: number,
  status: DcaFill['status'],
): Promise<DcaOrder> {
  const open = status === 'running' || status === 'pending';
  return store.commit({
    order: advancedTo(order, slot, open),
    expected: expectedOf(order),
    insertFills: [testFill(order, slot, status)],
  });
}

/**
 * The contract every {@link DcaStore} must pass.
 *
 * @example
 * ```ts
 * describeDcaStoreContract('MemoryDcaStore', {
 *   create: () => new MemoryDcaStore(),
 *   createShared: () => { const s = new MemoryDcaStore(); return [s, s]; },
 * });
 * ```
 */
export function describeDcaStoreContract(name: string, { create, createShared }: DcaStoreFactories): void {
  describe(`${name}: DCA store contract`, () => {
    it('round-trips every field of an order: bigints up to 2^256-1, prices, months, null limits, error and pause', async () => {
      const store = create();
      const big = 2n ** 256n - 1n;
      const full: DcaOrder = {
        ...testOrder({
          amountPerFill: big,
          maxTotalIn: big,
          maxFills: 7,
          interval: 'monthly',
          minPrice: { numerator: 1n, denominator: big },
          maxPrice: { numerator: big, denominator: 3n },
          catchUp: 'once',
        }),
        totals: { spent: 5n, received: big, fills: 1, skipped: 2, blocked: 3, failed: 4 },
        consecutiveFailures: 2,
        lastError: { code: 'TX_REVERTED', reason: 'reverted', slot: 3, at: T0 + 1 },
      };
      const paused = transitionOrder({ order: testOrder(), command: { type: 'pause' }, now: T0 + 5 });
      await store.insertOrder(full);
      await store.insertOrder(paused);
      expect(await store.getOrder(full.id)).toEqual(full);
      expect(await store.getOrder(paused.id)).toEqual(paused);
      expect(typeof (await store.getOrder(full.id))?.totals.received).toBe('bigint');
      expect(await store.getOrder('unknown')).toBeNull();
    });

    it('round-trips every fill status and field', async () => {
      const store = create();
      let order = testOrder();
      await store.insertOrder(order);
      const statuses = ['filled', 'skipped', 'blocked', 'failed', 'pending'] as const;
      for (const [slot, status] of statuses.entries()) {
        order = await take(store, order, slot, status);
        expect(await store.getFill(order.id, slot)).toEqual(testFill(order, slot, status));
      }
      expect(order.version).toBe(6);
      expect(await store.getFill(order.id, 99)).toBeNull();
    });

    it('refuses a duplicate order id and keeps the first', async () => {
      const store = create();
      const first = testOrder({}, { id: 'same' });
      await store.insertOrder(first);
      await expect(store.insertOrder(testOrder({ amountPerFill: 1n }, { id: 'same' }))).rejects.toMatchObject(
        {
          code: 'DCA_ORDER_EXISTS',
        },
      );
      expect(await store.getOrder('same')).toEqual(first);
    });

    it('commit is compare-and-set: the new version is returned; a stale version or status fails and writes nothing', async () => {
      const store = create();
      const order = testOrder();
      await store.insertOrder(order);
      const paused = await store.commit({
        order: transitionOrder({ order, command: { type: 'pause' }, now: T0 + 1 }),
        expected: expectedOf(order),
      });
      expect(paused).toMatchObject({ status: 'paused', version: 2 });
      expect(await store.getOrder(order.id)).toEqual(paused);
      // A writer that read version 1 (e.g. the scheduler taking slot 0) lost the race: nothing of it is stored.
      await expect(take(store, order, 0, 'running')).rejects.toMatchObject({ code: 'DCA_VERSION_CONFLICT' });
      // Right version, wrong status.
      await expect(
        store.commit({ order: { ...paused, updatedAt: T0 + 2 }, expected: { status: 'active', version: 2 } }),
      ).rejects.toMatchObject({ code: 'DCA_VERSION_CONFLICT' });
      expect(await store.getOrder(order.id)).toEqual(paused);
      expect(await store.getFill(order.id, 0)).toBeNull();
      await expect(
        store.commit({ order: { ...testOrder(), id: 'nope' }, expected: { status: 'active', version: 1 } }),
      ).rejects.toMatchObject({ code: 'DCA_ORDER_NOT_FOUND' });
    });

    it('a stale version fails even when the status still matches (the scheduler wrote first)', async () => {
      const store = create();
      const order = testOrder();
      await store.insertOrder(order);
      const moved = await take(store, order, 0, 'skipped'); // active v1 → active v2
      const stalePause = transitionOrder({ order, command: { type: 'pause' }, now: T0 + 1 }); // computed from v1
      await expect(store.commit({ order: stalePause, expected: expectedOf(order) })).rejects.toMatchObject({
        code: 'DCA_VERSION_CONFLICT',
      });
      expect(await store.getOrder(order.id)).toEqual(moved);
      const paused = await store.commit({
        order: transitionOrder({ order: moved, command: { type: 'pause' }, now: T0 + 1 }),
        expected: expectedOf(moved),
      });
      expect(paused).toMatchObject({ status: 'paused', version: 3, nextSlot: 1 });
    });

    it('a duplicate (order, slot) is refused and nothing of that write is stored', async () => {
      const store = create();
      let order = testOrder();
      await store.insertOrder(order);
      order = await take(store, order, 0, 'filled');
      const again = store.commit({
        order: advancedTo(order, 1, false),
        expected: expectedOf(order),
        insertFills: [testFill(order, 1, 'skipped'), testFill(order, 0, 'running')],
      });
      await expect(again).rejects.toMatchObject({ code: 'DCA_FILL_EXISTS' });
      expect(await store.getOrder(order.id)).toEqual(order);
      expect(await store.getFill(order.id, 1)).toBeNull();
      expect((await store.getFill(order.id, 0))?.status).toBe('filled');
    });

    it('updates a fill only from the status the write expects', async () => {
      const store = create();
      let order = testOrder();
      await store.insertOrder(order);
      order = await take(store, order, 0, 'running');
      const settled = { ...testFill(order, 0, 'filled'), updatedAt: T0 + 9 };
      const write = {
        order: { ...order, openSlot: null, dueAt: order.nextRunAt },
        updateFill: { fill: settled, expectedStatus: 'pending' as const },
      };
      await expect(store.commit({ ...write, expected: expectedOf(order) })).rejects.toMatchObject({
        code: 'DCA_FILL_CONFLICT',
      });
      expect(await store.getOrder(order.id)).toEqual(order);
      const stored = await store.commit({
        ...write,
        updateFill: { fill: settled, expectedStatus: 'running' },
        expected: expectedOf(order),
      });
      expect(stored.version).toBe(order.version + 1);
      expect(await store.getFill(order.id, 0)).toEqual(settled);
      // The same settle again (another instance) fails: the fill is no longer running.
      await expect(
        store.commit({
          ...write,
          updateFill: { fill: settled, expectedStatus: 'running' },
          expected: expectedOf(stored),
        }),
      ).rejects.toMatchObject({ code: 'DCA_FILL_CONFLICT' });
    });

    it('refuses a write that changes the terms of an order, or breaks its invariants', async () => {
      const store = create();
      const order = testOrder();
      await store.insertOrder(order);
      for (const bad of [
        { ...order, amountPerFill: 1n },
        { ...order, tokenOut: order.tokenIn },
        { ...order, slippageBps: 300 },
        { ...order, status: 'paused' as const }, // paused without a reason
        { ...order, nextRunAt: order.nextRunAt! + 1 }, // next run is not the next slot
        { ...order, openSlot: 0 }, // open slot not reached / without a fill
        { ...order, totals: { ...order.totals, fills: -1 } },
      ]) {
        await expect(store.commit({ order: bad, expected: expectedOf(order) })).rejects.toMatchObject({
          code: 'DCA_STORE_INPUT_INVALID',
        });
      }
      await expect(
        store.commit({ order: advancedTo(order, 0, true), expected: expectedOf(order) }),
      ).rejects.toMatchObject({ code: 'DCA_STORE_INPUT_INVALID' }); // open slot 0 has no fill
      await expect(store.insertOrder({ ...order, id: 'x', amountPerFill: 0n })).rejects.toMatchObject({
        code: 'DCA_STORE_INPUT_INVALID',
      });
      expect(await store.getOrder(order.id)).toEqual(order);
    });

    it('lists orders newest first in cursor pages, with a status filter, without skipping or repeating ties', async () => {
      const store = create();
      const orders: DcaOrder[] = [];
      for (let i = 0; i < 23; i++) {
        // Pairs created in the same millisecond: the id breaks the tie.
        const order = testOrder({}, { now: T0 + Math.floor(i / 2), id: `o-${String(i).padStart(2, '0')}` });
        await store.insertOrder(order);
        orders.push(order);
      }
      for (const order of orders.filter((_, i) => i % 3 === 0)) {
        await store.commit({
          order: transitionOrder({ order, command: { type: 'cancel' }, now: T0 + 50 }),
          expected: expectedOf(order),
        });
      }
      const newest = [...orders].reverse().map((o) => o.id);
      for (const limit of [1, 5, 23, 100]) expect(await readAllOrders(store, limit)).toEqual(newest);
      const cancelled = newest.filter((id) => Number(id.slice(2)) % 3 === 0);
      expect(await readAllOrders(store, 2, 'cancelled')).toEqual(cancelled);
      expect(await readAllOrders(store, 4, 'active')).toEqual(newest.filter((id) => !cancelled.includes(id)));
      expect((await store.listOrders({ limit: 5, status: 'completed' })).items).toEqual([]);
      for (const bad of [
        { limit: 0 },
        { limit: 101 },
        { limit: 5, cursor: 'forged' },
        { limit: 5, status: 'done' },
      ]) {
        await expect(store.listOrders(bad as never)).rejects.toMatchObject({
          code: 'DCA_STORE_INPUT_INVALID',
        });
      }
    });

    it("lists an order's fills newest slot first in cursor pages", async () => {
      const store = create();
      let order = testOrder();
      await store.insertOrder(order);
      for (let slot = 0; slot < 7; slot++)
        order = await take(store, order, slot, slot % 2 ? 'skipped' : 'filled');
      const slots: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.listFills({
          orderId: order.id,
          limit: 3,
          ...(cursor === undefined ? {} : { cursor }),
        });
        slots.push(...page.items.map((f) => f.slot));
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
      expect(slots).toEqual([6, 5, 4, 3, 2, 1, 0]);
      expect((await store.listFills({ orderId: 'other', limit: 10 })).items).toEqual([]);
      await expect(store.listFills({ orderId: order.id, limit: 3, cursor: 'o1.1.x' })).rejects.toMatchObject({
        code: 'DCA_STORE_INPUT_INVALID',
      });
    });

    it('claims due orders only, earliest first, up to the limit, each under a lease until it expires or is released', async () => {
      const store = create();
      const due = [3, 1, 2].map((k) => testOrder({ firstRunAt: T0 + k * MINUTE }, { id: `due-${k}` }));
      const later = testOrder({ firstRunAt: T0 + 10 * MINUTE }, { id: 'later' });
      const paused = transitionOrder({
        order: testOrder({}, { id: 'paused' }),
        command: { type: 'pause' },
        now: T0,
      });
      for (const order of [...due, later, paused]) await store.insertOrder(order);
      const now = T0 + 5 * MINUTE;
      const first = await store.claimDue({ now, limit: 2, owner: 'a', leaseMs: MINUTE });
      expect(first.map((o) => o.id)).toEqual(['due-1', 'due-2']);
      expect(
        (await store.claimDue({ now, limit: 10, owner: 'b', leaseMs: MINUTE })).map((o) => o.id),
      ).toEqual(['due-3']);
      expect(await store.claimDue({ now, limit: 10, owner: 'c', leaseMs: MINUTE })).toEqual([]);
      // Only the owner releases; a released order is claimable at once.
      expect(await store.releaseLease({ orderId: 'due-1', owner: 'b' })).toBe(false);
      expect(await store.releaseLease({ orderId: 'due-1', owner: 'a' })).toBe(true);
      expect(
        (await store.claimDue({ now, limit: 10, owner: 'c', leaseMs: MINUTE })).map((o) => o.id),
      ).toEqual(['due-1']);
      // An expired lease is free again (the owner crashed).
      const expired = await store.claimDue({ now: now + MINUTE, limit: 10, owner: 'd', leaseMs: MINUTE });
      expect(expired.map((o) => o.id)).toEqual(['due-1', 'due-2', 'due-3']);
      await expect(store.claimDue({ now, limit: 0, owner: 'a', leaseMs: 1 })).rejects.toMatchObject({
        code: 'DCA_STORE_INPUT_INVALID',
      });
    });

    it('a commit releases the lease of the owner it names, not of another', async () => {
      const store = create();
      const order = testOrder();
      await store.insertOrder(order);
      const [claimed] = await store.claimDue({ now: T0, limit: 1, owner: 'a', leaseMs: MINUTE });
      expect(claimed).toEqual(order);
      const held = await store.commit({
        order: advancedTo(order, 0, true),
        expected: expectedOf(order),
        insertFills: [testFill(order, 0, 'running')],
        releaseLeaseOf: 'b',
      });
      expect(await store.claimDue({ now: T0, limit: 1, owner: 'c', leaseMs: MINUTE })).toEqual([]);
      await store.commit({ order: { ...held, dueAt: T0 }, expected: expectedOf(held), releaseLeaseOf: 'a' });
      expect(
        (await store.claimDue({ now: T0, limit: 1, owner: 'c', leaseMs: MINUTE })).map((o) => o.id),
      ).toEqual([order.id]);
    });

    it('two concurrent claims of the same due orders: each order goes to exactly one', async () => {
      const [one, two] = createShared();
      const orders = Array.from({ length: 20 }, (_, i) => testOrder({}, { id: `race-${i}` }));
      for (const order of orders) await one.insertOrder(order);
      for (let round = 0; round < 5; round++) {
        const now = T0 + round * 10 * MINUTE; // every lease of the previous round has expired
        const [a, b] = await Promise.all([
          one.claimDue({ now, limit: 20, owner: `a${round}`, leaseMs: MINUTE }),
          two.claimDue({ now, limit: 20, owner: `b${round}`, leaseMs: MINUTE }),
        ]);
        const ids = [...a, ...b].map((o) => o.id).sort();
        expect(ids).toEqual(orders.map((o) => o.id).sort());
      }
      const [a, b] = await Promise.all([
        one.claimDue({ now: T0 + 99 * MINUTE, limit: 1, owner: 'x', leaseMs: MINUTE }),
        two.claimDue({ now: T0 + 99 * MINUTE, limit: 1, owner: 'y', leaseMs: MINUTE }),
      ]);
      expect(a.length + b.length).toBe(2);
      expect(a[0]?.id).not.toBe(b[0]?.id);
    });

    it('two concurrent writers of the same slot: one wins, the other gets a conflict, the slot exists once', async () => {
      const [one, two] = createShared();
      const order = testOrder();
      await one.insertOrder(order);
      const results = await Promise.allSettled([
        take(one, order, 0, 'running'),
        take(two, order, 0, 'running'),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(['DCA_VERSION_CONFLICT', 'DCA_FILL_EXISTS']).toContain(
        (rejected.reason as { code: string }).code,
      );
      expect((await one.getOrder(order.id))?.version).toBe(2);
      expect((await two.listFills({ orderId: order.id, limit: 10 })).items).toHaveLength(1);
    });
  });
}
