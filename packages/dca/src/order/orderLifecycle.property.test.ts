// Random sequences of user commands, scheduler ticks and fill outcomes through the pure core, as the scheduler
// composes it: no sequence reaches an invalid state, terminal states stay terminal, slots only move forward and
// resume never schedules a slot in the past.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BaseError } from '../errors/BaseError.js';
import { planDueSlots } from '../schedule/planDueSlots.js';
import { slotTime } from '../schedule/slotTime.js';
import { T0, testOrder } from '../testing/fixtures.js';
import type { DcaFill } from '../types.js';
import { advanceSchedule } from './advanceSchedule.js';
import { applyFillOutcome } from './applyFillOutcome.js';
import { checkOrderInvariants } from './checkOrderInvariants.js';
import { fillAmount } from './fillAmount.js';
import { newFill } from './newFill.js';
import { transitionOrder } from './transitionOrder.js';

type Outcome =
  | { kind: 'filled'; share: number }
  | { kind: 'skipped' | 'failed' | 'open' }
  | { kind: 'blocked'; code: string };

type Step =
  | { type: 'pause' | 'resume' | 'cancel'; dt: number }
  | { type: 'tick'; dt: number; outcome: Outcome }
  | { type: 'settle'; dt: number; outcome: Outcome };

const OUTCOME: fc.Arbitrary<Outcome> = fc.oneof(
  fc.record({ kind: fc.constant('filled' as const), share: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constantFrom('skipped' as const, 'failed' as const, 'open' as const) }),
  fc.record({
    kind: fc.constant('blocked' as const),
    code: fc.constantFrom(
      'DAILY_LIMIT_EXCEEDED',
      'TOKEN_UNSAFE',
      'INSUFFICIENT_BALANCE',
      'PER_TX_LIMIT_EXCEEDED',
      'X',
    ),
  }),
);
const DT = fc.integer({ min: 0, max: 10 * 60_000 });
const STEP: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ type: fc.constantFrom('pause' as const, 'resume' as const, 'cancel' as const), dt: DT }),
  fc.record({ type: fc.constant('tick' as const), dt: DT, outcome: OUTCOME }),
  fc.record({ type: fc.constant('settle' as const), dt: DT, outcome: OUTCOME }),
);

function finish(fill: DcaFill, outcome: Outcome, now: number): DcaFill {
  switch (outcome.kind) {
    case 'filled': {
      const amountIn = (fill.amountIn * BigInt(outcome.share)) / 100n || 1n;
      return { ...fill, status: 'filled', amountIn, amountOut: amountIn * 3n, txHash: '0x1', updatedAt: now };
    }
    case 'open':
      return { ...fill, status: 'pending', updatedAt: now };
    case 'blocked':
      return { ...fill, status: 'blocked', code: outcome.code, reason: 'r', updatedAt: now };
    default:
      return { ...fill, status: outcome.kind, code: 'C', reason: 'r', updatedAt: now };
  }
}

describe('order lifecycle properties', () => {
  it('no sequence of commands and fills reaches an invalid state; terminal stays terminal', () => {
    // Non-vacuity: the runs must reach every state and every kind of move.
    const seen = new Map<string, number>();
    const see = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
    fc.assert(
      fc.property(
        fc.record({
          maxFills: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
          maxTotalIn: fc.option(fc.bigInt({ min: 1n, max: 400n }), { nil: null }),
          amountPerFill: fc.bigInt({ min: 1n, max: 200n }),
          catchUp: fc.constantFrom('skip' as const, 'once' as const),
        }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(STEP, { maxLength: 60 }),
        (input, maxConsecutiveFailures, steps) => {
          let order = testOrder(input);
          let now = T0;
          let open: DcaFill | null = null;
          const slots = new Set<number>();
          for (const step of steps) {
            now += step.dt;
            const before = order;
            if (step.type === 'pause' || step.type === 'resume' || step.type === 'cancel') {
              try {
                order = transitionOrder({ order, command: { type: step.type }, now });
              } catch (error) {
                expect((error as BaseError).code).toBe('DCA_INVALID_TRANSITION');
                expect(order).toBe(before);
              }
              if (step.type === 'resume' && order !== before) {
                expect(order.nextRunAt as number).toBeGreaterThanOrEqual(now); // never a slot in the past
              }
            } else if (step.type === 'settle') {
              if (open === null) continue;
              const fill = finish(open, step.outcome, now);
              order = applyFillOutcome({ order, fill, now, maxConsecutiveFailures, recheckAt: now }).order;
              open = fill.status === 'pending' ? fill : null;
            } else {
              if (order.status !== 'active' || open !== null || (order.nextRunAt as number) > now) continue;
              const schedule = { start: order.firstRunAt, interval: order.interval };
              const plan = planDueSlots({
                schedule,
                nextSlot: order.nextSlot,
                catchUp: order.catchUp,
                now,
                graceMs: 60_000,
              });
              const amountIn = fillAmount(order);
              expect(amountIn).toBeGreaterThan(0n); // an active order always has something left to buy
              let next = advanceSchedule({ order, plan, now });
              for (const slot of plan.missedSlots) {
                expect(slots.has(slot)).toBe(false);
                slots.add(slot);
              }
              if (plan.fillSlot !== null) {
                expect(slots.has(plan.fillSlot)).toBe(false);
                slots.add(plan.fillSlot);
                expect(slotTime({ schedule, slot: plan.fillSlot })).toBeLessThanOrEqual(now);
                const fill = finish(
                  newFill({ order, slot: plan.fillSlot, status: 'running', amountIn, now }),
                  (step as Extract<Step, { type: 'tick' }>).outcome,
                  now,
                );
                next = applyFillOutcome({
                  order: next,
                  fill,
                  now,
                  maxConsecutiveFailures,
                  recheckAt: now,
                }).order;
                open = fill.status === 'pending' ? fill : null;
              }
              order = next;
            }
            expect(checkOrderInvariants(order)).toEqual([]);
            if (order.status !== before.status) see(`${before.status}->${order.status}`);
            if (order.pausedReason !== null) see(order.pausedReason.code);
            if (open !== null) see('open');
            expect(order.nextSlot).toBeGreaterThanOrEqual(before.nextSlot);
            if (before.status === 'cancelled' || before.status === 'completed')
              expect(order.status).toBe(before.status);
          }
        },
      ),
      { numRuns: 1000 },
    );
    for (const move of [
      'active->paused',
      'paused->active',
      'active->cancelled',
      'paused->cancelled',
      'active->completed',
      'TOKEN_UNSAFE',
      'INSUFFICIENT_BALANCE',
      'CONSECUTIVE_FAILURES',
      'PAUSED_BY_USER',
      'open',
    ]) {
      expect(seen.get(move) ?? 0, move).toBeGreaterThan(10);
    }
  });
});
