import type { ExecutionRecord } from '@org/chain-evm';
import type { BridgeResult } from './BridgeFollower.js';

const UNSETTLED = new Set(['preparing', 'signed', 'pending', 'awaiting_confirmation']);

/**
 * What a transfer's record becomes when its source transaction's block moved (issue 32), or `null` when nothing
 * changes. The source transaction is a gateway execution, which the reconciler follows by its block hash:
 * - the execution went back to `pending` (`REORGED`: its block was reorganized away) → the transfer is marked
 *   (`sourceReorg`: the block number and hash it had, when), back to `pending` and not terminal — followed again;
 * - the execution is `confirmed` with another block than the transfer kept (mined again, or first seen with a hash)
 *   → the transfer keeps the new block number and hash (and the hash it was mined with); the mark stays as history.
 *
 * @example
 * ```ts
 * const moved = followSourceBlock(record, bridgeOf(record), Date.now());
 * if (moved) await write(record, moved);
 * ```
 */
export function followSourceBlock(
  record: ExecutionRecord,
  bridge: BridgeResult,
  now: number,
): BridgeResult | null {
  if (UNSETTLED.has(record.status) && record.code === 'REORGED') {
    const kept = bridge.sourceBlockHash ?? null;
    if (bridge.sourceReorg && bridge.sourceReorg.blockHash === kept && !bridge.terminal) return null;
    return {
      ...bridge,
      state: 'pending',
      terminal: false,
      reason: `the source transaction's block ${bridge.sourceBlockNumber ?? '?'} was reorganized away: waiting for it to be mined again, then following the transfer again`,
      sourceReorg: { blockNumber: bridge.sourceBlockNumber ?? null, blockHash: kept, at: now },
    };
  }
  if (record.status !== 'confirmed' || record.blockHash === null) return null;
  if (record.blockHash === (bridge.sourceBlockHash ?? null)) return null;
  return {
    ...bridge,
    sourceTxHash: record.minedHash,
    sourceBlockNumber: record.blockNumber,
    sourceBlockHash: record.blockHash,
    ...(bridge.sourceReorg
      ? {
          reason: `the source transaction was mined again in block ${record.blockNumber}; following the transfer`,
        }
      : {}),
  };
}
