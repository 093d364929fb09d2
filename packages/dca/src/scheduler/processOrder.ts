import type { DcaExecution, DcaExecutor } from '../DcaExecutor.js';
import { BaseError } from '../errors/BaseError.js';
import { DcaExecutorError } from '../errors/DcaExecutorError.js';
import { DcaFillStoppedError } from '../errors/DcaFillStoppedError.js';
import { DcaStoreError } from '../errors/DcaStoreError.js';
import { checkFillWorthGas } from '../fees/checkFillWorthGas.js';
import { advanceSchedule } from '../order/advanceSchedule.js';
import { applyFillOutcome } from '../order/applyFillOutcome.js';
import { blockEffectOf, type DcaBlockEffect } from '../order/blockEffects.js';
import { fillAmount } from '../order/fillAmount.js';
import { type DcaFillStop, fillStopReason } from '../order/fillStopReason.js';
import { newFill } from '../order/newFill.js';
import { priceOf } from '../price/priceOf.js';
import { ceilDiv, comparePrices } from '../price/ratio.js';
import { planDueSlots } from '../schedule/planDueSlots.js';
import type { DcaStore, DcaWrite } from '../store/DcaStore.js';
import type { DcaFill, DcaFillStatus, DcaOrder, DcaQuote } from '../types.js';
import type { DcaEvent } from './DcaEvent.js';
import { callExecutor } from './callExecutor.js';
import { claimBeforeSend } from './claimBeforeSend.js';
import { fillFromExecution } from './fillFromExecution.js';
import { outcomeEvents } from './outcomeEvents.js';

/** Counts of one tick. */
export interface DcaTickSummary {
  /** Orders claimed (due slots and open fills). */
  claimed: number;
  filled: number;
  /** Fills left pending (broadcast, receipt unknown) or running (outcome unknown) at the end of the tick. */
  pending: number;
  /** Skipped fills, missed slots included. */
  skipped: number;
  blocked: number;
  failed: number;
  paused: number;
  completed: number;
  /** Orders whose processing hit an infrastructure error (reported to `onError`; retried next tick). */
  errors: number;
}

/** What the per-order work needs from the scheduler. */
export interface OrderContext {
  readonly store: DcaStore;
  readonly executor: DcaExecutor;
  readonly owner: string;
  readonly graceMs: number;
  /** When the previous tick of this scheduler began (null for its first): a slot due after it is on time. */
  readonly previousTickAt: number | null;
  readonly maxConsecutiveFailures: number;
  readonly maxFeeShareBps: number;
  readonly pendingRecheckMs: number;
  readonly readTimeoutMs: number;
  readonly executeTimeoutMs: number;
  readonly blockEffects: Readonly<Record<string, DcaBlockEffect>>;
  readonly emit: (event: DcaEvent) => void;
  readonly summary: DcaTickSummary;
}

/** How often a settle is retried when a user command changed the order meanwhile. */
const MAX_SETTLE_ATTEMPTS = 5;

const expectedOf = (order: DcaOrder) => ({ status: order.status, version: order.version });
const isCode = (error: unknown, code: string) => error instanceof BaseError && error.code === code;

function describe(error: unknown): { code: string; reason: string } {
  if (error instanceof BaseError) return { code: error.code, reason: error.shortMessage };
  return { code: 'DCA_EXECUTOR_ERROR', reason: 'The executor failed.' };
}

function count(summary: DcaTickSummary, status: DcaFillStatus, n = 1): void {
  if (status === 'running' || status === 'pending') summary.pending += n;
  else if (status === 'filled') summary.filled += n;
  else summary[status] += n;
}

/**
 * Runs one claimed order: finishes its open fill if it has one (ask the executor again with the same key), then
 * its due slots (missed ones recorded as skipped; one fill at most). Every write is a compare-and-set; the last one
 * frees the lease. Returns true when a write freed the lease.
 */
