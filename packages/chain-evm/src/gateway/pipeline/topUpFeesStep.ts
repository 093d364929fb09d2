import { ExecutionMovedError } from '../ExecutionMovedError.js';
import { UNSETTLED_STATUSES } from '../store/storeInput.js';
import type { ExecutionRecord } from '../types.js';
import { feeBudgetOf } from './feeBudgetOf.js';
import type { GatewayContext } from './GatewayContext.js';
import { moveExecution } from './moveExecution.js';
import { shortMessageOf } from './shortMessageOf.js';
import { writeExecution } from './writeExecution.js';

/**
 * Before a replacement whose worst-case fee (`need`) is above the fee budget held for the execution: asks the
 * governor to hold the difference (`governor.extend`: its caps and kill switch apply), then writes the new budget on
 * the record (a lost write re-reads; what the governor holds is never left unnamed). A refusal — caps, kill switch,
 * no reservation, a ledger that cannot extend — is written on the record (`REPLACEMENT_REFUSED`, still pending: the
 * transaction stays as it is) and reported as a `replacement-refused` event.
 *
 * @example
 * ```ts
 * const topped = await topUpFeesStep(ctx, { record, need: gasLimit * maxFeePerGas, maxFeePerGas });
 * if (!topped.ok) return; // not replaced
 * ```
 */
export async function topUpFeesStep(
  ctx: GatewayContext,
  {
    record,
    need,
    maxFeePerGas,
  }: { readonly record: ExecutionRecord; readonly need: bigint; readonly maxFeePerGas: bigint },
): Promise<{ readonly ok: boolean; readonly record: ExecutionRecord }> {
  const extra = need - feeBudgetOf(ctx.settings, record);
  let decision: { readonly allowed: boolean; readonly code: string; readonly reason: string };
  if (record.reservationId === null) {
    decision = { allowed: false, code: 'NO_RESERVATION', reason: 'nothing is held for this execution' };
  } else {
    const id = record.reservationId;
    decision = await ctx.governor.extend({ id, value: extra }).catch((error: unknown) => ({
      allowed: false,
      code: String((error as { code?: unknown }).code ?? 'LEDGER_FAILURE'),
      reason: shortMessageOf(error),
    }));
  }
  if (!decision.allowed) {
    const reason = `not replaced: a replacement at ${maxFeePerGas} wei/gas needs ${extra} wei more held for its fee, and the governor refused (${decision.code}: ${decision.reason}); the transaction stays pending as it is`;
    const refused =
      (await moveExecution(ctx, record, ['signed', 'pending'], { code: 'REPLACEMENT_REFUSED', reason })) ??
      record;
    ctx.emit({ type: 'replacement-refused', executionId: record.id, code: decision.code, reason });
    return { ok: false, record: refused };
  }
  let current = record;
  for (;;) {
    try {
      current = await writeExecution(ctx, current, {
        patch: {
          valueWei: (current.valueWei ?? 0n) + extra,
          feeReservedWei: feeBudgetOf(ctx.settings, current) + extra,
        },
      });
      return { ok: true, record: current };
    } catch (error) {
      if (!(error instanceof ExecutionMovedError) || !UNSETTLED_STATUSES.includes(error.record.status))
        throw error;
      current = error.record;
    }
  }
}
