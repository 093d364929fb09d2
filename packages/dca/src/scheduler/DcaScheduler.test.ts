import { describe, expect, it } from 'vitest';
import type { DcaOrderInput } from '../order/createOrder.js';
import { transitionOrder } from '../order/transitionOrder.js';
import { MemoryDcaStore } from '../store/MemoryDcaStore.js';
import type { DcaStore } from '../store/DcaStore.js';
import { MINUTE, T0, testOrder } from '../testing/fixtures.js';
import { TestVenue } from '../testing/TestVenue.js';
import type { DcaFill, DcaOrder } from '../types.js';
import type { DcaEvent } from './DcaEvent.js';
import { DcaScheduler, type DcaSchedulerParameters } from './DcaScheduler.js';

function setup(options: Partial<DcaSchedulerParameters> = {}, store: DcaStore = new MemoryDcaStore()) {
  const venue = new TestVenue();
  const events: DcaEvent[] = [];
  const errors: unknown[] = [];
  const make = () =>
    new DcaScheduler({
      store,
      executor: venue,
      events: (event) => {
        events.push(event);
      },
      owner: 'instance-a',
      onError: (error) => errors.push(error),
      ...options,
    });
  const scheduler = make();
  /** The same instance after a restart (a fresh scheduler on the same store and venue: no previous tick). */
  const restart = make;
  const add = async (input: Partial<DcaOrderInput> = {}, now = T0): Promise<DcaOrder> => {
    const order = testOrder(input, { now });
    await store.insertOrder(order);
    return order;
  };
  /** Oldest slot first. */
  const fills = async (orderId: string): Promise<DcaFill[]> =>
    [...(await store.listFills({ orderId, limit: 100 })).items].reverse();
  const get = async (orderId: string) => (await store.getOrder(orderId)) as DcaOrder;
  const types = (orderId?: string) =>
    events.filter((e) => orderId === undefined || e.orderId === orderId).map((e) => e.type);
  return { store, venue, events, errors, scheduler, restart, add, fills, get, types };
}

/** `k` minutes (slots of a 60 s order) after T0, plus a few seconds of tick lateness. */
const at = (k: number, seconds = 5) => T0 + k * MINUTE + seconds * 1000;

describe('DcaScheduler: fills on schedule, exactly once', () => {
  it('fills each slot once, with the idempotency key and the minimum output, and counts the totals', async () => {
    const { scheduler, add, fills, get, venue, types, errors } = setup();
    const order = await add({ slippageBps: 100 });
    for (const k of [0, 0, 1, 2, 2]) await scheduler.tick(at(k)); // a repeated tick finds nothing due
    const history = await fills(order.id);
    expect(history.map((f) => [f.slot, f.status])).toEqual([
      [0, 'filled'],
      [1, 'filled'],
      [2, 'filled'],
    ]);
    const executes = venue.calls.filter((c) => c.method === 'execute');
    expect(executes.map((c) => c.key)).toEqual([0, 1, 2].map((k) => `dca:${order.id}:${k}`));
    // Quote 2× the input, 1 % slippage cap.
    expect(executes.every((c) => c.minAmountOut === (25_000_000n * 2n * 99n) / 100n)).toBe(true);
    expect(history[0]).toMatchObject({
      amountIn: 25_000_000n,
      amountOut: 50_000_000n,
      price: { numerator: 1n, denominator: 2n },
      txHash: `0x${'0'.repeat(64)}`,
      feeWei: 21_000n,
      executionId: `exe-dca:${order.id}:0`,
      idempotencyKey: `dca:${order.id}:0`,
    });
    expect(await get(order.id)).toMatchObject({
      status: 'active',
      nextSlot: 3,
      nextRunAt: T0 + 3 * MINUTE,
      openSlot: null,
      totals: { spent: 75_000_000n, received: 150_000_000n, fills: 3, skipped: 0, blocked: 0, failed: 0 },
    });
    expect(types()).toEqual(['dca.filled', 'dca.filled', 'dca.filled']);
    expect(errors).toEqual([]);
  });

  it('a tick returns its counts', async () => {
    const { scheduler, add } = setup();
    await add();
    await add({ firstRunAt: T0 + 10 * MINUTE });
    expect(await scheduler.tick(at(0))).toEqual({
      claimed: 1,
      filled: 1,
      pending: 0,
      skipped: 0,
      blocked: 0,
      failed: 0,
      paused: 0,
      completed: 0,
      errors: 0,
    });
  });

  it('a monthly order fills on calendar months (31 Jan → 28 Feb → 31 Mar)', async () => {
    const { scheduler, add, fills } = setup();
    const start = Date.UTC(2025, 0, 31, 9);
    const order = await add({ interval: 'monthly', firstRunAt: start }, start);
    for (const t of [Date.UTC(2025, 0, 31, 9, 1), Date.UTC(2025, 1, 28, 9, 1), Date.UTC(2025, 2, 31, 9, 1)]) {
      await scheduler.tick(t);
    }
    expect((await fills(order.id)).map((f) => new Date(f.scheduledAt).toISOString())).toEqual([
      '2025-01-31T09:00:00.000Z',
      '2025-02-28T09:00:00.000Z',
      '2025-03-31T09:00:00.000Z',
    ]);
  });
});

