import { ApprovalError } from './ApprovalError.js';

/** Parameters of {@link planScanRanges}. */
export interface PlanScanRangesParameters {
  /** What earlier scans covered, or `null` for a first scan. */
  readonly covered: { readonly fromBlock: number; readonly toBlock: number } | null;
  /** The chain head the scan reads up to. */
  readonly head: number;
  /** Requested start: the first scan's start, or a backfill below what is covered. */
  readonly fromBlock?: number;
  /** Per-chain configured start of a first scan (used when `fromBlock` is not given). */
  readonly defaultFromBlock?: number;
  /** First-scan lookback when neither start is given. */
  readonly lookbackBlocks: number;
  /** Blocks below the last scanned one that are read again (reorg margin; 0 on a devnet). */
  readonly reorgMarginBlocks: number;
}

/** Result of {@link planScanRanges}. */
export interface PlanScanRangesReturnType {
  /** Ranges to read with `eth_getLogs` (inclusive, ascending, disjoint). */
  readonly ranges: { readonly fromBlock: number; readonly toBlock: number }[];
  /** The covered range once they are read. */
  readonly fromBlock: number;
  readonly toBlock: number;
}

/**
 * Which blocks an incremental scan reads (pure). A first scan reads `[start, head]` where start is `fromBlock`, else
 * the per-chain start, else `head - lookbackBlocks + 1` (never below 0). A repeat scan reads only what is new —
 * `[lastScanned + 1 - reorgMarginBlocks, head]` — plus `[fromBlock, firstCovered - 1]` when a lower `fromBlock` asks
 * for older history. A start above the head → `INVALID_PARAMETER`.
 *
 * @example
 * ```ts
 * planScanRanges({ covered: { fromBlock: 0, toBlock: 100 }, head: 105, lookbackBlocks: 1e6, reorgMarginBlocks: 0 });
 * // { ranges: [{ fromBlock: 101, toBlock: 105 }], fromBlock: 0, toBlock: 105 }
 * ```
 */
export function planScanRanges({
  covered,
  head,
  fromBlock,
  defaultFromBlock,
  lookbackBlocks,
  reorgMarginBlocks,
}: PlanScanRangesParameters): PlanScanRangesReturnType {
  for (const [name, value] of [
    ['head', head],
    ['fromBlock', fromBlock],
    ['defaultFromBlock', defaultFromBlock],
    ['lookbackBlocks', lookbackBlocks],
    ['reorgMarginBlocks', reorgMarginBlocks],
  ] as const) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      throw new ApprovalError('INVALID_PARAMETER', `${name} must be a non-negative integer`, {
        details: String(value),
      });
    }
  }
  if (fromBlock !== undefined && fromBlock > head) {
    throw new ApprovalError('INVALID_PARAMETER', 'fromBlock is above the chain head', {
      details: `fromBlock ${fromBlock}, head ${head}`,
    });
  }
  if (covered === null) {
    const start = Math.min(head, fromBlock ?? defaultFromBlock ?? Math.max(0, head - lookbackBlocks + 1));
    return { ranges: [{ fromBlock: start, toBlock: head }], fromBlock: start, toBlock: head };
  }
  const ranges: { fromBlock: number; toBlock: number }[] = [];
  if (fromBlock !== undefined && fromBlock < covered.fromBlock) {
    ranges.push({ fromBlock, toBlock: covered.fromBlock - 1 });
  }
  const next = Math.max(covered.fromBlock, covered.toBlock + 1 - reorgMarginBlocks);
  if (next <= head) ranges.push({ fromBlock: next, toBlock: head });
  return {
    ranges,
    fromBlock: Math.min(covered.fromBlock, fromBlock ?? covered.fromBlock),
    toBlock: Math.max(covered.toBlock, head),
  };
}
