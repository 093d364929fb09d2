import { RpcError } from '../../errors/RpcError.js';
import { StoreError } from '../../errors/StoreError.js';
import { ExecutionMovedError } from '../ExecutionMovedError.js';
import type { ExecuteReturnType } from '../gatewayTypes.js';
import type { ExecutionRecord } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';
import { releaseWithRetries } from './releaseWithRetries.js';
import { shortMessageOf } from './shortMessageOf.js';
import { writeExecution } from './writeExecution.js';

/**
 * Classifies a failed send. Nothing signed, or a refusal that proves the node did not take it → `failed`
 * (`SEND_FAILED`; when nothing was signed because the node failed before — the nonce lookup — its RPC code:
 * `RPC_UNAVAILABLE`, `RPC_TIMEOUT`, `RPC_ERROR`), and only then the reservation is released (the record is written first). Anything else (a
 * time-out, a reset connection) may have reached the chain → `pending` (`BROADCAST_UNCERTAIN`), the reservation keeps
 * counting and the reconciler finishes it from the hash.
 *
 * @example
 * ```ts
 * return sendFailureStep(ctx, { record, reservationId, error });
 * ```
 */
export async function sendFailureStep(
  ctx: GatewayContext,
  {
    record,
    reservationId,
    error,
    handed,
  }: {
    readonly record: ExecutionRecord;
    readonly reservationId: string | null;
    readonly error: unknown;
    /** From {@link signStep}: a transaction was handed to the record. Unknown (absent): taken as handed (fail closed). */
    readonly handed?: boolean;
  },
): Promise<ExecuteReturnType> {
  if (record.transactions.length === 0 || ctx.steps.isDefinitelyNotSent(error)) {
    // Nothing signed yet and the node failed (the nonce lookup before signing): the node's own code, not a refusal.
    // The durable nonce store failed while allocating: STORE_FAILURE (nothing was broadcast either way).
    const code =
      record.transactions.length === 0 && error instanceof RpcError && error.code !== 'RPC_CHAIN_MISMATCH'
        ? error.code
        : record.transactions.length === 0 && error instanceof StoreError && error.code === 'STORE_FAILURE'
          ? 'STORE_FAILURE'
          : 'SEND_FAILED';
    let failed: ExecutionRecord;
    try {
      failed = await writeExecution(ctx, record, {
        patch: { status: 'failed', code, reason: shortMessageOf(error) },
      });
    } catch (writeError) {
      // The record write failed too (the same dropped connection). Nothing handed to the record (the allocation or
      // the signing failed): no one can ever broadcast it, the reservation is released now. Otherwise the record may
      // hold the transaction (a lost COMMIT of its write) and be broadcast: it keeps counting for the reconciler.
      if (handed === false && reservationId !== null && !(writeError instanceof ExecutionMovedError))
        if (reservationId !== null) await releaseWithRetries(ctx, reservationId);
      throw writeError;
    }
    // Final record: no one else would release it (the pooled connection may have just dropped).
    if (reservationId !== null) await releaseWithRetries(ctx, reservationId);
    ctx.emit({ type: 'settled', executionId: record.id, status: 'failed', feeWei: null });
    return { record: failed, receipt: null };
  }
  const uncertain = await writeExecution(ctx, record, {
    patch: { status: 'pending', code: 'BROADCAST_UNCERTAIN', reason: shortMessageOf(error) },
  });
  return { record: uncertain, receipt: null };
}