export async function processOrder(ctx: OrderContext, claimed: DcaOrder, now: number): Promise<boolean> {
  let order = claimed;
  if (order.openSlot !== null) {
    const resolved = await resolveOpenFill(ctx, order, now);
    // Still open: written with a later re-check, and that write freed the lease.
    if (resolved === null) return true;
    order = resolved;
  }
  if (order.status !== 'active' || order.nextRunAt === null || order.nextRunAt > now) return false;
  return runDueSlots(ctx, order, now);
}

/** Writes `write` and emits `events` once it is stored. */
async function commit(ctx: OrderContext, write: DcaWrite, events: readonly DcaEvent[]): Promise<DcaOrder> {
  const stored = await ctx.store.commit(write);
  for (const event of events) ctx.emit(event);
  return stored;
}

async function runDueSlots(ctx: OrderContext, order: DcaOrder, now: number): Promise<boolean> {
  const schedule = { start: order.firstRunAt, interval: order.interval };
  const plan = planDueSlots({
    schedule,
    nextSlot: order.nextSlot,
    catchUp: order.catchUp,
    now,
    graceMs: ctx.graceMs,
    ...(ctx.previousTickAt === null ? {} : { onTimeAfter: ctx.previousTickAt }),
  });
  const advanced = advanceSchedule({ order, plan, now });
  const amountIn = fillAmount(order);
  const missed = plan.missedSlots.map((slot, i) =>
    newFill({
      order,
      slot,
      status: 'skipped',
      code: 'DCA_SLOT_MISSED',
      reason:
        i === 0 && plan.missedCount > plan.missedSlots.length
          ? `${MISSED_REASON} (With ${plan.missedCount - plan.missedSlots.length} earlier slots not recorded one by one.)`
          : MISSED_REASON,
      amountIn,
      now,
    }),
  );
  const missedEvents: DcaEvent[] =
    plan.missedCount === 0
      ? []
      : [
          {
            type: 'dca.skipped',
            orderId: order.id,
            slot: plan.nextSlot - plan.missedCount - (plan.fillSlot === null ? 0 : 1),
            code: 'DCA_SLOT_MISSED',
            reason: `${plan.missedCount} slot(s) passed more than the grace before a tick saw them (catch-up: ${order.catchUp}).`,
            at: now,
            fill: null,
            count: plan.missedCount,
          },
        ];
  const expected = expectedOf(order);
  const slot = plan.fillSlot;
  if (slot === null) {
    await commit(
      ctx,
      { order: advanced, expected, insertFills: missed, releaseLeaseOf: ctx.owner },
      missedEvents,
    );
    count(ctx.summary, 'skipped', plan.missedCount);
    return true;
  }

  /** Records the slot's outcome without calling `execute` (a pre-check decided it). */
  const decide = async (
    status: 'skipped' | 'blocked' | 'failed',
    code: string,
    reason: string,
    quote: DcaQuote | null = null,
  ) => {
    const fill = newFill({ order, slot, status, code, reason, amountIn, now, quote });
    const outcome = applyOutcome(ctx, advanced, fill, now);
    await commit(
      ctx,
      { order: outcome.order, expected, insertFills: [...missed, fill], releaseLeaseOf: ctx.owner },
      [...missedEvents, ...outcomeEvents(fill, outcome, now)],
    );
    count(ctx.summary, 'skipped', plan.missedCount);
    count(ctx.summary, status);
    if (outcome.paused) ctx.summary.paused++;
    return true;
  };

  // Read-only pre-checks (no slot is taken yet: a crash here leaves nothing behind).
  let quote: DcaQuote;
  try {
    const balance = await callExecutor('balance', ctx.readTimeoutMs, (signal) =>
      ctx.executor.balance({ order, signal }),
    );
    if (typeof balance !== 'bigint')
      throw new DcaExecutorError('DCA_EXECUTOR_ERROR', 'The balance is not a bigint.');
    if (balance < amountIn) {
      return decide(
        'blocked',
        'DCA_INSUFFICIENT_BALANCE',
        `The wallet holds ${balance} of ${order.tokenIn}; the fill needs ${amountIn} (base units).`,
      );
    }
    quote = checkQuote(
      await callExecutor('quote', ctx.readTimeoutMs, (signal) =>
        ctx.executor.quote({ order, amountIn, signal }),
      ),
    );
  } catch (error) {
    const { code, reason } = describe(error);
    return decide('failed', code, reason);
  }
  // The last fill, cut to what maxTotalIn leaves: too small to quote or to pay its gas, it ends the order.
  const remainder = amountIn < order.amountPerFill;
  if (quote.amountOut === 0n) {
    return remainder
      ? decide('skipped', DCA_REMAINDER_TOO_SMALL, remainderReason(amountIn, 'quotes to nothing'), quote)
      : decide('failed', 'DCA_QUOTE_EMPTY', 'The quote returns nothing.', quote);
  }
  const price = priceOf({ amountIn, amountOut: quote.amountOut });
  if (
    price !== null &&
    ((order.minPrice !== null && comparePrices(price, order.minPrice) < 0) ||
      (order.maxPrice !== null && comparePrices(price, order.maxPrice) > 0))
  ) {
    return decide(
      'skipped',
      'DCA_PRICE_OUT_OF_BAND',
      `The quoted price ${price.numerator}/${price.denominator} (token in per token out, base units) is outside the order's band.`,
      quote,
    );
  }
  const worth = checkFillWorthGas({
    valueWei: quote.valueWei,
    worstCaseFeeWei: quote.worstCaseFeeWei,
    maxFeeShareBps: ctx.maxFeeShareBps,
  });
  if (!worth.worthIt && remainder) {
    return decide(
      'skipped',
      DCA_REMAINDER_TOO_SMALL,
      remainderReason(amountIn, 'is not worth its gas'),
      quote,
    );
  }
  if (!worth.worthIt) {
    return decide(
      'skipped',
      'DCA_FEE_TOO_HIGH',
      `The worst-case fee would be ${worth.shareBps === null ? 'more than the whole value' : `${worth.shareBps / 100}% of the fill's value`}, above ${ctx.maxFeeShareBps / 100}%.`,
      quote,
    );
  }
  const bySlippage = (quote.amountOut * BigInt(10_000 - order.slippageBps)) / 10_000n;
  const byBand =
    order.maxPrice === null ? 0n : ceilDiv(amountIn * order.maxPrice.denominator, order.maxPrice.numerator);
  const minAmountOut = bySlippage > byBand ? bySlippage : byBand;

  // Take the slot: the attempt is durable BEFORE the executor is called.
  const running = newFill({ order, slot, status: 'running', amountIn, now, minAmountOut, quote });
  let stored: DcaOrder;
  try {
    stored = await commit(
      ctx,
      {
        order: applyOutcome(ctx, advanced, running, now).order,
        expected,
        insertFills: [...missed, running],
      },
      missedEvents,
    );
  } catch (error) {
    // Another instance took the slot or changed the order first: nothing was written, nothing is executed.
    if (isCode(error, 'DCA_FILL_EXISTS') || isCode(error, 'DCA_VERSION_CONFLICT')) return false;
    throw error;
  }
  count(ctx.summary, 'skipped', plan.missedCount);
  return execute(ctx, stored, running, now, true);
}

