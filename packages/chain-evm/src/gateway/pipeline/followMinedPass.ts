import type { ExecutionRecord, Hex } from '../types.js';
import { followMinedExecution } from './followMinedExecution.js';
import type { GatewayContext } from './GatewayContext.js';
import { readBlockHash } from './readBlockHash.js';
import { readChainNumber } from './readChainNumber.js';

/** How many blocks below the head a settled execution is still followed for a reorg. */
export const FOLLOW_MINED_BLOCKS = 64;

/**
 * The reconciler's look back at what it settled: the newest settled executions (one page each of `confirmed`,
 * `reverted`, `cancelled`) mined within {@link FOLLOW_MINED_BLOCKS} of their chain's head are checked by their stored
 * block hash — one `eth_getBlockByNumber` per distinct block, no receipt read while the hashes match. A block whose
 * hash differs now is a reorg: each execution mined there is followed ({@link followMinedExecution}: its receipt read again, back to `pending` when it is gone), then the reorg is published once for the block (`chain-reorg`: the executions
 * mined there, and which of them went back to `pending`). A record settled before hashes were stored is followed by its receipt, which stores the hash. A block above the
 * head decides nothing (a lagging node). What `inFlight` holds is left alone; each record is claimed while it is
 * followed. A node that errs decides nothing (next pass). Returns the records it changed.
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
  // The candidates, grouped by the block they were mined in (hashless records on their own).
  const blocks = new Map<
    string,
    { chainId: number; block: number; head: number; records: ExecutionRecord[] }
  >();
  const hashless: { record: ExecutionRecord; head: number }[] = [];
  for (const status of ['confirmed', 'reverted', 'cancelled'] as const) {
    const page = await ctx.store.list({ limit: 50, status });
    for (const listed of page.items) {
      if (listed.blockNumber === null || inFlight.has(listed.id)) continue;
      const head = await headOf(listed.chainId);
      if (head === null || listed.blockNumber < head - FOLLOW_MINED_BLOCKS || listed.blockNumber > head)
        continue;
      if (listed.blockHash === null) {
        hashless.push({ record: listed, head });
        continue;
      }
      const key = `${listed.chainId}:${listed.blockNumber}`;
      const group = blocks.get(key) ?? {
        chainId: listed.chainId,
        block: listed.blockNumber,
        head,
        records: [],
      };
      group.records.push(listed);
      blocks.set(key, group);
    }
  }
  const changed: ExecutionRecord[] = [];
  for (const { record, head } of hashless) {
    const next = await follow(ctx, inFlight, record, head);
    if (next) changed.push(next);
  }
  for (const group of blocks.values()) {
    let chainHash: Hex | null;
    try {
      const provider = await ctx.provider(group.chainId);
      chainHash = await readBlockHash(ctx, { provider, chainId: group.chainId, block: group.block });
    } catch {
      continue; // the node erred: the next pass looks again
    }
    const moved = group.records.filter((r) => r.blockHash?.toLowerCase() !== chainHash?.toLowerCase());
    if (moved.length === 0) continue;
    const reorged: string[] = [];
    for (const record of moved) {
      const next = await follow(ctx, inFlight, record, group.head);
      if (!next) continue;
      changed.push(next);
      if (next.status === 'pending') reorged.push(next.id);
    }
    ctx.emit({
      type: 'chain-reorg',
      chainId: group.chainId,
      reason: 'hash-mismatch',
      blockNumber: group.block,
      storedHash: moved[0]?.blockHash as Hex,
      chainHash,
      head: group.head,
      executionIds: moved.map((r) => r.id),
      reorged,
    });
  }
  return changed;
}

/** Follows one listed record, claimed meanwhile; null when nothing changed, it is claimed elsewhere, or on an error. */
async function follow(
  ctx: GatewayContext,
  inFlight: Set<string>,
  listed: ExecutionRecord,
  head: number,
): Promise<ExecutionRecord | null> {
  if (inFlight.has(listed.id)) return null;
  inFlight.add(listed.id);
  try {
    const record = await ctx.store.get(listed.id);
    return record === null ? null : await followMinedExecution(ctx, record, head);
  } catch {
    return null; // the node erred or the record moved: the next pass looks again
  } finally {
    inFlight.delete(listed.id);
  }
}
