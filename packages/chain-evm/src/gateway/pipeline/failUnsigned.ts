import type { ExecutionRecord } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';
import { releaseWithRetries } from './releaseWithRetries.js';
import { shortMessageOf } from './shortMessageOf.js';
import { writeExecution } from './writeExecution.js';

/**
 * Ends an execution that holds a reservation and stopped on an error before anything of it was handed to its record
 * (the kill switch or the in-flight window could not be read, a refusal could not be written, the durable nonce store
 * failed while allocating): nothing of it was recorded as signed, so nothing of it can ever be broadcast (a nonce the
 * store may have kept for it is only ever filled). The record is written `failed` `INTERRUPTED` with the error's
 * message (best effort: on the connection that just failed it may not be — a `preparing` one is then finished by the
 * reconciler), and the reservation is released (retried, {@link releaseWithRetries}) WHETHER OR NOT that write went
 * through: left to the reconciler's next pass, it would count against the caps until then.
 *
 * @example
 * ```ts
 * await failUnsigned(ctx, record, reservationId, error);
 * throw error;
 * ```
 */
export async function failUnsigned(
  ctx: GatewayContext,
  record: ExecutionRecord,
  reservationId: string,
  error: unknown,
): Promise<void> {
  try {
    await writeExecution(ctx, record, {
      patch: {
        status: 'failed',
        code: 'INTERRUPTED',
        reason: `interrupted before signing; nothing was sent: ${shortMessageOf(error)}`,
      },
    });
  } catch {
    // The record stays as it was (or moved): the reconciler finishes it; the reservation is released below anyway.
  }
  await releaseWithRetries(ctx, reservationId);
}