/**
 * Calls `execute` for a `running` fill, then settles what it answered. The lease is freed by the write when the
 * fill stays open, or when `release` (the end of the order's work in this tick).
 */
async function execute(
  ctx: OrderContext,
  order: DcaOrder,
  fill: DcaFill,
  now: number,
  release: boolean,
): Promise<boolean> {
  // Set when the order left `active` before a transaction of the fill was handed to the signer.
  const stopped: { stop: DcaFillStop | null } = { stop: null };
  const beforeSend = async () => {
    const stop = await claimBeforeSend({ store: ctx.store, orderId: order.id, fill, now });
    if (stop === null) return;
    stopped.stop = stop;
    throw new DcaFillStoppedError(stop);
  };
  let execution: DcaExecution;
  try {
    execution = await callExecutor('execute', ctx.executeTimeoutMs, (signal) =>
      ctx.executor.execute({
        order,
        slot: fill.slot,
        amountIn: fill.amountIn,
        idempotencyKey: fill.idempotencyKey,
        slippageBps: order.slippageBps,
        minAmountOut: fill.minAmountOut ?? 0n,
        quote: fill.quote,
        signal,
        beforeSend,
      }),
    );
  } catch (error) {
    if (stopped.stop !== null)
      return record(ctx, order, fill, stoppedFill(fill, stopped.stop, now), now, release);
    // The outcome is unknown (it may have been broadcast): keep the fill running, finish it through lookup.
    return keepOpen(ctx, order, fill, now, error);
  }
  // An executor that swallowed the stop sent nothing after it: the fill is skipped unless it reports a swap.
  if (stopped.stop !== null && (execution.status === 'blocked' || execution.status === 'failed')) {
    return record(ctx, order, fill, stoppedFill(fill, stopped.stop, now), now, release);
  }
  return settle(ctx, order, fill, execution, now, release);
}

