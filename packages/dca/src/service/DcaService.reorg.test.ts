import { describe, expect, it } from 'vitest';
import { DcaScheduler } from '../scheduler/DcaScheduler.js';
import { MemoryDcaStore } from '../store/MemoryDcaStore.js';
import { MINUTE, T0, testOrder } from '../testing/fixtures.js';
import { TestVenue } from '../testing/TestVenue.js';
import type { DcaOrder } from '../types.js';
import { DcaService } from './DcaService.js';

// Issue 32: a fill whose swap's block was reorganized away. Its execution is pending again (the gateway re-broadcasts
// the same signed swap); the fill is re-opened, no longer counted, followed again by the scheduler (lookup with the
// same key, never a second execute) and counted once when the swap settles again.
describe('DcaService.reopenReorgedFill', () => {
  it('a filled fill reorganized out is re-opened, uncounted, followed again and counted once; no second swap', async () => {
    const store = new MemoryDcaStore();
    const venue = new TestVenue();
    let now = T0 + 5_000;
    const scheduler = new DcaScheduler({ store, executor: venue, owner: 'a', pendingRecheckMs: 1_000 });
    const service = new DcaService({ store, maxSlippageBps: 300, now: () => now });
    const order = testOrder({}, { now: T0 });
    await store.insertOrder(order);
    await scheduler.tick(now);
    const get = async () => (await store.getOrder(order.id)) as DcaOrder;
    const filled = await store.getFill(order.id, 0);
    expect(filled).toMatchObject({ status: 'filled' });
    const counted = (await get()).totals;
    expect(counted).toMatchObject({ fills: 1, spent: order.amountPerFill });
    const key = `dca:${order.id}:0`;

    // The gateway's reconciler put the swap back to pending (its block is gone).
    venue.settle(key, { status: 'pending', amountIn: order.amountPerFill, txHash: filled?.txHash as string });
    now += 10_000;
    const reopened = await service.reopenReorgedFill({ orderId: order.id, slot: 0 });
    expect(reopened).toMatchObject({ status: 'pending', code: 'REORGED', amountOut: null });
    expect((await get()).totals).toMatchObject({ fills: 0, spent: 0n, received: 0n });
    expect((await get()).openSlot).toBe(0);
    // Once: a second report finds nothing filled to re-open.
    expect(await service.reopenReorgedFill({ orderId: order.id, slot: 0 })).toBeNull();

    // Followed again while pending: not counted.
    await scheduler.tick(now);
    expect((await store.getFill(order.id, 0))?.status).toBe('pending');
    expect((await get()).totals.fills).toBe(0);

    // Mined again (the same swap): counted once.
    venue.settle(key, {
      status: 'filled',
      amountIn: order.amountPerFill,
      amountOut: filled?.amountOut as bigint,
      txHash: filled?.txHash as string,
    });
    now += 2_000;
    await scheduler.tick(now);
    expect(await store.getFill(order.id, 0)).toMatchObject({ status: 'filled', code: null });
    expect((await get()).totals).toEqual(counted);
    expect(venue.count('execute')).toBe(1);
    expect(venue.doubleSwaps()).toEqual([]);
    expect(now).toBeLessThan(T0 + MINUTE); // slot 1 not yet due: only slot 0 moved
  });
});
