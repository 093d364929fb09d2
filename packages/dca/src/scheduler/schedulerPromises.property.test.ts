// Random runs of the real scheduler over the memory store and the test venue — ticks at random times (restarts
// included), fill outcomes, user commands at any point, during a fill's approval wait too — and two promises:
// - no transaction of a fill is signed after its order left `active`;
// - every due slot either fills, is skipped with a reason, or is missed with a reason: none disappears.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DcaExecution } from '../DcaExecutor.js';
import { type DcaCommand, transitionOrder } from '../order/transitionOrder.js';
import { MemoryDcaStore } from '../store/MemoryDcaStore.js';
import { MINUTE, T0, testOrder } from '../testing/fixtures.js';
import { TestVenue, type VenueOutcome } from '../testing/TestVenue.js';
import type { DcaOrder } from '../types.js';
import { DcaScheduler } from './DcaScheduler.js';

type Command = DcaCommand['type'];
type Kind = 'filled' | 'failed' | 'blocked' | 'unreachable' | 'lost' | 'pending' | 'dear';
interface Step {
  /** Minutes (slots of the 60 s order) since the previous tick, plus seconds. */
  readonly gap: number;
  readonly seconds: number;
  readonly restart: boolean;
  readonly outcome: Kind;
  /** A command before the tick, during the fill's wait before its swap, or after the hand-over. */
  readonly command: { readonly type: Command; readonly when: 'before' | 'waiting' | 'signed' } | null;
  /** The venue's reconciler settles what it left pending. */
  readonly settle: boolean;
}

const STEP: fc.Arbitrary<Step> = fc.record({
  gap: fc.oneof(fc.constant(0), fc.constant(1), fc.integer({ min: 0, max: 12 })),
  seconds: fc.integer({ min: 0, max: 59 }),
  restart: fc.boolean(),
  outcome: fc.constantFrom<Kind>(
    'filled',
    'filled',
    'failed',
    'blocked',
    'unreachable',
    'lost',
    'pending',
    'dear',
  ),
  command: fc.option(
    fc.record({
      type: fc.constantFrom<Command>('pause', 'resume', 'resume', 'cancel'),
      when: fc.constantFrom('before' as const, 'waiting' as const, 'signed' as const),
    }),
    { freq: 3 },
  ),
  settle: fc.boolean(),
});

function outcomeOf(kind: Kind, amountIn: bigint, slot: number): VenueOutcome {
  const filled: DcaExecution = { status: 'filled', amountIn, amountOut: amountIn * 2n, txHash: `0x${slot}` };
  switch (kind) {
    case 'filled':
    case 'dear':
      return filled;
    case 'failed':
      return { status: 'failed', code: 'TX_REVERTED', reason: 'reverted', txHash: `0xf${slot}` };
    case 'blocked':
      return { status: 'blocked', code: 'DAILY_LIMIT_EXCEEDED', reason: 'cap' };
    case 'unreachable':
      return { status: 'unreachable' };
    case 'lost':
      return { status: 'lost', result: filled };
    case 'pending':
      return { status: 'pending', amountIn, txHash: `0xp${slot}` };
  }
}