/**
 * Finishes a fill left `running` or `pending`: its outcome from `lookup`, or `execute` again with the same key
 * when the executor never received it. Returns the order once the fill is final (lease still held), or null when it
 * is still open (written with a later re-check; lease freed).
 */
async function resolveOpenFill(ctx: OrderContext, order: DcaOrder, now: number): Promise<DcaOrder | null> {
  const fill = await ctx.store.getFill(order.id, order.openSlot as number);
  if (fill === null || (fill.status !== 'running' && fill.status !== 'pending')) {
    throw new DcaStoreError(
      'DCA_STORE_FAILURE',
      `The open fill ${order.openSlot} of DCA order ${order.id} is missing.`,
    );
  }
  let execution: DcaExecution | null;
  try {
    execution = await callExecutor('lookup', ctx.readTimeoutMs, (signal) =>
      ctx.executor.lookup({ idempotencyKey: fill.idempotencyKey, order, slot: fill.slot, signal }),
    );
  } catch (error) {
    await keepOpen(ctx, order, fill, now, error);
    return null;
  }
  if (execution === null && fill.status === 'pending') {
    // The executor once reported it broadcast: never send it again; keep asking.
    const unknown = new DcaExecutorError(
      'DCA_EXECUTOR_ERROR',
      'The executor no longer knows this pending fill.',
    );
    await keepOpen(ctx, order, fill, now, unknown);
    return null;
  }
  // Never received (null): nothing was sent under the key. It runs again (with the same key: never twice) only for
  // an order still active, within the grace its catch-up policy allows; else it is settled skipped with the reason.
  const stop =
    execution === null
      ? fillStopReason({
          order,
          slot: fill.slot,
          lateness: { scheduledAt: fill.scheduledAt, now, graceMs: ctx.graceMs, catchUp: order.catchUp },
        })
      : null;
  const stillOpen =
    execution !== null
      ? await settle(ctx, order, fill, execution, now, false)
      : stop !== null
        ? await record(ctx, order, fill, stoppedFill(fill, stop, now), now, false)
        : await execute(ctx, order, fill, now, false);
  if (stillOpen) return null;
  const current = await ctx.store.getOrder(order.id);
  if (current === null) throw new DcaStoreError('DCA_STORE_FAILURE', `DCA order ${order.id} disappeared.`);
  return current;
}

/** The fill stays open; the order records why and is looked at again after `pendingRecheckMs`. */
async function keepOpen(
  ctx: OrderContext,
  order: DcaOrder,
  fill: DcaFill,
  now: number,
  error: unknown,
): Promise<boolean> {
  const { code, reason } = describe(error);
  const recheckAt = now + ctx.pendingRecheckMs;
  await writeWithRetry(ctx, order, (current) => ({
    order: {
      ...current,
      updatedAt: now,
      dueAt: recheckAt,
      lastError: { code, reason, slot: fill.slot, at: now },
    },
    expected: expectedOf(current),
    releaseLeaseOf: ctx.owner,
  }));
  count(ctx.summary, fill.status);
  return true;
}

/**
 * Records the executor's answer for an open fill, and what it does to the order. Returns true when the lease was
 * freed: always when the fill stays open, else when `release`.
 */
