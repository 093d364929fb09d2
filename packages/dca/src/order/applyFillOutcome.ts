import type { DcaFill, DcaOrder, DcaPauseCode, DcaPauseReason, DcaTotals } from '../types.js';
import { blockEffectOf, type DcaBlockEffect } from './blockEffects.js';
import { limitReached } from './limitReached.js';

/** Parameters of {@link applyFillOutcome}. */
export interface ApplyFillOutcomeParameters {
  readonly order: DcaOrder;
  /** The fill in its new status. */
  readonly fill: DcaFill;
  readonly now: number;
  /** Auto-pause after this many failures in a row (≥ 1). */
  readonly maxConsecutiveFailures: number;
  /** Effect of a blocked fill; default from its code. */
  readonly blockEffect?: DcaBlockEffect;
  /** For a fill left open (`running`/`pending`): when to look at it again (default `now`). */
  readonly recheckAt?: number;
}

/** What {@link applyFillOutcome} returns. */
export interface ApplyFillOutcomeReturnType {
  readonly order: DcaOrder;
  /** Set when this outcome paused the order. */
  readonly paused: DcaPauseReason | null;
  /** True when this outcome completed the order. */
  readonly completed: boolean;
}

const PAUSES: Readonly<Record<string, { code: DcaPauseCode; reason: string }>> = {
  'pause-token-unsafe': { code: 'TOKEN_UNSAFE', reason: 'A fill was blocked by token safety.' },
  'pause-insufficient-balance': {
    code: 'INSUFFICIENT_BALANCE',
    reason: 'The wallet cannot cover the fill.',
  },
};

/**
 * Pure: the order after one of its fills reached `fill.status`. An open fill (`running`, `pending`) marks the
 * order's `openSlot` and when to re-check it. A final one updates the totals (in any state: a fill that settles
 * after a pause or a cancel still counts) and, for an `active` order, may move it:
 * - the limit (`maxFills`, `maxTotalIn`) reached → `completed` (also from `paused`, when a fill in flight at the
 *   pause reaches it), and so does a last fill skipped `DCA_REMAINDER_TOO_SMALL` (what `maxTotalIn` leaves is too
 *   small to fill);
 * - blocked by token safety or balance → `paused` with that reason;
 * - the `maxConsecutiveFailures`-th failure in a row (failed, or blocked for a lasting reason) → `paused`.
 * A `wait` block (a daily cap reached) is recorded but is not a failure. The schedule is not advanced here.
 */
export function applyFillOutcome({
  order,
  fill,
  now,
  maxConsecutiveFailures,
  blockEffect,
  recheckAt = now,
}: ApplyFillOutcomeParameters): ApplyFillOutcomeReturnType {
  if (fill.status === 'running' || fill.status === 'pending') {
    return {
      order: Object.freeze({ ...order, updatedAt: now, openSlot: fill.slot, dueAt: recheckAt }),
      paused: null,
      completed: false,
    };
  }
  const t = order.totals;
  let totals: DcaTotals = t;
  let consecutiveFailures = order.consecutiveFailures;
  let lastError = order.lastError;
  let pauseEffect: string | null = null;
  const error = () =>
    Object.freeze({ code: fill.code ?? 'UNKNOWN', reason: fill.reason ?? '', slot: fill.slot, at: now });
  switch (fill.status) {
    case 'filled':
      totals = {
        ...t,
        spent: t.spent + fill.amountIn,
        received: t.received + (fill.amountOut ?? 0n),
        fills: t.fills + 1,
      };
      consecutiveFailures = 0;
      break;
    case 'skipped':
      totals = { ...t, skipped: t.skipped + 1 };
      break;
    case 'blocked': {
      totals = { ...t, blocked: t.blocked + 1 };
      lastError = error();
      // Stryker disable next-line StringLiteral: equivalent — a missing code and any code in no table both count as a failure
      const effect = blockEffect ?? blockEffectOf({ code: fill.code ?? '' });
      if (effect === 'count-failure') consecutiveFailures++;
      else if (effect !== 'wait') pauseEffect = effect;
      break;
    }
    case 'failed':
      totals = { ...t, failed: t.failed + 1 };
      lastError = error();
      consecutiveFailures++;
      break;
  }
  const openSlot = order.openSlot === fill.slot ? null : order.openSlot;
  const base = {
    ...order,
    updatedAt: now,
    totals: Object.freeze(totals),
    consecutiveFailures,
    lastError,
    openSlot,
  };
  const keepDue = openSlot === null ? null : order.dueAt;

  // A remainder of maxTotalIn too small to fill ends the order as its limit would (the fill says why).
  const remainderEnds = fill.status === 'skipped' && fill.code === 'DCA_REMAINDER_TOO_SMALL';
  if ((order.status === 'active' || order.status === 'paused') && (limitReached(base) || remainderEnds)) {
    return {
      order: Object.freeze({
        ...base,
        // Completed short of the limit: the order says why (the last fill's code and reason).
        ...(remainderEnds && !limitReached(base) ? { lastError: error() } : {}),
        status: 'completed',
        nextRunAt: null,
        dueAt: keepDue,
        pausedReason: null,
      }),
      paused: null,
      completed: true,
    };
  }
  if (order.status === 'active') {
    const pause =
      pauseEffect !== null
        ? PAUSES[pauseEffect]
        : consecutiveFailures >= maxConsecutiveFailures
          ? {
              code: 'CONSECUTIVE_FAILURES' as const,
              reason: `${consecutiveFailures} fills in a row did not go through.`,
            }
          : undefined;
    if (pause !== undefined) {
      const pausedReason: DcaPauseReason = Object.freeze({
        code: pause.code,
        reason: pause.reason,
        fillCode: fill.code,
        slot: fill.slot,
        at: now,
      });
      return {
        order: Object.freeze({ ...base, status: 'paused', nextRunAt: null, dueAt: keepDue, pausedReason }),
        paused: pausedReason,
        completed: false,
      };
    }
    return {
      order: Object.freeze({ ...base, dueAt: keepDue ?? order.nextRunAt }),
      paused: null,
      completed: false,
    };
  }
  return { order: Object.freeze({ ...base, dueAt: keepDue }), paused: null, completed: false };
}
