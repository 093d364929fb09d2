import { transitionExecution } from '../store/transitionExecution.js';
import type { ExecutionRecord, ExecutionRecordPatch, ExecutionStatus } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/**
 * A change decided on the status alone (e.g. `signed` → `pending` once broadcast): applied while the record is in
 * one of `from`, whatever else another writer changed meanwhile (an operator's cancel request); `null` when it moved
 * on to another status (nothing written).
 *
 * @example
 * ```ts
 * const pending = (await moveExecution(ctx, signed, ['signed'], { status: 'pending' })) ?? signed;
 * ```
 */
export function moveExecution(
  ctx: GatewayContext,
  record: ExecutionRecord,
  from: readonly ExecutionStatus[],
  patch: ExecutionRecordPatch,
): Promise<ExecutionRecord | null> {
  return transitionExecution({ store: ctx.store, id: record.id, from, patch, at: ctx.clock(), read: record });
}
