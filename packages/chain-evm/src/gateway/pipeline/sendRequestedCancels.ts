import type { ExecutionRecord } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';
import { isCancelDue } from './isCancelDue.js';
import { sendCancel } from './sendCancel.js';

/**
 * Sends the cancels an operator asked for elsewhere (the CLI writes the request on the record) that no cancel has
 * answered yet, each on a fresh read. A refused one (fee, ceiling) or a record that moved keeps its request for the
 * next round. Returns the records it changed.
 *
 * @example
 * ```ts
 * const changed = await sendRequestedCancels(ctx);
 * ```
 */
export async function sendRequestedCancels(ctx: GatewayContext): Promise<ExecutionRecord[]> {
  const changed: ExecutionRecord[] = [];
  for (const listed of await ctx.store.listUnsettled()) {
    if (!isCancelDue(listed)) continue;
    const record = await ctx.store.get(listed.id);
    if (!record || !isCancelDue(record)) continue;
    try {
      changed.push(await sendCancel(ctx, record));
    } catch {
      // The request stays on the record; the next round tries again.
    }
  }
  return changed;
}
