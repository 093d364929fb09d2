import type { ApplyFillOutcomeReturnType } from '../order/applyFillOutcome.js';
import type { DcaFill } from '../types.js';
import type { DcaEvent } from './DcaEvent.js';

const FILL_EVENTS = {
  filled: 'dca.filled',
  skipped: 'dca.skipped',
  blocked: 'dca.blocked',
  failed: 'dca.failed',
} as const;

/** The events of one fill outcome: the fill's own, then a pause or a completion it caused. */
export function outcomeEvents(fill: DcaFill, outcome: ApplyFillOutcomeReturnType, now: number): DcaEvent[] {
  const events: DcaEvent[] = [];
  const base = { orderId: fill.orderId, slot: fill.slot, at: now, fill, count: 1 };
  if (fill.status !== 'running' && fill.status !== 'pending') {
    events.push({
      ...base,
      type: FILL_EVENTS[fill.status],
      code: fill.code,
      reason:
        fill.status === 'filled'
          ? `Filled: ${fill.amountIn} in, ${fill.amountOut} out (base units).`
          : (fill.reason ?? fill.code ?? ''),
    });
  }
  if (outcome.paused !== null) {
    events.push({ ...base, type: 'dca.paused', code: outcome.paused.code, reason: outcome.paused.reason });
  }
  if (outcome.completed) {
    const dust = fill.code === 'DCA_REMAINDER_TOO_SMALL';
    events.push({
      ...base,
      type: 'dca.completed',
      code: dust ? fill.code : null,
      reason: dust ? (fill.reason ?? '') : 'The order reached its limit.',
    });
  }
  return events;
}
