// The review's money-path findings on the scheduler: a paused or cancelled order never swaps again (M1), a late
// tick fills the slot it missed (M10), a dust remainder completes the order (M11).
import { describe, expect, it } from 'vitest';
import { transitionOrder } from '../order/transitionOrder.js';
import { MemoryDcaStore } from '../store/MemoryDcaStore.js';
import { MINUTE, T0, testOrder } from '../testing/fixtures.js';
import { TestVenue } from '../testing/TestVenue.js';
import type { DcaFill, DcaOrder } from '../types.js';
import type { DcaEvent } from './DcaEvent.js';
import { DcaScheduler, type DcaSchedulerParameters } from './DcaScheduler.js';

const HOUR = 60 * MINUTE;

function setup(options: Partial<DcaSchedulerParameters> = {}) {
  const store = new MemoryDcaStore();
  const venue = new TestVenue();
  const events: DcaEvent[] = [];
  const errors: unknown[] = [];
  const make = () =>
    new DcaScheduler({
      store,
      executor: venue,
      events: (e) => {
        events.push(e);
      },
      owner: 'a',
      onError: (e) => errors.push(e),
      ...options,
    });
  const fills = async (orderId: string): Promise<DcaFill[]> =>
    [...(await store.listFills({ orderId, limit: 100 })).items].reverse();
  const get = async (orderId: string) => (await store.getOrder(orderId)) as DcaOrder;
  /** A user command written as DcaService writes it (compare-and-set on the order as read). */
  const command = async (orderId: string, type: 'pause' | 'resume' | 'cancel', now: number) => {
    const order = await get(orderId);
    await store.commit({
      order: transitionOrder({ order, command: { type }, now }),
      expected: { status: order.status, version: order.version },
    });
  };
  return { store, venue, events, errors, scheduler: make(), restart: make, fills, get, command };
}

