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
 * for new blocks and re-reads the known pairs. Errors (`LOG_SCAN_FAILED`, RPC codes, store codes) are thrown — a
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
  const previous = await store.load({ chainId: chain.id, owner: checkedOwner });
  const plan = planScanRanges({
    covered: previous,
    head,
    lookbackBlocks,
    reorgMarginBlocks,
    ...(fromBlock === undefined ? {} : { fromBlock }),
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
    plan.ranges.length === 0 && previous !== null
      ? previous
      : await store.commit({
          chainId: chain.id,
          owner: checkedOwner,
          fromBlock: plan.fromBlock,
          toBlock: plan.toBlock,
          candidates: found,
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
