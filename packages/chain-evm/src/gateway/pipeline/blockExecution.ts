import type { Refusal } from '../checkPolicy.js';
import type { ExecuteReturnType } from '../gatewayTypes.js';
import type { ExecutionRecord } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';
import { releaseWithRetries } from './releaseWithRetries.js';
import { writeExecution } from './writeExecution.js';

/**
 * Ends an execution refused before anything was signed: `blocked` with the refusal's code and reason (and the value
 * it was priced at, when known), and a `blocked` audit event. When it holds a reservation, the record is written
 * first and the reservation released after (never the other way round).
 *
 * @example
 * ```ts
 * return blockExecution(ctx, record, { code: 'SIMULATION_REVERTED', reason }, { valueWei });
 * ```
 */
export async function blockExecution(
  ctx: GatewayContext,
  record: ExecutionRecord,
  refusal: Refusal,
  options: { readonly valueWei?: bigint; readonly reservationId?: string | null } = {},
): Promise<ExecuteReturnType> {
  const updated = await writeExecution(ctx, record, {
    patch: {
      status: 'blocked',
      code: refusal.code,
      reason: refusal.reason,
      ...(options.valueWei === undefined ? {} : { valueWei: options.valueWei }),
    },
  });
  if (options.reservationId !== undefined && options.reservationId !== null) {
    // Retried: the write just done and the release share a pool whose connection may have just dropped.
    await releaseWithRetries(ctx, options.reservationId);
  }
  ctx.emit({ type: 'blocked', executionId: record.id, code: refusal.code, reason: refusal.reason });
  return { record: updated, receipt: null };
}