describe('DcaScheduler: pause, resume, limits', () => {
  it('a paused order fills nothing across several slots; resumed, it fills again from the next slot, no burst', async () => {
    const { scheduler, add, fills, get, store, venue } = setup();
    const order = await add();
    await scheduler.tick(at(0));
    const current = await get(order.id);
    await store.commit({
      order: transitionOrder({ order: current, command: { type: 'pause' }, now: at(0, 30) }),
      expected: { status: 'active', version: current.version },
    });
    for (const k of [1, 2, 3, 4]) await scheduler.tick(at(k));
    expect(venue.count('execute')).toBe(1);
    const paused = await get(order.id);
    await store.commit({
      order: transitionOrder({ order: paused, command: { type: 'resume' }, now: at(4, 30) }),
      expected: { status: 'paused', version: paused.version },
    });
    expect((await get(order.id)).nextRunAt).toBe(T0 + 5 * MINUTE);
    await scheduler.tick(at(4, 40)); // nothing due yet: the missed slots are not run
    await scheduler.tick(at(5));
    expect((await fills(order.id)).map((f) => [f.slot, f.status])).toEqual([
      [0, 'filled'],
      [5, 'filled'],
    ]);
  });

  it('maxFills: completed after the last fill, with an event; nothing runs after', async () => {
    const { scheduler, add, get, venue, types } = setup();
    const order = await add({ maxFills: 2 });
    for (const k of [0, 1, 2, 3]) await scheduler.tick(at(k));
    expect(venue.count('execute')).toBe(2);
    expect(await get(order.id)).toMatchObject({ status: 'completed', nextRunAt: null, dueAt: null });
    expect(types(order.id)).toEqual(['dca.filled', 'dca.filled', 'dca.completed']);
  });

  it('maxTotalIn: the last fill is cut to the remainder, then completed', async () => {
    const { scheduler, add, get, venue } = setup();
    const order = await add({ amountPerFill: 100n, maxTotalIn: 250n });
    venue.quoteOf = (amountIn) => ({ amountOut: amountIn, valueWei: 10n ** 18n, worstCaseFeeWei: 1n });
    for (const k of [0, 1, 2, 3]) await scheduler.tick(at(k));
    expect(venue.calls.filter((c) => c.method === 'execute').map((c) => c.amountIn)).toEqual([
      100n,
      100n,
      50n,
    ]);
    expect(await get(order.id)).toMatchObject({ status: 'completed', totals: { spent: 250n, fills: 3 } });
  });
});

