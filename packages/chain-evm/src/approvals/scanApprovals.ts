import { getAddress } from 'ethers';
import type { Address, ChainInfo } from '../chains/chains.js';
import type { Hex } from '../gateway/types.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { rpcCall } from '../rpc/rpcCall.js';
import { ApprovalError } from './ApprovalError.js';
import { collectApprovalCandidates } from './collectApprovalCandidates.js';
import { APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC, DEFAULT_LOOKBACK_BLOCKS } from './constants.js';
import { getKnownProtocols } from './getKnownProtocols.js';
import { getLogsAdaptive } from './getLogsAdaptive.js';
import { planScanRanges } from './planScanRanges.js';
import { readApprovals } from './readApprovals.js';
import type { Approval, ApprovalCandidate, ApprovalScanStore } from './types.js';
import { type ApprovalScanReorg, verifyScanCoverage } from './verifyScanCoverage.js';

/** Parameters of {@link scanApprovals}. */
export interface ScanApprovalsParameters {
  readonly provider: RpcSender;
  /** The configured chain (its Multicall3 and routers are used). */
  readonly chain: ChainInfo;
  readonly owner: string;
  readonly store: ApprovalScanStore;
  /** Start of a first scan, or a backfill below what earlier scans covered. */
  readonly fromBlock?: number;
  /** Per-chain configured start of a first scan (when `fromBlock` is not given). */
  readonly defaultFromBlock?: number;
  /** First-scan lookback when no start is given (default 1,000,000 blocks). */
  readonly lookbackBlocks?: number;
  /** Blocks re-read below the last scanned one (default 0 on a devnet, 12 elsewhere). */
  readonly reorgMarginBlocks?: number;
  /** Chunking of `eth_getLogs` (see `getLogsAdaptive`). */
  readonly logs?: {
    readonly initialChunk?: number;
    readonly maxChunk?: number;
    readonly growAfter?: number;
    readonly maxTransientFailures?: number;
  };
  /** Calls per Multicall3 request (default 500). */
  readonly batchSize?: number;
  readonly timeoutMs?: number;
  readonly clock?: () => number;
  /**
   * Called when what earlier scans covered no longer matches the chain (a reorg, a reset, a lagging node), before
   * the blocks are read again (the caller reports it and shows a re-scan running until the scan returns).
   */
  readonly onReorg?: (reorg: ApprovalScanReorg) => void;
}

/** Result of {@link scanApprovals}. */
export interface ScanApprovalsReturnType {
  readonly chainId: number;
  readonly owner: Address;
  /** The block every allowance was read at (the head when the scan started). */
  readonly blockNumber: number;
  /** The block range covered by this and earlier scans (inclusive). */
  readonly fromBlock: number;
  readonly toBlock: number;
  /** What earlier scans covered and the chain no longer matches (read again by this scan), or `null`. */
  readonly reorg: ApprovalScanReorg | null;
  /** Ranges this call read with `eth_getLogs`. */
  readonly scannedRanges: readonly { readonly fromBlock: number; readonly toBlock: number }[];
  /** Live approvals: allowance > 0 or operator approved, read on chain. */
  readonly approvals: readonly Approval[];
  /** Pairs whose state could not be read (unknown, not "none"). */
  readonly unreadable: readonly ApprovalCandidate[];
  readonly stats: {
    readonly logRequests: number;
    readonly logRefusals: number;
    readonly multicallBatches: number;
    readonly candidates: number;
  };
}

/**
 * Finds every live approval of `owner`: ERC-20 `Approval(owner, …)` and ERC-721/1155 `ApprovalForAll(owner, …)` logs
 * (topic-filtered by owner, one `eth_getLogs` per adaptive chunk) nominate candidate pairs; the truth is read with
 * `allowance()` / `isApprovedForAll()` in Multicall3 batches at the head block. Incremental per (chain, owner): the
 * covered range and the candidates are committed to `store` once the logs are complete, so the next scan asks only
 * for new blocks and re-reads the known pairs. What was covered is checked first ({@link verifyScanCoverage}: the
 * head's block hash is kept with each commit): a range above the head (a reset, a lagging node) or a hash that no
 * longer matches (a reorg) is read again from the last position that still matches, `onReorg` is told, and the
 * answer says so (`reorg`). Errors (`LOG_SCAN_FAILED`, RPC codes, store codes) are thrown — a
 * partial list is never returned as complete.
 *
 * @example
 * ```ts
 * const scan = await scanApprovals({ provider, chain, owner: wallet, store, fromBlock: 0 });
 * scan.approvals.filter((a) => a.unlimited);
 * ```
 */