describe('M1: a paused or cancelled order never swaps again', () => {
  it('paused while the fill waits for its approval: the swap is not handed over; the fill is skipped with the reason', async () => {
    const { store, venue, scheduler, fills, get, command, events, errors } = setup();
    const order = testOrder();
    await store.insertOrder(order);
    venue.beforeHandOver = async (p) => command(p.order.id, 'pause', T0 + 1_000);
    await scheduler.tick(T0 + 500);
    expect(venue.swaps.size).toBe(0);
    expect((await fills(order.id)).map((f) => [f.slot, f.status, f.code])).toEqual([
      [0, 'skipped', 'DCA_ORDER_PAUSED'],
    ]);
    expect(await get(order.id)).toMatchObject({
      status: 'paused',
      openSlot: null,
      dueAt: null,
      totals: { fills: 0, skipped: 1, spent: 0n },
    });
    expect(events.map((e) => [e.type, e.code])).toEqual([['dca.skipped', 'DCA_ORDER_PAUSED']]);
    expect(errors).toEqual([]);
  });

  it('cancelled while the fill waits: skipped DCA_ORDER_CANCELLED, nothing swapped, the order stays cancelled', async () => {
    const { store, venue, scheduler, fills, get, command } = setup();
    const order = testOrder();
    await store.insertOrder(order);
    venue.beforeHandOver = async (p) => command(p.order.id, 'cancel', T0 + 1_000);
    await scheduler.tick(T0 + 500);
    expect(venue.swaps.size).toBe(0);
    expect((await fills(order.id))[0]).toMatchObject({ status: 'skipped', code: 'DCA_ORDER_CANCELLED' });
    expect(await get(order.id)).toMatchObject({ status: 'cancelled', openSlot: null });
  });

  it('a pause that arrives after the swap was handed over: the fill settles and counts (it was sent)', async () => {
    const { store, venue, scheduler, fills, get, command } = setup();
    const order = testOrder();
    await store.insertOrder(order);
    venue.onHandOver = async (p) => command(p.order.id, 'pause', T0 + 1_000);
    await scheduler.tick(T0 + 500);
    expect(venue.swaps.size).toBe(1);
    expect((await fills(order.id))[0]?.status).toBe('filled');
    expect(await get(order.id)).toMatchObject({ status: 'paused', totals: { fills: 1 } });
  });

  it('the executor failed before anything was sent; cancelled meanwhile (the CLI, server down): never executed again', async () => {
    const { store, venue, scheduler, restart, fills, get, command } = setup({ pendingRecheckMs: 1_000 });
    const order = testOrder();
    await store.insertOrder(order);
    venue.script.push({ status: 'unreachable' });
    await scheduler.tick(T0 + 500);
    expect((await get(order.id)).openSlot).toBe(0);
    await command(order.id, 'cancel', T0 + 1_000);
    await restart().tick(T0 + 2_000);
    expect(venue.count('execute')).toBe(1);
    expect(venue.swaps.size).toBe(0);
    expect((await fills(order.id))[0]).toMatchObject({ status: 'skipped', code: 'DCA_ORDER_CANCELLED' });
    expect(await get(order.id)).toMatchObject({
      status: 'cancelled',
      openSlot: null,
      dueAt: null,
      totals: { fills: 0, spent: 0n, skipped: 1 },
    });
  });

  it('paused the same way: skipped DCA_ORDER_PAUSED; resume runs the next slot, not the old one', async () => {
    const { store, venue, scheduler, fills, get, command } = setup({ pendingRecheckMs: 1_000 });
    const order = testOrder();
    await store.insertOrder(order);
    venue.script.push({ status: 'unreachable' });
    await scheduler.tick(T0 + 500);
    await command(order.id, 'pause', T0 + 1_000);
    await scheduler.tick(T0 + 2_000);
    expect((await fills(order.id))[0]).toMatchObject({ status: 'skipped', code: 'DCA_ORDER_PAUSED' });
    await command(order.id, 'resume', T0 + 3_000);
    await scheduler.tick(T0 + MINUTE + 1_000);
    expect((await fills(order.id)).map((f) => [f.slot, f.status])).toEqual([
      [0, 'skipped'],
      [1, 'filled'],
    ]);
    expect(venue.swaps.get(`dca:${order.id}:0`)).toBeUndefined();
    expect((await get(order.id)).totals.fills).toBe(1);
  });

  it('a fill executed again past the grace: skipped DCA_SLOT_EXPIRED under catch-up skip, run under once', async () => {
    for (const catchUp of ['skip', 'once'] as const) {
      const { store, venue, scheduler, fills } = setup({ pendingRecheckMs: 1_000, graceMs: 30_000 });
      const order = testOrder({ catchUp, interval: 3600 });
      await store.insertOrder(order);
      venue.script.push({ status: 'unreachable' });
      await scheduler.tick(T0 + 500);
      await scheduler.tick(T0 + 31_000); // 31 s after the slot: 1 s past the grace
      const fill = (await fills(order.id))[0];
      if (catchUp === 'skip') {
        expect(fill).toMatchObject({ status: 'skipped', code: 'DCA_SLOT_EXPIRED' });
        expect(venue.count('execute')).toBe(1);
      } else {
        expect(fill?.status).toBe('filled');
        expect(venue.count('execute')).toBe(2);
      }
    }
  });

  it('at exactly the grace the fill still runs again', async () => {
    const { store, venue, scheduler, fills } = setup({ pendingRecheckMs: 1_000, graceMs: 30_000 });
    const order = testOrder({ interval: 3600 });
    await store.insertOrder(order);
    venue.script.push({ status: 'unreachable' });
    await scheduler.tick(T0 + 500);
    await scheduler.tick(T0 + 30_000);
    expect((await fills(order.id))[0]?.status).toBe('filled');
  });

  it('the claim before the hand-over is a compare-and-set: it moves the order version and keeps the fill running', async () => {
    const { store, venue, scheduler } = setup();
    const order = testOrder();
    await store.insertOrder(order);
    const seen: [string, number, string | undefined][] = [];
    venue.onHandOver = async (p) => {
      const now = (await store.getOrder(p.order.id)) as DcaOrder;
      seen.push([now.status, now.version - p.order.version, (await store.getFill(order.id, 0))?.status]);
    };
    await scheduler.tick(T0 + 500);
    expect(seen).toEqual([['active', 1, 'running']]);
  });
});