describe('DcaScheduler: blocked fills and automatic pauses', () => {
  it('a governor daily cap is not a failure: the fill is blocked with its code, the order waits for the next slot', async () => {
    const { scheduler, add, get, fills, venue, types } = setup({ maxConsecutiveFailures: 1 });
    const order = await add();
    venue.script.push({ status: 'blocked', code: 'DAILY_LIMIT_EXCEEDED', reason: 'daily cap reached' });
    await scheduler.tick(at(0));
    expect(await get(order.id)).toMatchObject({
      status: 'active',
      consecutiveFailures: 0,
      lastError: { code: 'DAILY_LIMIT_EXCEEDED', slot: 0 },
      totals: { blocked: 1 },
    });
    await scheduler.tick(at(1));
    expect((await fills(order.id)).map((f) => [f.status, f.code])).toEqual([
      ['blocked', 'DAILY_LIMIT_EXCEEDED'],
      ['filled', null],
    ]);
    expect(types()).toEqual(['dca.blocked', 'dca.filled']);
  });

  it('a token-safety block pauses the order at once, with the reason and an event', async () => {
    const { scheduler, add, get, venue, events } = setup();
    const order = await add();
    venue.script.push({ status: 'blocked', code: 'TOKEN_UNSAFE', reason: 'honeypot' });
    await scheduler.tick(at(0));
    expect(await get(order.id)).toMatchObject({
      status: 'paused',
      nextRunAt: null,
      pausedReason: { code: 'TOKEN_UNSAFE', fillCode: 'TOKEN_UNSAFE', slot: 0 },
    });
    expect(events.map((e) => [e.type, e.code])).toEqual([
      ['dca.blocked', 'TOKEN_UNSAFE'],
      ['dca.paused', 'TOKEN_UNSAFE'],
    ]);
    for (const k of [1, 2]) await scheduler.tick(at(k));
    expect(venue.count('execute')).toBe(1);
  });

  it('a wallet that cannot cover the fill: blocked before any swap, and paused', async () => {
    const { scheduler, add, get, venue, fills } = setup();
    const order = await add();
    venue.balances.set(order.id, 24_999_999n);
    await scheduler.tick(at(0));
    expect(venue.count('execute')).toBe(0);
    expect((await fills(order.id))[0]).toMatchObject({ status: 'blocked', code: 'DCA_INSUFFICIENT_BALANCE' });
    expect((await get(order.id)).pausedReason?.code).toBe('INSUFFICIENT_BALANCE');
  });

  it('N consecutive failures pause the order; a fill in between resets the count', async () => {
    const { scheduler, add, get, venue, types } = setup({ maxConsecutiveFailures: 2 });
    const order = await add();
    const failed = {
      status: 'failed',
      code: 'TX_REVERTED',
      reason: 'reverted',
      txHash: '0xdead',
      feeWei: 5n,
    } as const;
    venue.script.push(failed);
    venue.script.push(venue.defaultOutcome({ amountIn: 25_000_000n, slot: 1, idempotencyKey: 'k' } as never));
    venue.script.push(failed, failed);
    for (const k of [0, 1, 2]) await scheduler.tick(at(k));
    expect(await get(order.id)).toMatchObject({ status: 'active', consecutiveFailures: 1 });
    await scheduler.tick(at(3));
    expect(await get(order.id)).toMatchObject({
      status: 'paused',
      pausedReason: { code: 'CONSECUTIVE_FAILURES', fillCode: 'TX_REVERTED', slot: 3 },
      totals: { failed: 3, fills: 1 },
    });
    expect(types(order.id).slice(-2)).toEqual(['dca.failed', 'dca.paused']);
  });

  it('a quote that fails fails the slot (nothing sent) and counts as a failure', async () => {
    const { scheduler, add, fills, venue } = setup();
    const order = await add();
    venue.failReads = 'quote';
    await scheduler.tick(at(0));
    expect(venue.count('execute')).toBe(0);
    expect((await fills(order.id))[0]).toMatchObject({ status: 'failed', code: 'DCA_EXECUTOR_ERROR' });
  });

  it('a quote that hangs times out: the slot fails with DCA_EXECUTOR_TIMEOUT', async () => {
    const { scheduler, add, fills, venue } = setup({ readTimeoutMs: 20 });
    const order = await add();
    venue.quoteOf = () => new Promise(() => {}) as never;
    await scheduler.tick(at(0));
    expect((await fills(order.id))[0]).toMatchObject({ status: 'failed', code: 'DCA_EXECUTOR_TIMEOUT' });
  });
});

