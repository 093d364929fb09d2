// Test-only builders of orders and fills (valid records, overridable field by field).
import { createOrder, type DcaOrderInput } from '../order/createOrder.js';
import { newFill } from '../order/newFill.js';
import type { DcaFill, DcaFillStatus, DcaOrder } from '../types.js';

/** 2025-01-01T00:00:00Z. */
export const T0 = Date.UTC(2025, 0, 1);
export const MINUTE = 60_000;
export const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
export const WETH = '0x4200000000000000000000000000000000000006';

/** A valid order input: 25 USDC → WETH every minute. */
export function testInput(overrides: Partial<DcaOrderInput> = {}): DcaOrderInput {
  return {
    chainId: 8453,
    tokenIn: USDC,
    tokenOut: WETH,
    amountPerFill: 25_000_000n,
    interval: 60,
    slippageBps: 50,
    ...overrides,
  };
}

let sequence = 0;

/** A new active order created at `now` (default {@link T0}); a fresh id unless one is given. */
export function testOrder(
  overrides: Partial<DcaOrderInput> = {},
  { now = T0, id }: { now?: number; id?: string } = {},
): DcaOrder {
  return createOrder({
    input: testInput(overrides),
    now,
    maxSlippageBps: 300,
    id: id ?? `order-${String(++sequence).padStart(6, '0')}`,
  });
}

/** A fill of `order` at `slot` in `status` with the fields that status needs. */
export function testFill(order: DcaOrder, slot: number, status: DcaFillStatus, now = T0): DcaFill {
  const base = newFill({ order, slot, status, amountIn: order.amountPerFill, now });
  switch (status) {
    case 'filled':
      return {
        ...base,
        amountOut: 12_345_678_901_234n,
        price: { numerator: 25_000_000n, denominator: 12_345_678_901_234n },
        txHash: `0x${'ab'.repeat(32)}`,
        feeWei: 21_000n * 1_000_000_000n,
        executionId: 'exe_1',
        blockNumber: 21_000_000,
        blockHash: `0x${'cd'.repeat(32)}`,
        minAmountOut: 12_000_000_000_000n,
        quote: { amountOut: 12_400_000_000_000n, valueWei: 10n ** 16n, worstCaseFeeWei: 10n ** 13n },
      };
    case 'skipped':
    case 'blocked':
    case 'failed':
      return { ...base, code: `TEST_${status.toUpperCase()}`, reason: `a ${status} fill` };
    default:
      return { ...base, minAmountOut: 1n };
  }
}

/**
 * The order as the scheduler leaves it after taking `slot` with a fill in `status`: schedule moved past the slot,
 * an open fill marked. (State-only: no totals are changed.)
 */
export function advancedTo(order: DcaOrder, slot: number, open: boolean, now = T0): DcaOrder {
  const nextSlot = Math.max(order.nextSlot, slot + 1);
  const nextRunAt = order.firstRunAt + nextSlot * MINUTE;
  return {
    ...order,
    updatedAt: Math.max(order.updatedAt, now),
    nextSlot,
    nextRunAt: order.status === 'active' ? nextRunAt : null,
    openSlot: open ? slot : null,
    dueAt: open ? now : order.status === 'active' ? nextRunAt : null,
  };
}
