import { describe, expect, it } from 'vitest';
import type { DcaEvent } from '../scheduler/DcaEvent.js';
import { DcaScheduler } from '../scheduler/DcaScheduler.js';
import { MemoryDcaStore } from '../store/MemoryDcaStore.js';
import { MINUTE, T0, testInput } from '../testing/fixtures.js';
import { TestVenue } from '../testing/TestVenue.js';
import { DcaService, type DcaServiceParameters } from './DcaService.js';

function setup(options: Partial<DcaServiceParameters> = {}) {
  const store = new MemoryDcaStore();
  const events: DcaEvent[] = [];
  let now = T0;
  const service = new DcaService({
    store,
    maxSlippageBps: 300,
    now: () => now,
    events: (e) => {
      events.push(e);
    },
    ...options,
  });
  return { store, service, events, setNow: (t: number) => (now = t) };
}

describe('DcaService', () => {
  it('creates, reads, lists, pauses, resumes and cancels, with an event for each command', async () => {
    const { service, events, setNow } = setup();
    const order = await service.create({ input: testInput() });
    expect(await service.get(order.id)).toEqual(order);
    expect((await service.list({ limit: 10, status: 'active' })).items).toEqual([order]);
    setNow(T0 + 30_000);
    expect(await service.pause(order.id)).toMatchObject({ status: 'paused', version: 2 });
    await expect(service.pause(order.id)).rejects.toMatchObject({
      code: 'DCA_INVALID_TRANSITION',
      from: 'paused',
    });
    setNow(T0 + 3 * MINUTE + 1);
    expect(await service.resume(order.id)).toMatchObject({ status: 'active', nextRunAt: T0 + 4 * MINUTE });
    expect(await service.cancel(order.id)).toMatchObject({
      status: 'cancelled',
      nextRunAt: null,
      dueAt: null,
    });
    await expect(service.resume(order.id)).rejects.toMatchObject({
      code: 'DCA_INVALID_TRANSITION',
      from: 'cancelled',
    });
    expect(events.map((e) => [e.type, e.code])).toEqual([
      ['dca.paused', 'PAUSED_BY_USER'],
      ['dca.resumed', null],
      ['dca.cancelled', null],
    ]);
  });

  it('an unknown id is DCA_ORDER_NOT_FOUND for every operation', async () => {
    const { service } = setup();
    for (const call of [
      () => service.get('nope'),
      () => service.pause('nope'),
      () => service.resume('nope'),
      () => service.cancel('nope'),
      () => service.fills({ orderId: 'nope', limit: 10 }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'DCA_ORDER_NOT_FOUND' });
    }
  });

  it('a command decides again when the scheduler wrote in between (compare-and-set)', async () => {
    const { service, store } = setup();
    const order = await service.create({ input: testInput() });
    const commit = store.commit.bind(store);
    let raced = false;
    store.commit = async (write) => {
      if (!raced) {
        raced = true;
        store.commit = commit;
        // The scheduler takes slot 0 between the service's read and its write.
        await new DcaScheduler({ store, executor: new TestVenue() }).tick(T0 + 1000);
      }
      return commit(write);
    };
    const paused = await service.pause(order.id);
    expect(paused).toMatchObject({ status: 'paused', totals: { fills: 1 } });
  });

  it('validates orders and refuses, with DCA_FEE_TOO_HIGH, one whose fills would all be skipped at today gas', async () => {
    const venue = new TestVenue();
    const { service, store } = setup({ executor: venue, maxFeeShareBps: 500 });
    await expect(service.create({ input: testInput({ slippageBps: 301 }) })).rejects.toMatchObject({
      code: 'DCA_VALIDATION_FAILED',
      field: 'slippageBps',
    });
    // The first fill is what is quoted: 50 (cut by maxTotalIn), worth 50e6 wei against a 1e9 wei fee (20×).
    await expect(service.create({ input: testInput({ maxTotalIn: 50n }) })).rejects.toMatchObject({
      code: 'DCA_FEE_TOO_HIGH',
      shareBps: 200_000,
    });
    expect(venue.calls.at(-1)).toMatchObject({ method: 'quote', amountIn: 50n });
    expect((await store.listOrders({ limit: 10 })).items).toEqual([]);
    expect(await service.create({ input: testInput() })).toMatchObject({ status: 'active' });
    venue.failReads = 'quote';
    await expect(service.create({ input: testInput() })).rejects.toMatchObject({
      code: 'DCA_EXECUTOR_ERROR',
    });
  });

  it('checkFirstFill sees the first fill and its quote after the fee rule; what it throws refuses the order', async () => {
    const venue = new TestVenue();
    const seen: unknown[] = [];
    const { service, store } = setup({
      executor: venue,
      checkFirstFill: ({ order, amountIn, quote }) => {
        seen.push([order.amountPerFill, amountIn, quote.valueWei + quote.worstCaseFeeWei]);
        if (quote.valueWei > 30_000_000n * 1_000_000n) {
          throw Object.assign(new Error('above the cap'), { code: 'PER_TX_LIMIT_EXCEEDED' });
        }
      },
    });
    await expect(service.create({ input: testInput({ amountPerFill: 40_000_000n }) })).rejects.toMatchObject({
      code: 'PER_TX_LIMIT_EXCEEDED',
    });
    expect((await store.listOrders({ limit: 10 })).items).toEqual([]);
    expect(await service.create({ input: testInput({ maxTotalIn: 10_000_000n }) })).toMatchObject({
      status: 'active',
    });
    expect(seen).toEqual([
      [40_000_000n, 40_000_000n, 40_000_000n * 1_000_000n + 1_000_000_000n],
      [25_000_000n, 10_000_000n, 10_000_000n * 1_000_000n + 1_000_000_000n],
    ]);
    // A fill not worth its gas is refused by the fee rule first: the check is not asked.
    venue.quoteOf = (amountIn) => ({ amountOut: amountIn, valueWei: 1n, worstCaseFeeWei: 10n });
    await expect(service.create({ input: testInput() })).rejects.toMatchObject({ code: 'DCA_FEE_TOO_HIGH' });
    expect(seen).toHaveLength(2);
  });

  it('shows fills and stats', async () => {
    const { service, store } = setup();
    const order = await service.create({ input: testInput() });
    await new DcaScheduler({ store, executor: new TestVenue() }).tick(T0 + 1000);
    expect((await service.fills({ orderId: order.id, limit: 5 })).items.map((f) => f.status)).toEqual([
      'filled',
    ]);
    expect(await service.stats()).toMatchObject({
      orders: { active: 1 },
      successRateBps: 10_000,
      nextRunAt: T0 + MINUTE,
    });
  });
});