describe('DcaScheduler: a fill is worth its gas and inside the price band', () => {
  it('skips a fill whose worst-case fee exceeds the share of its value', async () => {
    const { scheduler, add, fills, venue, types } = setup({ maxFeeShareBps: 500 });
    const order = await add({ amountPerFill: 1000n });
    // Value 1000 × 1e6 = 1e9 wei; 5 % of it is 5e7 wei: a fee of 5e7 passes, 5e7 + 1 does not.
    venue.quoteOf = (amountIn) => ({
      amountOut: amountIn,
      valueWei: amountIn * 1_000_000n,
      worstCaseFeeWei: 50_000_001n,
    });
    await scheduler.tick(at(0));
    venue.quoteOf = (amountIn) => ({
      amountOut: amountIn,
      valueWei: amountIn * 1_000_000n,
      worstCaseFeeWei: 50_000_000n,
    });
    await scheduler.tick(at(1));
    expect((await fills(order.id)).map((f) => [f.status, f.code])).toEqual([
      ['skipped', 'DCA_FEE_TOO_HIGH'],
      ['filled', null],
    ]);
    expect(venue.count('execute')).toBe(1);
    expect(types()).toEqual(['dca.skipped', 'dca.filled']);
  });

  it('skips a slot when the quoted price is outside the band, and enforces maxPrice as the minimum output', async () => {
    const { scheduler, add, fills, venue } = setup();
    // Price = token in per token out. Band: 0.4 to 0.6 (base units). Quote 2 out per in → price 0.5.
    const order = await add({
      amountPerFill: 1000n,
      slippageBps: 300,
      minPrice: { numerator: 2n, denominator: 5n },
      maxPrice: { numerator: 3n, denominator: 5n },
    });
    venue.quoteOf = (amountIn) => ({ amountOut: amountIn * 2n, valueWei: 10n ** 18n, worstCaseFeeWei: 1n }); // 0.5
    await scheduler.tick(at(0));
    venue.quoteOf = (amountIn) => ({ amountOut: amountIn, valueWei: 10n ** 18n, worstCaseFeeWei: 1n }); // price 1
    await scheduler.tick(at(1));
    venue.quoteOf = (amountIn) => ({ amountOut: amountIn * 3n, valueWei: 10n ** 18n, worstCaseFeeWei: 1n }); // 0.33
    await scheduler.tick(at(2));
    venue.quoteOf = (amountIn) => ({
      amountOut: (amountIn * 17n) / 10n,
      valueWei: 10n ** 18n,
      worstCaseFeeWei: 1n,
    }); // 0.588
    await scheduler.tick(at(3));
    expect((await fills(order.id)).map((f) => [f.status, f.code])).toEqual([
      ['filled', null],
      ['skipped', 'DCA_PRICE_OUT_OF_BAND'],
      ['skipped', 'DCA_PRICE_OUT_OF_BAND'],
      ['filled', null],
    ]);
    const executes = venue.calls.filter((c) => c.method === 'execute');
    // Slot 0: slippage floor 2000 × 0.97 = 1940 is above what maxPrice needs (1000 / 0.6 → 1667).
    // Slot 3: quote 1700, slippage floor 1649, but maxPrice needs at least ceil(1000 × 5 / 3) = 1667.
    expect(executes.map((c) => c.minAmountOut)).toEqual([1940n, 1667n]);
  });
});

