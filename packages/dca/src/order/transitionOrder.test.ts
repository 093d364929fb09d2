import { describe, expect, it } from 'vitest';
import { MINUTE, T0, testOrder } from '../testing/fixtures.js';
import type { DcaOrder, DcaOrderStatus } from '../types.js';
import { checkOrderInvariants } from './checkOrderInvariants.js';
import { type DcaCommand, transitionOrder } from './transitionOrder.js';

const inState = (status: DcaOrderStatus): DcaOrder => {
  const order = testOrder();
  if (status === 'active') return order;
  if (status === 'completed') {
    return {
      ...order,
      status,
      nextRunAt: null,
      dueAt: null,
      maxFills: 1,
      totals: { ...order.totals, fills: 1 },
    };
  }
  return transitionOrder({ order, command: { type: status === 'paused' ? 'pause' : 'cancel' }, now: T0 });
};

const ALLOWED: Record<DcaOrderStatus, Partial<Record<DcaCommand['type'], DcaOrderStatus>>> = {
  active: { pause: 'paused', cancel: 'cancelled' },
  paused: { resume: 'active', cancel: 'cancelled' },
  cancelled: {},
  completed: {},
};

describe('transitionOrder: the state table', () => {
  for (const from of ['active', 'paused', 'cancelled', 'completed'] as const) {
    for (const type of ['pause', 'resume', 'cancel'] as const) {
      const to = ALLOWED[from][type];
      it(`${from} --${type}--> ${to ?? 'DCA_INVALID_TRANSITION'}`, () => {
        const order = inState(from);
        expect(checkOrderInvariants(order)).toEqual([]);
        const run = () => transitionOrder({ order, command: { type }, now: T0 + MINUTE });
        if (to === undefined) {
          expect(run).toThrow(
            expect.objectContaining({ code: 'DCA_INVALID_TRANSITION', from, command: type }),
          );
        } else {
          const next = run();
          expect(next.status).toBe(to);
          expect(next.updatedAt).toBe(T0 + MINUTE);
          expect(checkOrderInvariants(next)).toEqual([]);
        }
      });
    }
  }

  it('refuses an unknown command', () => {
    expect(() =>
      transitionOrder({ order: testOrder(), command: { type: 'complete' } as never, now: T0 }),
    ).toThrow(expect.objectContaining({ code: 'DCA_INVALID_TRANSITION' }));
  });

  it('refuses a missing command as an invalid transition, not a crash', () => {
    for (const command of [undefined, null]) {
      expect(() => transitionOrder({ order: testOrder(), command: command as never, now: T0 })).toThrow(
        expect.objectContaining({ code: 'DCA_INVALID_TRANSITION', command: 'undefined' }),
      );
    }
  });

  it('pause records who paused; resume clears it, resets the failure count and runs from the next slot after now', () => {
    const order = { ...testOrder(), consecutiveFailures: 2 };
    const paused = transitionOrder({ order, command: { type: 'pause' }, now: T0 + 10 });
    expect(paused).toMatchObject({
      nextRunAt: null,
      dueAt: null,
      pausedReason: { code: 'PAUSED_BY_USER', at: T0 + 10 },
    });
    const resumed = transitionOrder({ order: paused, command: { type: 'resume' }, now: T0 + 7 * MINUTE + 1 });
    expect(resumed).toMatchObject({
      status: 'active',
      nextSlot: 8,
      nextRunAt: T0 + 8 * MINUTE,
      dueAt: T0 + 8 * MINUTE,
      consecutiveFailures: 0,
      pausedReason: null,
    });
    // Exactly on a slot: that slot (it is not in the past).
    expect(
      transitionOrder({ order: paused, command: { type: 'resume' }, now: T0 + 7 * MINUTE }).nextSlot,
    ).toBe(7);
  });

  it('resume before the first run keeps the first run; a pause over an open fill keeps its re-check', () => {
    const future = transitionOrder({
      order: testOrder({ firstRunAt: T0 + 9 * MINUTE }),
      command: { type: 'pause' },
      now: T0,
    });
    expect(transitionOrder({ order: future, command: { type: 'resume' }, now: T0 + 1 }).nextRunAt).toBe(
      T0 + 9 * MINUTE,
    );
    const open = { ...testOrder(), nextSlot: 1, nextRunAt: T0 + MINUTE, openSlot: 0, dueAt: T0 + 5 };
    expect(transitionOrder({ order: open, command: { type: 'pause' }, now: T0 + 6 })).toMatchObject({
      dueAt: T0 + 5,
      openSlot: 0,
    });
    expect(transitionOrder({ order: open, command: { type: 'cancel' }, now: T0 + 6 })).toMatchObject({
      dueAt: T0 + 5,
      openSlot: 0,
    });
  });
});