export async function scanApprovals({
  provider,
  chain,
  owner,
  store,
  fromBlock,
  defaultFromBlock,
  lookbackBlocks = DEFAULT_LOOKBACK_BLOCKS,
  reorgMarginBlocks = chain.isDevnet ? 0 : 12,
  logs: chunking = {},
  batchSize = 500,
  timeoutMs,
  clock = Date.now,
  onReorg,
}: ScanApprovalsParameters): Promise<ScanApprovalsReturnType> {
  if (typeof owner !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(owner)) {
    throw new ApprovalError('INVALID_PARAMETER', 'owner must be a 20-byte hex address');
  }
  const checkedOwner = getAddress(owner.toLowerCase()) as Address;
  const timeout = timeoutMs === undefined ? {} : { timeoutMs };
  const head = Number(
    BigInt(
      (await rpcCall({
        chainId: chain.id,
        method: 'eth_blockNumber',
        ...timeout,
        run: () => provider.send('eth_blockNumber', []),
      })) as string,
    ),
  );
  const headHash = (await rpcCall({
    chainId: chain.id,
    method: 'eth_getBlockByNumber',
    ...timeout,
    run: () => provider.send('eth_getBlockByNumber', [`0x${head.toString(16)}`, false]),
  })) as { hash?: unknown } | null;
  const checkpoint =
    typeof headHash?.hash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(headHash.hash)
      ? { block: head, hash: headHash.hash as Hex }
      : undefined;
  const stored = await store.load({ chainId: chain.id, owner: checkedOwner });
  // What earlier scans covered is trusted only while it still matches the chain.
  const { covered, reorg } = await verifyScanCoverage({
    provider,
    chainId: chain.id,
    state: stored,
    head,
    ...timeout,
  });
  if (reorg) onReorg?.(reorg);
  const previous = reorg && covered === null ? null : stored;
  const restart = reorg && covered === null && stored ? Math.min(stored.fromBlock, head) : undefined;
  const plan = planScanRanges({
    covered,
    head,
    lookbackBlocks,
    reorgMarginBlocks,
    ...(fromBlock === undefined ? (restart === undefined ? {} : { fromBlock: restart }) : { fromBlock }),
    ...(defaultFromBlock === undefined ? {} : { defaultFromBlock }),
  });
  const ownerTopic = `0x${checkedOwner.slice(2).toLowerCase().padStart(64, '0')}` as Hex;
  let logRequests = 0;
  let logRefusals = 0;
  const found: ApprovalCandidate[] = [];
  for (const range of plan.ranges) {
    const read = await getLogsAdaptive({
      provider,
      chainId: chain.id,
      filter: { topics: [[APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC], ownerTopic] },
      fromBlock: range.fromBlock,
      toBlock: range.toBlock,
      ...chunking,
      ...timeout,
    });
    logRequests += read.requests;
    logRefusals += read.refusals;
    found.push(...collectApprovalCandidates({ owner: checkedOwner, logs: read.logs }));
  }
  // Every range is read completely: only now may the store call it covered.
  const state =
    plan.ranges.length === 0 && previous !== null && reorg === null
      ? previous
      : await store.commit({
          chainId: chain.id,
          owner: checkedOwner,
          fromBlock: plan.fromBlock,
          toBlock: plan.toBlock,
          candidates: found,
          ...(checkpoint === undefined ? {} : { checkpoint }),
          ...(reorg === null ? {} : { rewindTo: reorg.rewindTo }),
          at: clock(),
        });
  const names = new Map(getKnownProtocols({ chain }).map((p) => [p.address.toLowerCase(), p.name]));
  const truth = await readApprovals({
    provider,
    chain,
    owner: checkedOwner,
    candidates: state.candidates,
    blockTag: BigInt(head),
    names,
    batchSize,
    ...timeout,
  });
  return {
    chainId: chain.id,
    owner: checkedOwner,
    blockNumber: head,
    fromBlock: state.fromBlock,
    toBlock: state.toBlock,
    reorg,
    scannedRanges: plan.ranges,
    approvals: truth.approvals,
    unreadable: truth.unreadable,
    stats: {
      logRequests,
      logRefusals,
      multicallBatches: truth.batches,
      candidates: state.candidates.length,
    },
  };
}