describe('DcaScheduler: catch-up after downtime', () => {
  it('skip: five missed slots are recorded as skipped and the order resumes at the next slot', async () => {
    const { scheduler, add, fills, get, venue, events, restart } = setup({ graceMs: 30_000 });
    const order = await add({ catchUp: 'skip' });
    await scheduler.tick(at(0));
    // Down from slot 1 to slot 5 (a restart: a new instance); slot 5 itself is 45 s late.
    await restart().tick(at(5, 45));
    expect((await fills(order.id)).map((f) => [f.slot, f.status, f.code])).toEqual([
      [0, 'filled', null],
      ...[1, 2, 3, 4, 5].map((k) => [k, 'skipped', 'DCA_SLOT_MISSED']),
    ]);
    expect(venue.count('execute')).toBe(1);
    expect(await get(order.id)).toMatchObject({
      nextSlot: 6,
      nextRunAt: T0 + 6 * MINUTE,
      totals: { skipped: 5 },
    });
    expect(events.at(-1)).toMatchObject({ type: 'dca.skipped', code: 'DCA_SLOT_MISSED', slot: 1, count: 5 });
    await restart().tick(at(6));
    expect(venue.count('execute')).toBe(2);
  });

  it('once: one catch-up fill for the latest slot, the others skipped, then back on schedule', async () => {
    const { scheduler, add, fills, venue, restart } = setup({ graceMs: 30_000 });
    const order = await add({ catchUp: 'once' });
    await scheduler.tick(at(0));
    const second = restart();
    await second.tick(at(5, 45));
    await second.tick(at(6));
    expect((await fills(order.id)).map((f) => [f.slot, f.status])).toEqual([
      [0, 'filled'],
      ...[1, 2, 3, 4].map((k) => [k, 'skipped']),
      [5, 'filled'],
      [6, 'filled'],
    ]);
    expect(venue.count('execute')).toBe(3);
  });

  it('a slot within the grace is on time under either policy', async () => {
    const { scheduler, add, fills } = setup({ graceMs: 30_000 });
    const order = await add({ catchUp: 'skip' });
    await scheduler.tick(at(0, 29));
    expect((await fills(order.id)).map((f) => f.status)).toEqual(['filled']);
  });
});

