import type { Hex } from '../gateway/types.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { rpcCall } from '../rpc/rpcCall.js';
import type { ApprovalScanState } from './types.js';

/** Why what earlier scans covered is not trusted as it is. */
export interface ApprovalScanReorg {
  /** `above-head`: the chain's head is below what was covered (a reset, or a node that lags); `hash-mismatch`: a
   * block read before has another hash now (a reorg). */
  readonly reason: 'above-head' | 'hash-mismatch';
  /** The last block earlier scans covered. */
  readonly coveredTo: number;
  readonly head: number;
  /** The last position whose hash still matches (-1: none — everything is read again). */
  readonly rewindTo: number;
}

/** What {@link verifyScanCoverage} answers. */
export interface VerifyScanCoverageReturnType {
  /** The covered range still trusted (`null`: none; scan from the start). */
  readonly covered: { readonly fromBlock: number; readonly toBlock: number } | null;
  readonly reorg: ApprovalScanReorg | null;
}

/**
 * Checks what earlier approval scans covered against the chain before it is trusted: a covered range that ends above
 * the head, or a checkpoint whose block hash no longer matches, is cut back to the newest checkpoint that still
 * matches (at or below the head) — or dropped entirely when none does. A state without checkpoints (written before
 * they existed) is trusted unless it ends above the head. A node that cannot answer throws (the scan fails; a covered
 * range is never trusted unchecked).
 *
 * @example
 * ```ts
 * const { covered, reorg } = await verifyScanCoverage({ provider, chainId, state, head });
 * ```
 */
export async function verifyScanCoverage({
  provider,
  chainId,
  state,
  head,
  timeoutMs,
}: {
  readonly provider: RpcSender;
  readonly chainId: number;
  readonly state: ApprovalScanState | null;
  readonly head: number;
  readonly timeoutMs?: number;
}): Promise<VerifyScanCoverageReturnType> {
  if (state === null) return { covered: null, reorg: null };
  const whole = { fromBlock: state.fromBlock, toBlock: state.toBlock };
  const checkpoints = state.checkpoints.filter((c) => c.block <= head).sort((a, b) => b.block - a.block);
  const aboveHead = state.toBlock > head;
  if (state.checkpoints.length === 0 && !aboveHead) return { covered: whole, reorg: null };
  let rewindTo = state.fromBlock - 1;
  let first = true;
  for (const checkpoint of checkpoints) {
    const hash = await blockHash({ provider, chainId, block: checkpoint.block, timeoutMs });
    if (hash !== null && hash.toLowerCase() === checkpoint.hash.toLowerCase()) {
      if (first && !aboveHead) return { covered: whole, reorg: null };
      rewindTo = checkpoint.block;
      break;
    }
    first = false;
  }
  const reorg: ApprovalScanReorg = {
    reason: aboveHead ? 'above-head' : 'hash-mismatch',
    coveredTo: state.toBlock,
    head,
    rewindTo,
  };
  return {
    covered: rewindTo < state.fromBlock ? null : { fromBlock: state.fromBlock, toBlock: rewindTo },
    reorg,
  };
}

/** The hash of block `block` (`null` when the node has no such block). */
async function blockHash({
  provider,
  chainId,
  block,
  timeoutMs,
}: {
  readonly provider: RpcSender;
  readonly chainId: number;
  readonly block: number;
  readonly timeoutMs?: number | undefined;
}): Promise<Hex | null> {
  const answer = (await rpcCall({
    chainId,
    method: 'eth_getBlockByNumber',
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    run: () => provider.send('eth_getBlockByNumber', [`0x${block.toString(16)}`, false]),
  })) as { hash?: unknown } | null;
  return typeof answer?.hash === 'string' ? (answer.hash as Hex) : null;
}
