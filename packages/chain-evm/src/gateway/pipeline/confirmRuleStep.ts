import { decideApprovedRun } from '../decideApprovedRun.js';
import { decideHold, type DecideHoldReturnType } from '../decideHold.js';
import type { ConfirmationRecord } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';
import type { Assessment } from './assessStep.js';

/**
 * The confirmation rule on what was assessed: proceed, hold for an operator (`CONFIRM_MODE`: unknown value or
 * safety, above the threshold, or all), or refuse. An approved action runs only within what was approved: a value
 * that grew, or something unknown that was known when it was held, is held again; a proven harm is refused whatever
 * was approved. Pure.
 *
 * @example
 * ```ts
 * const rule = confirmRuleStep(ctx, { assessed, approval: null }); // { kind: 'proceed' } | 'hold' | 'refuse'
 * ```
 */
export function confirmRuleStep(
  ctx: GatewayContext,
  { assessed, approval }: { readonly assessed: Assessment; readonly approval: ConfirmationRecord | null },
): DecideHoldReturnType {
  return approval
    ? decideApprovedRun({ assessed, approval })
    : decideHold({ mode: ctx.settings.confirmMode, valueWei: assessed.valueWei, refusal: assessed.refusal });
}
