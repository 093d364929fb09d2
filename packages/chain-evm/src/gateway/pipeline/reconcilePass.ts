import { UNSETTLED_STATUSES } from '../store/storeInput.js';
import type { ExecutionRecord } from '../types.js';
import { followMinedPass } from './followMinedPass.js';
import type { GatewayContext } from './GatewayContext.js';
import { outboxPass } from './outboxPass.js';
import { reconcileExecution } from './reconcileExecution.js';

/**
 * One reconcile pass over the unsettled executions ({@link reconcileExecution} each). The list is a snapshot: what
 * `inFlight` holds when the pass starts is left alone even once it ends (a `preparing` execution is not interrupted,
 * and settling one twice would commit its reservation twice); every other record is claimed in `inFlight` while the
 * pass works on it, read again, and changed only by a compare-and-set on that read — a pass that took its list before
 * a swap was broadcast acts on the swap as it is now, never on the stale row. A record whose node fails or that moved
 * is left for the next pass (its reservation keeps counting). Then recently settled executions are followed for a
 * reorg ({@link followMinedPass}). Returns the records it changed.
 *
 * @example
 * ```ts
 * const changed = await reconcilePass(ctx, inFlight);
 * ```
 */
export async function reconcilePass(ctx: GatewayContext, inFlight: Set<string>): Promise<ExecutionRecord[]> {
  const changed: ExecutionRecord[] = [];
  // Registered before the list is taken: whatever runs now is not the reconciler's, even once it ends.
  const running = new Set(inFlight);
  for (const listed of await ctx.store.listUnsettled()) {
    if (running.has(listed.id) || inFlight.has(listed.id)) continue;
    inFlight.add(listed.id);
    try {
      const record = await ctx.store.get(listed.id);
      if (record === null || !UNSETTLED_STATUSES.includes(record.status)) continue;
      const next = await reconcileExecution(ctx, record);
      if (next) changed.push(next);
    } catch {
      // Node still unreachable, or the record moved under us: the next pass looks again (fail closed).
    } finally {
      inFlight.delete(listed.id);
    }
  }
  // The durable outbox (several instances): what was recorded as sent goes to the node again from its stored bytes,
  // and a nonce that will never be sent is filled.
  await outboxPass(ctx).catch(() => []);
  // What was settled recently is followed for a reorg that took its block (it goes back to pending, and the next
  // pass follows it like any pending execution).
  for (const reorged of await followMinedPass(ctx, inFlight)) changed.push(reorged);
  // Settled or failed executions free slots of the in-flight window.
  for (const chainId of new Set(changed.map((r) => r.chainId)))
    ctx.window.notify({ chainId, sender: ctx.address });
  return changed;
}
