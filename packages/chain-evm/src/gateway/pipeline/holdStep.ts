import type { ExecuteReturnType } from '../gatewayTypes.js';
import type { ConfirmationRecord, ExecutionIntent, ExecutionRecord } from '../types.js';
import { blockExecution } from './blockExecution.js';
import type { GatewayContext } from './GatewayContext.js';
import { killSwitchStep } from './killSwitchStep.js';
import { requireConfirmations } from './requireConfirmations.js';
import { writeExecution } from './writeExecution.js';

/** Parameters of {@link holdStep}. */
export interface HoldStepParameters {
  readonly record: ExecutionRecord;
  /** The exact intent: an approval runs exactly this and nothing else. */
  readonly intent: ExecutionIntent;
  readonly reason: ConfirmationRecord['reason'];
  readonly detail: string;
  readonly valueWei: bigint | null;
  /** The simulated gas limit (what the operator sees). */
  readonly gasLimit: bigint;
  readonly safety: ConfirmationRecord['safety'];
}

/**
 * Holds a checked, simulated action for an operator: a pending confirmation bound to the exact intent (expiring
 * after `confirmTtlMs`), the execution `awaiting_confirmation` (`CONFIRMATION_REQUIRED`), a `held` event — nothing
 * reserved, nothing signed. Nothing enters the queue while the kill switch is engaged (it may have been engaged
 * since the request came in): then the execution is refused instead.
 *
 * @example
 * ```ts
 * return holdStep(ctx, { record, intent, reason: 'all', detail, valueWei, gasLimit, safety });
 * ```
 */
export async function holdStep(ctx: GatewayContext, held: HoldStepParameters): Promise<ExecuteReturnType> {
  const { record } = held;
  const killed = await killSwitchStep(ctx, 'hold');
  if (killed) return blockExecution(ctx, record, killed);
  const at = ctx.clock();
  const confirmation: ConfirmationRecord = {
    id: ctx.createId(),
    executionId: record.id,
    createdAt: at,
    updatedAt: at,
    expiresAt: at + ctx.settings.confirmTtlMs,
    status: 'pending',
    reason: held.reason,
    detail: held.detail.slice(0, 4096) || held.reason,
    intent: held.intent,
    valueWei: held.valueWei,
    gasLimit: held.gasLimit,
    safety: held.safety,
    idempotencyKey: record.idempotencyKey,
    approvedValueWei: null,
    decidedAt: null,
    decidedBy: null,
    note: null,
  };
  await requireConfirmations(ctx).insert(confirmation);
  const updated = await writeExecution(ctx, record, {
    patch: {
      status: 'awaiting_confirmation',
      code: 'CONFIRMATION_REQUIRED',
      reason: confirmation.detail,
      valueWei: held.valueWei,
    },
  });
  ctx.emit({
    type: 'held',
    executionId: record.id,
    confirmationId: confirmation.id,
    reason: held.reason,
    expiresAt: confirmation.expiresAt,
  });
  return { record: updated, receipt: null, confirmation };
}