describe('M10: a late tick fills the slot it missed', () => {
  it('a slow tick: slot 1 fell due after the previous tick began → filled though 2 min past a 1 min grace', async () => {
    const { store, scheduler, fills } = setup({ graceMs: 60_000 });
    const order = testOrder({ interval: 3600 });
    await store.insertOrder(order);
    await scheduler.tick(T0 + 1_000);
    await scheduler.tick(T0 + 59 * MINUTE); // began before slot 1, and ran long
    await scheduler.tick(T0 + 62 * MINUTE);
    expect((await fills(order.id)).map((f) => [f.slot, f.status, f.code])).toEqual([
      [0, 'filled', null],
      [1, 'filled', null],
    ]);
  });

  it('the same lateness after a restart (no previous tick) is missed under catch-up skip', async () => {
    const { store, scheduler, restart, fills } = setup({ graceMs: 60_000 });
    const order = testOrder({ interval: 3600 });
    await store.insertOrder(order);
    await scheduler.tick(T0 + 1_000);
    await restart().tick(T0 + 62 * MINUTE);
    expect((await fills(order.id)).map((f) => [f.slot, f.status, f.code])).toEqual([
      [0, 'filled', null],
      [1, 'skipped', 'DCA_SLOT_MISSED'],
    ]);
  });

  it('ticks every 600 s, each 6 min after a slot: every slot fills (the grace follows the tick)', async () => {
    const { store, restart, fills } = setup({ tickMs: 600_000 });
    const order = testOrder({ interval: 3600 });
    await store.insertOrder(order);
    // A fresh instance per tick: only the grace (2 × 600 s) decides, not the previous tick.
    for (let k = 0; k < 5; k++) await restart().tick(T0 + k * HOUR + 6 * MINUTE);
    expect((await fills(order.id)).map((f) => f.status)).toEqual(Array(5).fill('filled'));
  });

  it('the default grace is 5 min with fast ticks: 5 min 1 s after a restart is missed, 5 min is on time', async () => {
    const { store, restart, fills } = setup({ tickMs: 1_000 });
    const a = testOrder({ interval: 3600 });
    const b = testOrder({ interval: 3600 });
    await store.insertOrder(a);
    await restart().tick(T0 + 5 * MINUTE);
    await store.insertOrder(b);
    await restart().tick(T0 + 5 * MINUTE + 1_000);
    expect((await fills(a.id)).map((f) => f.status)).toEqual(['filled']);
    expect((await fills(b.id)).map((f) => [f.status, f.code])).toEqual([['skipped', 'DCA_SLOT_MISSED']]);
  });

  it('2 × tickMs is the grace when larger: 20 min after the slot still fills, 20 min 1 s is missed', async () => {
    const { store, restart, fills } = setup({ tickMs: 600_000 });
    const a = testOrder({ interval: 3600 });
    await store.insertOrder(a);
    await restart().tick(T0 + 20 * MINUTE);
    const b = testOrder({ interval: 3600 });
    await store.insertOrder(b);
    await restart().tick(T0 + 20 * MINUTE + 1_000);
    expect((await fills(a.id))[0]?.status).toBe('filled');
    expect((await fills(b.id))[0]?.code).toBe('DCA_SLOT_MISSED');
  });

  it('a gap between ticks longer than a lease and a grace is a stop: catch-up skip misses the slot', async () => {
    const { store, scheduler, fills } = setup({
      graceMs: 60_000,
      leaseMs: 700_000,
      executeTimeoutMs: 300_000,
    });
    const order = testOrder({ interval: 3600 });
    await store.insertOrder(order);
    await scheduler.tick(T0 + 59 * MINUTE);
    // 760 s later: one more second than lease + grace, and slot 1 is 2 min 40 s late.
    await scheduler.tick(T0 + 59 * MINUTE + 760_001);
    expect((await fills(order.id)).map((f) => [f.slot, f.status, f.code])).toEqual([
      [0, 'skipped', 'DCA_SLOT_MISSED'],
      [1, 'skipped', 'DCA_SLOT_MISSED'],
    ]);
  });

  it('at exactly lease + grace the gap is still a slow tick', async () => {
    const { store, scheduler, fills } = setup({
      graceMs: 60_000,
      leaseMs: 700_000,
      executeTimeoutMs: 300_000,
    });
    const order = testOrder({ interval: 3600 }, { now: T0 + 59 * MINUTE });
    await store.insertOrder(order);
    await scheduler.tick(T0 + 59 * MINUTE - 1);
    await scheduler.tick(T0 + 59 * MINUTE - 1 + 760_000);
    expect((await fills(order.id)).map((f) => [f.slot, f.status])).toEqual([[0, 'filled']]);
  });

  it('a tick given an earlier time than the last one judges by the grace alone', async () => {
    const { store, scheduler, fills } = setup({ graceMs: 60_000 });
    const a = testOrder({ interval: 3600 });
    await store.insertOrder(a);
    await scheduler.tick(T0 + 2 * HOUR);
    await scheduler.tick(T0 + HOUR + 2 * MINUTE); // earlier: no previous tick before it
    const b = testOrder({ interval: 3600 }, { now: T0 + HOUR });
    await store.insertOrder(b);
    await scheduler.tick(T0 + HOUR + 2 * MINUTE);
    expect((await fills(b.id))[0]?.code).toBe('DCA_SLOT_MISSED');
  });

  it('the missed reason says what happened without blaming a stopped scheduler only', async () => {
    const { store, restart, fills } = setup();
    const order = testOrder({ interval: 3600 });
    await store.insertOrder(order);
    await restart().tick(T0 + HOUR - 1);
    expect((await fills(order.id))[0]?.reason).toMatch(/more than the grace before a tick saw it/);
  });
});

