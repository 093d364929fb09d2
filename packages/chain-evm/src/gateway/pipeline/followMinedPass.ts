import type { ExecutionRecord } from '../types.js';
import { followMinedExecution } from './followMinedExecution.js';
import type { GatewayContext } from './GatewayContext.js';
import { readChainNumber } from './readChainNumber.js';

/** How many blocks below the head a settled execution is still followed for a reorg. */
export const FOLLOW_MINED_BLOCKS = 64;

/**
 * The reconciler's look back at what it settled: the newest settled executions (one page each of `confirmed`,
 * `reverted`, `cancelled`) mined within {@link FOLLOW_MINED_BLOCKS} of their chain's head are followed
 * ({@link followMinedExecution}); what `inFlight` holds is left alone, each record is claimed while it is followed.
 * A node that errs decides nothing (next pass). Returns the records it changed.
 *
 * @example
 * ```ts
 * const changed = await followMinedPass(ctx, inFlight);
 * ```
 */
export async function followMinedPass(
  ctx: GatewayContext,
  inFlight: Set<string>,
): Promise<ExecutionRecord[]> {
  const changed: ExecutionRecord[] = [];
  const heads = new Map<number, Promise<number | null>>();
  const headOf = (chainId: number) => {
    let head = heads.get(chainId);
    if (!head) {
      head = ctx
        .provider(chainId)
        .then((provider) => readChainNumber(ctx, { provider, chainId, what: 'block' }))
        .catch(() => null);
      heads.set(chainId, head);
    }
    return head;
  };
  for (const status of ['confirmed', 'reverted', 'cancelled'] as const) {
    const page = await ctx.store.list({ limit: 50, status });
    for (const listed of page.items) {
      if (listed.blockNumber === null || inFlight.has(listed.id)) continue;
      const head = await headOf(listed.chainId);
      if (head === null || listed.blockNumber < head - FOLLOW_MINED_BLOCKS) continue;
      inFlight.add(listed.id);
      try {
        const record = await ctx.store.get(listed.id);
        if (record === null) continue;
        const next = await followMinedExecution(ctx, record, head);
        if (next) changed.push(next);
      } catch {
        // The node erred or the record moved: the next pass looks again.
      } finally {
        inFlight.delete(listed.id);
      }
    }
  }
  return changed;
}
