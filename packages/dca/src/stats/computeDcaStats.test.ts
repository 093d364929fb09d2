import { describe, expect, it } from 'vitest';
import { transitionOrder } from '../order/transitionOrder.js';
import { MemoryDcaStore } from '../store/MemoryDcaStore.js';
import { MINUTE, T0, testOrder, USDC, WETH } from '../testing/fixtures.js';
import type { DcaOrder, DcaTotals } from '../types.js';
import { collectDcaStats } from './collectDcaStats.js';
import { computeDcaStats } from './computeDcaStats.js';

const DAI = '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb';
const withTotals = (order: DcaOrder, totals: Partial<DcaTotals>): DcaOrder => ({
  ...order,
  totals: { ...order.totals, ...totals },
});

describe('computeDcaStats', () => {
  it('counts per status, sums per pair without mixing tokens, and gives the average price, success rate and next run', () => {
    const a = withTotals(testOrder({ firstRunAt: T0 + 5 * MINUTE }), {
      spent: 100n,
      received: 50n,
      fills: 2,
      blocked: 1,
      skipped: 4,
    });
    const b = withTotals(testOrder({ tokenIn: USDC.toLowerCase() }), {
      spent: 300n,
      received: 100n,
      fills: 3,
      failed: 1,
    });
    const c = withTotals(
      transitionOrder({ order: testOrder({ tokenOut: DAI }), command: { type: 'pause' }, now: T0 }),
      { spent: 7n, received: 7n, fills: 1 },
    );
    const d = transitionOrder({
      order: testOrder({ firstRunAt: T0 + MINUTE, tokenIn: WETH, tokenOut: USDC }),
      command: { type: 'cancel' },
      now: T0,
    });
    const stats = computeDcaStats({ orders: [a, b, c, d] });
    expect(stats.orders).toEqual({ active: 2, paused: 1, cancelled: 1, completed: 0 });
    expect(stats.fills).toEqual({ filled: 6, skipped: 4, blocked: 1, failed: 1 });
    expect(stats.pairs).toEqual([
      // A checksummed and a lower-case address are the same token: one pair.
      {
        chainId: 8453,
        tokenIn: USDC,
        tokenOut: WETH,
        orders: 2,
        spent: 400n,
        received: 150n,
        fills: 5,
        averagePrice: { numerator: 8n, denominator: 3n },
      },
      {
        chainId: 8453,
        tokenIn: USDC,
        tokenOut: DAI,
        orders: 1,
        spent: 7n,
        received: 7n,
        fills: 1,
        averagePrice: { numerator: 1n, denominator: 1n },
      },
      {
        chainId: 8453,
        tokenIn: WETH,
        tokenOut: USDC,
        orders: 1,
        spent: 0n,
        received: 0n,
        fills: 0,
        averagePrice: null,
      },
    ]);
    expect(stats.successRateBps).toBe(7500); // 6 filled of 8 attempted
    expect(stats.nextRunAt).toBe(T0); // b runs at T0; the cancelled d does not count
  });

  it('is empty without orders', () => {
    expect(computeDcaStats({ orders: [] })).toEqual({
      orders: { active: 0, paused: 0, cancelled: 0, completed: 0 },
      fills: { filled: 0, skipped: 0, blocked: 0, failed: 0 },
      pairs: [],
      successRateBps: null,
      nextRunAt: null,
    });
  });

  it('collectDcaStats reads every page of a store', async () => {
    const store = new MemoryDcaStore();
    for (let i = 0; i < 250; i++)
      await store.insertOrder(withTotals(testOrder(), { spent: 1n, received: 2n, fills: 1 }));
    const stats = await collectDcaStats({ store });
    expect(stats.orders.active).toBe(250);
    expect(stats.pairs[0]).toMatchObject({ orders: 250, spent: 250n, received: 500n });
  });
});