async function settle(
  ctx: OrderContext,
  order: DcaOrder,
  fill: DcaFill,
  execution: DcaExecution,
  now: number,
  release: boolean,
): Promise<boolean> {
  let next: DcaFill;
  try {
    next = fillFromExecution(fill, execution, now);
  } catch (error) {
    return keepOpen(ctx, order, fill, now, error);
  }
  return record(ctx, order, fill, next, now, release);
}

/** Writes an open fill's next state (`next`) and what it does to the order; see {@link settle}. */
async function record(
  ctx: OrderContext,
  order: DcaOrder,
  fill: DcaFill,
  next: DcaFill,
  now: number,
  release: boolean,
): Promise<boolean> {
  let events: DcaEvent[] = [];
  let paused = false;
  const open = next.status === 'running' || next.status === 'pending';
  await writeWithRetry(ctx, order, (current) => {
    const outcome = applyOutcome(ctx, current, next, now);
    events = outcomeEvents(next, outcome, now);
    paused = outcome.paused !== null;
    return {
      order: outcome.order,
      expected: expectedOf(current),
      updateFill: { fill: next, expectedStatus: fill.status },
      ...(open || release ? { releaseLeaseOf: ctx.owner } : {}),
    };
  });
  for (const event of events) ctx.emit(event);
  count(ctx.summary, next.status);
  if (paused) ctx.summary.paused++;
  if (events.some((e) => e.type === 'dca.completed')) ctx.summary.completed++;
  return open || release;
}

/** Compare-and-set, re-reading the order and recomputing when a user command changed it in between. */
async function writeWithRetry(
  ctx: OrderContext,
  order: DcaOrder,
  build: (current: DcaOrder) => DcaWrite,
): Promise<DcaOrder> {
  let current = order;
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.store.commit(build(current));
    } catch (error) {
      if (!isCode(error, 'DCA_VERSION_CONFLICT') || attempt >= MAX_SETTLE_ATTEMPTS) throw error;
      const reread = await ctx.store.getOrder(order.id);
      if (reread === null) throw error;
      current = reread;
    }
  }
}

function applyOutcome(ctx: OrderContext, order: DcaOrder, fill: DcaFill, now: number) {
  return applyFillOutcome({
    order,
    fill,
    now,
    maxConsecutiveFailures: ctx.maxConsecutiveFailures,
    blockEffect: blockEffectOf({ code: fill.code ?? '', effects: ctx.blockEffects }),
    recheckAt: fill.status === 'pending' ? now + ctx.pendingRecheckMs : now,
  });
}

const MAX = 2n ** 256n;
const DCA_REMAINDER_TOO_SMALL = 'DCA_REMAINDER_TOO_SMALL';
const MISSED_REASON =
  'The slot passed more than the grace before a tick saw it (the scheduler was not running, or its ticks ran late).';

const remainderReason = (amountIn: bigint, why: string) =>
  `What maxTotalIn leaves (${amountIn} base units) ${why}: the order is complete.`;

/** An open fill settled `skipped` because its order stopped (or its slot expired) before it sent anything. */
function stoppedFill(fill: DcaFill, stop: DcaFillStop, now: number): DcaFill {
  return Object.freeze({ ...fill, status: 'skipped', code: stop.code, reason: stop.reason, updatedAt: now });
}

function checkQuote(quote: DcaQuote): DcaQuote {
  const ok = (v: unknown) => typeof v === 'bigint' && v >= 0n && v < MAX;
  if (
    typeof quote !== 'object' ||
    quote === null ||
    !ok(quote.amountOut) ||
    !ok(quote.valueWei) ||
    !ok(quote.worstCaseFeeWei)
  ) {
    throw new DcaExecutorError('DCA_EXECUTOR_ERROR', 'The executor returned an invalid quote.');
  }
  return Object.freeze({
    amountOut: quote.amountOut,
    valueWei: quote.valueWei,
    worstCaseFeeWei: quote.worstCaseFeeWei,
  });
}
