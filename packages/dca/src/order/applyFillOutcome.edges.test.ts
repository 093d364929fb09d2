import { describe, expect, it } from 'vitest';
import { advancedTo, MINUTE, T0, testFill, testOrder } from '../testing/fixtures.js';
import type { DcaFill, DcaOrder } from '../types.js';
import { applyFillOutcome } from './applyFillOutcome.js';
import { checkOrderInvariants } from './checkOrderInvariants.js';
import { transitionOrder } from './transitionOrder.js';

// The edges of a fill's outcome the main test does not reach: a fill left open, a fill of another slot than the open
// one, an error without code or reason, a 'wait' block on an order already at its failure limit, and the
// `completed` flag of every path that does not complete.
const apply = (order: DcaOrder, fill: DcaFill, extra: { max?: number; recheckAt?: number } = {}) => {
  const result = applyFillOutcome({
    order,
    fill,
    now: T0 + 1,
    maxConsecutiveFailures: extra.max ?? 3,
    ...(extra.recheckAt === undefined ? {} : { recheckAt: extra.recheckAt }),
  });
  expect(checkOrderInvariants(result.order)).toEqual([]);
  return result;
};

describe('applyFillOutcome: edges', () => {
  it.each(['running', 'pending'] as const)(
    'a %s fill stays open: the slot is marked, due again at the re-check, nothing counted, not completed',
    (status) => {
      const order = advancedTo(testOrder(), 0, false);
      const fill = { ...testFill(order, 0, 'running'), status };
      const { order: next, paused, completed } = apply(order, fill, { recheckAt: T0 + 5 * MINUTE });
      expect(next).toMatchObject({
        status: 'active',
        openSlot: 0,
        dueAt: T0 + 5 * MINUTE,
        updatedAt: T0 + 1,
        totals: order.totals,
        consecutiveFailures: 0,
      });
      expect([paused, completed]).toEqual([null, false]);
    },
  );

  it('an open fill re-checks at once by default', () => {
    const order = advancedTo(testOrder(), 0, false);
    expect(apply(order, testFill(order, 0, 'running')).order.dueAt).toBe(T0 + 1);
  });

  it('the outcome of another slot than the open one leaves the open fill and its re-check time alone', () => {
    const open = advancedTo(testOrder(), 0, true, T0 + 7);
    const order = advancedTo(open, 1, false);
    const withOpen = { ...order, openSlot: 0, dueAt: T0 + 7 };
    const { order: next, completed } = apply(withOpen, testFill(withOpen, 1, 'filled'));
    expect(next).toMatchObject({ status: 'active', openSlot: 0, dueAt: T0 + 7 });
    expect(completed).toBe(false);
  });

  it('a failure without a code or a reason is recorded as UNKNOWN with an empty reason; one with them keeps them', () => {
    const order = advancedTo(testOrder(), 0, true);
    const bare = { ...testFill(order, 0, 'failed'), code: null, reason: null };
    expect(apply(order, bare).order.lastError).toEqual({ code: 'UNKNOWN', reason: '', slot: 0, at: T0 + 1 });
    const told = { ...testFill(order, 0, 'failed'), code: 'SWAP_REVERTED', reason: 'the swap reverted' };
    expect(apply(order, told).order.lastError).toEqual({
      code: 'SWAP_REVERTED',
      reason: 'the swap reverted',
      slot: 0,
      at: T0 + 1,
    });
  });

  it('a block that waits does not spare an order already at its failure limit (a lowered limit): it pauses', () => {
    const order = { ...advancedTo(testOrder(), 0, true), consecutiveFailures: 2 };
    const fill = { ...testFill(order, 0, 'blocked'), code: 'DAILY_LIMIT_EXCEEDED' };
    const { order: next, paused } = apply(order, fill, { max: 2 });
    expect(next.consecutiveFailures).toBe(2);
    expect(paused).toMatchObject({ code: 'CONSECUTIVE_FAILURES', fillCode: 'DAILY_LIMIT_EXCEEDED' });
    expect(next.status).toBe('paused');
  });

  it('a fill finishing on a cancelled order counts, keeps it cancelled and does not complete it', () => {
    const order = advancedTo(testOrder(), 0, true);
    const cancelled = transitionOrder({ order, command: { type: 'cancel' }, now: T0 + 1 });
    const { order: next, paused, completed } = apply(cancelled, testFill(cancelled, 0, 'filled'));
    expect(next).toMatchObject({ status: 'cancelled', openSlot: null, dueAt: null, totals: { fills: 1 } });
    expect([paused, completed]).toEqual([null, false]);
  });
});
