import { describe, expect, it } from 'vitest';
import { advancedTo, T0, testFill, testOrder } from '../testing/fixtures.js';
import type { DcaFill, DcaOrder } from '../types.js';
import { applyFillOutcome } from './applyFillOutcome.js';
import { checkOrderInvariants } from './checkOrderInvariants.js';
import { transitionOrder } from './transitionOrder.js';

const running = (order = testOrder()) => advancedTo(order, 0, true);
const apply = (order: DcaOrder, fill: DcaFill, max = 3) => {
  const result = applyFillOutcome({ order, fill, now: T0 + 1, maxConsecutiveFailures: max });
  expect(checkOrderInvariants(result.order)).toEqual([]);
  return result;
};
const fillOf = (order: DcaOrder, status: DcaFill['status'], code?: string): DcaFill => ({
  ...testFill(order, 0, status),
  ...(code === undefined ? {} : { code }),
});

describe('applyFillOutcome', () => {
  it('filled: totals grow, failures reset, the open slot closes, the order stays due at its next run', () => {
    const order = { ...running(), consecutiveFailures: 2 };
    const fill = fillOf(order, 'filled');
    const { order: next, paused, completed } = apply(order, fill);
    expect(next).toMatchObject({
      status: 'active',
      openSlot: null,
      dueAt: order.nextRunAt,
      consecutiveFailures: 0,
      totals: { spent: fill.amountIn, received: fill.amountOut, fills: 1 },
    });
    expect([paused, completed]).toEqual([null, false]);
  });

  it.each([
    ['DAILY_LIMIT_EXCEEDED', 'active', 0, null],
    ['KILL_SWITCH_ENGAGED', 'active', 0, null],
    ['PER_TX_LIMIT_EXCEEDED', 'active', 1, null],
    ['SOMETHING_NEW', 'active', 1, null],
    ['TOKEN_UNSAFE', 'paused', 0, 'TOKEN_UNSAFE'],
    ['TOKEN_SAFETY_UNKNOWN', 'paused', 0, 'TOKEN_UNSAFE'],
    ['INSUFFICIENT_BALANCE', 'paused', 0, 'INSUFFICIENT_BALANCE'],
  ])('blocked %s → %s (failures %i, pause %s)', (code, status, failures, pause) => {
    const order = running();
    const { order: next, paused } = apply(order, fillOf(order, 'blocked', code));
    expect(next).toMatchObject({
      status,
      consecutiveFailures: failures,
      totals: { blocked: 1 },
      lastError: { code },
    });
    expect(paused?.code ?? null).toBe(pause);
  });

  it('the Nth failure in a row pauses with CONSECUTIVE_FAILURES', () => {
    const order = { ...running(), consecutiveFailures: 2 };
    const { order: next, paused } = apply(order, fillOf(order, 'failed', 'TX_REVERTED'));
    expect(next).toMatchObject({ status: 'paused', consecutiveFailures: 3, nextRunAt: null, dueAt: null });
    expect(paused).toMatchObject({ code: 'CONSECUTIVE_FAILURES', fillCode: 'TX_REVERTED', slot: 0 });
  });

  it('the limit reached completes the order, also when it was paused while the fill was in flight', () => {
    const order = running(testOrder({ maxFills: 1 }));
    expect(apply(order, fillOf(order, 'filled'))).toMatchObject({
      completed: true,
      order: { status: 'completed', dueAt: null },
    });
    const paused = transitionOrder({ order, command: { type: 'pause' }, now: T0 });
    expect(apply(paused, fillOf(paused, 'filled'))).toMatchObject({
      completed: true,
      order: { status: 'completed', pausedReason: null },
    });
  });

  it('a cancelled order counts a late fill but stays cancelled; a failure never pauses it', () => {
    const order = transitionOrder({
      order: running(testOrder({ maxFills: 1 })),
      command: { type: 'cancel' },
      now: T0,
    });
    expect(apply(order, fillOf(order, 'filled')).order).toMatchObject({
      status: 'cancelled',
      totals: { fills: 1 },
      openSlot: null,
      dueAt: null,
    });
    expect(apply(order, fillOf(order, 'failed'), 1).order.status).toBe('cancelled');
  });

  it('pending keeps the slot open and sets the re-check; skipped only counts', () => {
    const order = running();
    const pending = applyFillOutcome({
      order,
      fill: fillOf(order, 'pending'),
      now: T0 + 1,
      maxConsecutiveFailures: 3,
      recheckAt: T0 + 99,
    });
    expect(pending.order).toMatchObject({ openSlot: 0, dueAt: T0 + 99, totals: order.totals });
    expect(apply(order, fillOf(order, 'skipped')).order).toMatchObject({
      status: 'active',
      totals: { skipped: 1 },
      consecutiveFailures: 0,
    });
  });

  describe('a remainder too small to fill (M11)', () => {
    const dust = (
      order: DcaOrder,
      status: DcaFill['status'] = 'skipped',
      code = 'DCA_REMAINDER_TOO_SMALL',
    ) => ({
      ...fillOf(order, status, code),
      reason: 'What maxTotalIn leaves (1 base units) is not worth its gas: the order is complete.',
      amountIn: 1n,
    });
    const nearlySpent = (status: 'active' | 'paused' = 'active') => {
      const base = running(testOrder({ amountPerFill: 100n, maxTotalIn: 201n }));
      const order = { ...base, totals: { ...base.totals, spent: 200n, fills: 2 } };
      return status === 'active'
        ? order
        : { ...transitionOrder({ order, command: { type: 'pause' }, now: T0 }) };
    };

    it('a skipped DCA_REMAINDER_TOO_SMALL completes the order and says why', () => {
      const { order, completed } = apply(nearlySpent(), dust(nearlySpent()));
      expect(completed).toBe(true);
      expect(order).toMatchObject({
        status: 'completed',
        nextRunAt: null,
        dueAt: null,
        lastError: {
          code: 'DCA_REMAINDER_TOO_SMALL',
          slot: 0,
          at: T0 + 1,
          reason: expect.stringMatching(/not worth/),
        },
        totals: { skipped: 1, spent: 200n },
      });
    });

    it('also from paused (the fill was in flight at the pause)', () => {
      const { order, completed } = apply(nearlySpent('paused'), dust(nearlySpent('paused')));
      expect([order.status, completed]).toEqual(['completed', true]);
    });

    it('another skip code, or another status with that code, does not complete', () => {
      expect(apply(nearlySpent(), dust(nearlySpent(), 'skipped', 'DCA_FEE_TOO_HIGH')).order.status).toBe(
        'active',
      );
      const failed = applyFillOutcome({
        order: nearlySpent(),
        fill: dust(nearlySpent(), 'failed'),
        now: T0 + 1,
        maxConsecutiveFailures: 3,
      });
      expect([failed.order.status, failed.completed]).toEqual(['active', false]);
    });

    it('a fill that reaches the limit itself keeps the last error as it was', () => {
      const order = { ...nearlySpent(), lastError: null };
      const filled = { ...fillOf(order, 'filled'), amountIn: 1n, code: 'DCA_REMAINDER_TOO_SMALL' };
      expect(apply(order, filled).order).toMatchObject({ status: 'completed', lastError: null });
    });
  });
});