async function runScenario(steps: readonly Step[], catchUp: 'skip' | 'once') {
  const store = new MemoryDcaStore();
  const venue = new TestVenue();
  const order = testOrder({ catchUp, maxFills: 40 }, { id: 'order-prop' });
  await store.insertOrder(order);
  const make = () =>
    new DcaScheduler({ store, executor: venue, owner: 'a', graceMs: 90_000, pendingRecheckMs: 1_000 });
  let scheduler = make();
  /** The order's status each time a swap was handed over (signed). */
  const signedWhile: string[] = [];
  /** Slots a resume passed over (the order was paused when they fell due: not due). */
  const notDue = new Set<number>();
  let commandAt = T0;
  const command = async (type: Command, now: number) => {
    const current = (await store.getOrder(order.id)) as DcaOrder;
    let next: DcaOrder;
    try {
      next = transitionOrder({ order: current, command: { type }, now });
    } catch {
      return; // not allowed from this state
    }
    await store.commit({ order: next, expected: { status: current.status, version: current.version } });
    if (type === 'resume') for (let s = current.nextSlot; s < next.nextSlot; s++) notDue.add(s);
  };
  let now = T0;
  let step: Step | undefined;
  venue.beforeHandOver = async () => {
    if (step?.command?.when === 'waiting') await command(step.command.type, commandAt);
  };
  venue.onHandOver = async (p) => {
    signedWhile.push(((await store.getOrder(p.order.id)) as DcaOrder).status);
    if (step?.command?.when === 'signed') await command(step.command.type, commandAt);
  };
  for (step of steps) {
    now += step.gap * MINUTE + step.seconds * 1000;
    commandAt = now;
    if (step.restart) scheduler = make();
    const kind = step.outcome;
    venue.quoteOf = (amountIn) => ({
      amountOut: amountIn * 2n,
      valueWei: amountIn * 1_000_000n,
      worstCaseFeeWei: kind === 'dear' ? 10n ** 30n : 1_000_000_000n,
    });
    venue.defaultOutcome = (p) => outcomeOf(kind, p.amountIn, p.slot);
    if (step.command?.when === 'before') await command(step.command.type, now);
    if (step.settle) {
      for (const [key, e] of venue.executions) {
        if (e.status === 'pending')
          venue.settle(key, { status: 'filled', amountIn: e.amountIn, amountOut: 1n, txHash: '0xs' });
      }
    }
    await scheduler.tick(now);
  }
  return { store, venue, order, signedWhile, notDue };
}

describe('the scheduler keeps its promises over random runs', () => {
  it('no transaction of a fill is signed after its order left active', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(STEP, { minLength: 1, maxLength: 25 }),
        fc.constantFrom('skip' as const, 'once' as const),
        async (steps, catchUp) => {
          const { store, venue, order, signedWhile } = await runScenario(steps, catchUp);
          expect(signedWhile.every((status) => status === 'active')).toBe(true);
          // A fill settled because its order stopped never swapped.
          const fills = (await store.listFills({ orderId: order.id, limit: 100 })).items;
          for (const fill of fills) {
            if (fill.code === 'DCA_ORDER_PAUSED' || fill.code === 'DCA_ORDER_CANCELLED') {
              expect(venue.swaps.get(fill.idempotencyKey)).toBeUndefined();
            }
          }
          expect(venue.doubleSwaps()).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('every due slot either fills, is skipped with a reason, or is missed with a reason — none disappears', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(STEP, { minLength: 1, maxLength: 25 }),
        fc.constantFrom('skip' as const, 'once' as const),
        async (steps, catchUp) => {
          const { store, order, notDue } = await runScenario(steps, catchUp);
          const final = (await store.getOrder(order.id)) as DcaOrder;
          const fills = new Map(
            (await store.listFills({ orderId: order.id, limit: 100 })).items.map((f) => [f.slot, f]),
          );
          for (let slot = 0; slot < final.nextSlot; slot++) {
            const fill = fills.get(slot);
            if (fill === undefined) {
              expect(notDue.has(slot), `slot ${slot} disappeared`).toBe(true);
              continue;
            }
            if (fill.status === 'running' || fill.status === 'pending') {
              expect(final.openSlot).toBe(slot);
            } else if (fill.status === 'filled') {
              expect(fill.txHash).not.toBeNull();
            } else {
              expect(fill.code).toMatch(/^[A-Z_]+$/);
              expect(fill.reason?.length ?? 0).toBeGreaterThan(0);
            }
          }
          // The totals count every settled record once.
          const settled = [...fills.values()];
          const count = (s: string) => settled.filter((f) => f.status === s).length;
          expect(final.totals).toMatchObject({
            fills: count('filled'),
            skipped: count('skipped'),
            blocked: count('blocked'),
            failed: count('failed'),
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