describe('M11: a dust remainder of maxTotalIn completes the order with the reason', () => {
  const fee = (amountIn: bigint) => ({
    amountOut: amountIn * 2n,
    valueWei: amountIn * 1_000_000n,
    // Worth it at 25e6 in (fee 0.04 %); not for a remainder of 1 base unit.
    worstCaseFeeWei: 10_000_000_000n,
  });

  it('the remainder is not worth its gas: the last fill is skipped DCA_REMAINDER_TOO_SMALL and the order completes', async () => {
    const { store, venue, scheduler, fills, get, events, errors } = setup();
    venue.quoteOf = fee;
    const order = testOrder({ amountPerFill: 25_000_000n, maxTotalIn: 50_000_001n });
    await store.insertOrder(order);
    for (const k of [0, 1, 2, 3]) await scheduler.tick(T0 + k * MINUTE + 1_000);
    expect(errors).toEqual([]);
    expect((await fills(order.id)).map((f) => [f.slot, f.status, f.code, f.amountIn])).toEqual([
      [0, 'filled', null, 25_000_000n],
      [1, 'filled', null, 25_000_000n],
      [2, 'skipped', 'DCA_REMAINDER_TOO_SMALL', 1n],
    ]);
    expect(await get(order.id)).toMatchObject({
      status: 'completed',
      nextRunAt: null,
      dueAt: null,
      totals: { fills: 2, skipped: 1, spent: 50_000_000n },
      lastError: { code: 'DCA_REMAINDER_TOO_SMALL', slot: 2 },
    });
    expect((await fills(order.id))[2]?.reason).toMatch(
      /maxTotalIn leaves \(1 base units\) is not worth its gas/,
    );
    expect(events.at(-1)).toMatchObject({ type: 'dca.completed', code: 'DCA_REMAINDER_TOO_SMALL', slot: 2 });
  });

  it('the remainder quotes to nothing: completed too, not three failures and a pause', async () => {
    const { store, venue, scheduler, fills, get } = setup();
    venue.quoteOf = (amountIn) => ({
      ...fee(amountIn),
      amountOut: amountIn < 100n ? 0n : amountIn,
      worstCaseFeeWei: 0n,
    });
    const order = testOrder({ amountPerFill: 25_000_000n, maxTotalIn: 25_000_050n });
    await store.insertOrder(order);
    for (const k of [0, 1, 2]) await scheduler.tick(T0 + k * MINUTE + 1_000);
    expect((await fills(order.id)).map((f) => [f.status, f.code])).toEqual([
      ['filled', null],
      ['skipped', 'DCA_REMAINDER_TOO_SMALL'],
    ]);
    expect((await get(order.id)).status).toBe('completed');
  });

  it('a full-size fill not worth its gas is still skipped DCA_FEE_TOO_HIGH, and the order goes on', async () => {
    const { store, venue, scheduler, fills, get } = setup();
    venue.quoteOf = (amountIn) => ({ ...fee(amountIn), worstCaseFeeWei: 10n ** 18n });
    const order = testOrder({ amountPerFill: 25_000_000n, maxTotalIn: 50_000_000n });
    await store.insertOrder(order);
    await scheduler.tick(T0 + 1_000);
    expect((await fills(order.id))[0]?.code).toBe('DCA_FEE_TOO_HIGH');
    expect((await get(order.id)).status).toBe('active');
  });

  it('a full-size fill quoting nothing still fails DCA_QUOTE_EMPTY', async () => {
    const { store, venue, scheduler, fills } = setup();
    venue.quoteOf = (amountIn) => ({ ...fee(amountIn), amountOut: 0n });
    const order = testOrder({ amountPerFill: 25_000_000n, maxTotalIn: 50_000_000n });
    await store.insertOrder(order);
    await scheduler.tick(T0 + 1_000);
    expect((await fills(order.id))[0]).toMatchObject({ status: 'failed', code: 'DCA_QUOTE_EMPTY' });
  });
});