describe('DcaScheduler: open fills are finished with the same key, never sent twice', () => {
  it('pending: the order waits; lookup later settles it once and counts it once', async () => {
    const { scheduler, add, fills, get, venue, types } = setup({ pendingRecheckMs: 10_000 });
    const order = await add();
    const key = `dca:${order.id}:0`;
    venue.script.push({ status: 'pending', amountIn: 25_000_000n, txHash: '0xabc', executionId: 'exe-1' });
    await scheduler.tick(at(0));
    expect((await fills(order.id))[0]).toMatchObject({
      status: 'pending',
      txHash: '0xabc',
      executionId: 'exe-1',
    });
    expect(await get(order.id)).toMatchObject({ openSlot: 0, dueAt: at(0) + 10_000 });
    await scheduler.tick(at(0, 20)); // still pending at the gateway
    await scheduler.tick(at(1)); // slot 1 is due, but the order waits for its open fill
    expect(venue.count('execute')).toBe(1);
    venue.settle(key, {
      status: 'filled',
      amountIn: 25_000_000n,
      amountOut: 49_000_000n,
      txHash: '0xabc',
      feeWei: 7n,
    });
    await scheduler.tick(at(1, 30));
    expect((await fills(order.id)).map((f) => [f.slot, f.status])).toEqual([
      [0, 'filled'],
      [1, 'filled'],
    ]);
    expect(await get(order.id)).toMatchObject({
      openSlot: null,
      totals: { fills: 2, received: 99_000_000n },
    });
    expect(venue.calls.filter((c) => c.key === key && c.method === 'execute')).toHaveLength(1);
    expect(types()).toEqual(['dca.filled', 'dca.filled']);
  });

  it('a pending fill the executor no longer knows is never executed again: it stays pending, and says why', async () => {
    const { scheduler, add, fills, get, venue } = setup({ pendingRecheckMs: 1000 });
    const order = await add();
    venue.script.push({ status: 'pending', amountIn: 25_000_000n, txHash: '0xabc' });
    await scheduler.tick(at(0));
    venue.executions.clear(); // e.g. the gateway's records were lost
    await scheduler.tick(at(0, 10));
    await scheduler.tick(at(1, 10));
    expect(venue.count('execute')).toBe(1);
    expect((await fills(order.id)).map((f) => f.status)).toEqual(['pending']);
    expect(await get(order.id)).toMatchObject({
      openSlot: 0,
      lastError: { code: 'DCA_EXECUTOR_ERROR', slot: 0 },
    });
  });

  it('the answer is lost after the swap: the fill stays running, then lookup finds the swap; no second swap', async () => {
    const { scheduler, add, fills, get, venue } = setup({ pendingRecheckMs: 1000 });
    const order = await add();
    venue.script.push({
      status: 'lost',
      result: { status: 'filled', amountIn: 25_000_000n, amountOut: 1n, txHash: '0x1' },
    });
    await scheduler.tick(at(0));
    expect((await fills(order.id))[0]?.status).toBe('running');
    expect((await get(order.id)).lastError).toMatchObject({ code: 'DCA_EXECUTOR_ERROR', slot: 0 });
    await scheduler.tick(at(0, 10));
    expect((await fills(order.id))[0]).toMatchObject({ status: 'filled', amountOut: 1n, txHash: '0x1' });
    expect(venue.count('execute')).toBe(1);
    expect(venue.doubleSwaps()).toEqual([]);
    expect((await get(order.id)).totals.fills).toBe(1);
  });

  it('the executor was never reached: lookup says so, and the fill is executed with the same key', async () => {
    const { scheduler, add, fills, venue } = setup({ pendingRecheckMs: 1000 });
    const order = await add();
    venue.script.push({ status: 'unreachable' });
    await scheduler.tick(at(0));
    await scheduler.tick(at(0, 10));
    expect((await fills(order.id)).map((f) => f.status)).toEqual(['filled']);
    expect(venue.calls.filter((c) => c.method === 'execute').map((c) => c.key)).toEqual([
      `dca:${order.id}:0`,
      `dca:${order.id}:0`,
    ]);
    expect(venue.swaps.get(`dca:${order.id}:0`)).toBe(1);
  });

  it('a crash mid-execute: another instance claims after the lease and settles from the venue, once', async () => {
    const store = new MemoryDcaStore();
    const timeouts = { leaseMs: MINUTE, executeTimeoutMs: 20_000, readTimeoutMs: 5_000 };
    const a = setup({ ...timeouts, owner: 'a' }, store);
    const order = await a.add();
    a.venue.script.push({
      status: 'hang',
      result: { status: 'filled', amountIn: 25_000_000n, amountOut: 3n, txHash: '0x3' },
    });
    void a.scheduler.tick(at(0)); // instance a dies while its swap is on its way
    await expect.poll(async () => (await store.getFill(order.id, 0))?.status).toBe('running');
    await expect.poll(() => a.venue.count('execute')).toBe(1);
    const b = new DcaScheduler({ store, executor: a.venue, owner: 'b', ...timeouts });
    expect((await b.tick(at(0, 30))).claimed).toBe(0); // a's lease still holds
    await b.tick(at(1, 10)); // expired: b finishes slot 0 from the venue, then runs slot 1
    expect((await a.fills(order.id)).map((f) => [f.slot, f.status])).toEqual([
      [0, 'filled'],
      [1, 'filled'],
    ]);
    expect(a.venue.swaps.get(`dca:${order.id}:0`)).toBe(1);
    a.venue.release();
  });

  it('an invalid executor answer leaves the fill running to be looked up again', async () => {
    const { scheduler, add, fills, venue } = setup({ pendingRecheckMs: 1000 });
    const order = await add();
    venue.script.push({ status: 'filled', amountIn: 26_000_000n, amountOut: 1n, txHash: '0x1' }); // more than asked
    await scheduler.tick(at(0));
    expect((await fills(order.id))[0]?.status).toBe('running');
  });

  it('a pause while the fill is in flight: the fill settles and counts, the order stays paused', async () => {
    const { scheduler, add, get, venue, store } = setup();
    const order = await add();
    venue.script.push({
      status: 'hang',
      result: { status: 'filled', amountIn: 25_000_000n, amountOut: 9n, txHash: '0x9' },
    });
    const tick = scheduler.tick(at(0));
    await expect.poll(() => venue.count('execute')).toBe(1);
    const current = await get(order.id);
    await store.commit({
      order: transitionOrder({ order: current, command: { type: 'pause' }, now: at(0, 6) }),
      expected: { status: 'active', version: current.version },
    });
    venue.release();
    await tick;
    expect(await get(order.id)).toMatchObject({
      status: 'paused',
      openSlot: null,
      dueAt: null,
      totals: { fills: 1, received: 9n },
    });
  });
});

