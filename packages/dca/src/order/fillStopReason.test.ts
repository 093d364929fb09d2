import { describe, expect, it } from 'vitest';
import { fillStopReason } from './fillStopReason.js';

const open = (status: 'active' | 'paused' | 'cancelled' | 'completed', openSlot: number | null = 4) => ({
  status,
  openSlot,
});
const late = (lateMs: number, catchUp: 'skip' | 'once' = 'skip') => ({
  scheduledAt: 1_000_000,
  now: 1_000_000 + lateMs,
  graceMs: 30_000,
  catchUp,
});

describe('fillStopReason (M1: a fill sends only for an active order whose open fill it is)', () => {
  it('an active order whose open fill it is may send', () => {
    expect(fillStopReason({ order: open('active'), slot: 4 })).toBeNull();
  });

  it.each([
    ['paused', 'DCA_ORDER_PAUSED', /paused/],
    ['cancelled', 'DCA_ORDER_CANCELLED', /cancelled/],
    ['completed', 'DCA_ORDER_COMPLETED', /completed/],
  ] as const)('%s → %s, with a reason', (status, code, reason) => {
    const stop = fillStopReason({ order: open(status), slot: 4 });
    expect(stop?.code).toBe(code);
    expect(stop?.reason).toMatch(reason);
    expect(stop?.reason).toMatch(/before the fill sent anything/);
  });

  it('a fill that is no longer the open one: DCA_FILL_SUPERSEDED', () => {
    expect(fillStopReason({ order: open('active', 5), slot: 4 })).toMatchObject({
      code: 'DCA_FILL_SUPERSEDED',
      reason: expect.stringMatching(/no longer the order's open fill/),
    });
    expect(fillStopReason({ order: open('active', null), slot: 4 })?.code).toBe('DCA_FILL_SUPERSEDED');
  });

  it('executed again past the grace under catch-up skip: DCA_SLOT_EXPIRED, saying how late', () => {
    const stop = fillStopReason({ order: open('active'), slot: 4, lateness: late(30_001) });
    expect(stop).toEqual({
      code: 'DCA_SLOT_EXPIRED',
      reason: 'The fill would run 30 s after its slot, past the 30 s grace (catch-up: skip).',
    });
    expect(
      fillStopReason({ order: open('active'), slot: 4, lateness: { ...late(95_000), graceMs: 60_000 } })
        ?.reason,
    ).toBe('The fill would run 95 s after its slot, past the 60 s grace (catch-up: skip).');
  });

  it('at the grace, or under catch-up once, it may run again', () => {
    expect(fillStopReason({ order: open('active'), slot: 4, lateness: late(30_000) })).toBeNull();
    expect(fillStopReason({ order: open('active'), slot: 4, lateness: late(10 ** 9, 'once') })).toBeNull();
  });

  it('the order stopping outranks lateness', () => {
    expect(fillStopReason({ order: open('paused'), slot: 4, lateness: late(10 ** 9) })?.code).toBe(
      'DCA_ORDER_PAUSED',
    );
  });
});
