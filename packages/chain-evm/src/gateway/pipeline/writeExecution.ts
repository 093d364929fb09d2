import { ExecutionMovedError } from '../ExecutionMovedError.js';
import type { BroadcastTransaction, ExecutionRecord, ExecutionRecordPatch } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/**
 * Writes `patch` on `record` as a compare-and-set on the status and version it was read in (or written with). Throws
 * {@link ExecutionMovedError} with the record as it stands when another writer moved it (nothing written). With a
 * `transaction`, appends it instead (status `signed`), before it is ever broadcast.
 *
 * @example
 * ```ts
 * const blocked = await writeExecution(ctx, record, { patch: { status: 'blocked', code, reason } });
 * const signed = await writeExecution(ctx, blocked, { transaction });
 * ```
 */
export async function writeExecution(
  ctx: GatewayContext,
  record: ExecutionRecord,
  change: { readonly patch: ExecutionRecordPatch } | { readonly transaction: BroadcastTransaction },
): Promise<ExecutionRecord> {
  const base = {
    id: record.id,
    expected: { status: record.status, version: record.version },
    at: ctx.clock(),
  };
  const next =
    'patch' in change
      ? await ctx.store.update({ ...base, patch: change.patch })
      : await ctx.store.addTransaction({ ...base, transaction: change.transaction });
  if (next) return next;
  throw new ExecutionMovedError((await ctx.store.get(record.id)) ?? record);
}