describe('DcaScheduler: concurrency', () => {
  it('bounded concurrency across orders, never two fills of one order at once', async () => {
    const { scheduler, add, venue } = setup({ concurrency: 3 });
    for (let i = 0; i < 20; i++) await add();
    const summary = await scheduler.tick(at(0));
    expect(summary.filled).toBe(20);
    expect(venue.maxInFlight).toBe(3);
    expect(venue.twoAtOnceForOneOrder).toBe(false);
  });

  it('two instances ticking the same store at the same time execute every slot exactly once', async () => {
    const store = new MemoryDcaStore();
    const a = setup({ owner: 'a', batchSize: 7 }, store);
    const b = new DcaScheduler({ store, executor: a.venue, owner: 'b', batchSize: 5 });
    const orders = [];
    for (let i = 0; i < 30; i++) orders.push(await a.add());
    for (const k of [0, 1, 2]) await Promise.all([a.scheduler.tick(at(k)), b.tick(at(k))]);
    const keys = a.venue.calls.filter((c) => c.method === 'execute').map((c) => c.key);
    expect(keys).toHaveLength(90);
    expect(new Set(keys).size).toBe(90);
    for (const order of orders) expect((await a.get(order.id)).totals.fills).toBe(3);
  });

  it('refuses a lease shorter than the longest work on one order, and bad options', () => {
    const store = new MemoryDcaStore();
    const executor = new TestVenue();
    expect(
      () =>
        new DcaScheduler({
          store,
          executor,
          leaseMs: 55_000,
          executeTimeoutMs: 20_000,
          readTimeoutMs: 5_000,
        }),
    ).toThrow(expect.objectContaining({ code: 'DCA_VALIDATION_FAILED', field: 'leaseMs' }));
    for (const bad of [
      { concurrency: 0 },
      { maxFeeShareBps: 10_001 },
      { maxConsecutiveFailures: 0 },
      { graceMs: -1 },
    ]) {
      expect(() => new DcaScheduler({ store, executor, ...bad })).toThrow(
        expect.objectContaining({ code: 'DCA_VALIDATION_FAILED' }),
      );
    }
    expect(() => new DcaScheduler({ store, executor: { ...executor, lookup: undefined } as never })).toThrow(
      expect.objectContaining({ field: 'executor' }),
    );
  });

  it('processes more due orders than one batch in rounds, up to maxOrdersPerTick', async () => {
    const { scheduler, add } = setup({ batchSize: 4, maxOrdersPerTick: 10 });
    for (let i = 0; i < 13; i++) await add();
    expect((await scheduler.tick(at(0))).filled).toBe(10);
    expect((await scheduler.tick(at(0))).filled).toBe(3);
  });

  it('a faulty event sink or a failing store write does not stop the others', async () => {
    const store = new MemoryDcaStore();
    const { scheduler, add, errors } = setup(
      {
        events: () => {
          throw new Error('sink down');
        },
      },
      store,
    );
    const one = await add();
    const two = await add();
    const commit = store.commit.bind(store);
    store.commit = async (write) => {
      if (write.order.id === one.id) throw new Error('disk full');
      return commit(write);
    };
    const summary = await scheduler.tick(at(0));
    expect(summary).toMatchObject({ claimed: 2, filled: 1, errors: 1 });
    expect(errors.map((e) => (e as Error).message)).toEqual(
      expect.arrayContaining(['disk full', 'sink down']),
    );
    expect((await store.getOrder(two.id))?.totals.fills).toBe(1);
    // The failed order's lease was released: it is retried at the next tick.
    store.commit = commit;
    expect((await scheduler.tick(at(0, 10))).filled).toBe(1);
  });
});
