/**
 * Types of the approvals module: ERC-20 allowances and ERC-721/1155 operator approvals of one owner, the scan state
 * persisted per (chain, owner), and risk scores. Amounts are `bigint` base units; addresses are EIP-55 checksummed.
 */
import type { Address } from '../chains/chains.js';
import type { Hex } from '../gateway/types.js';

/** `erc20`: an `approve(spender, amount)` allowance; `operator`: `setApprovalForAll(operator, true)` (NFTs). */
export type ApprovalKind = 'erc20' | 'operator';

/**
 * A (token, spender, kind) that an `Approval` / `ApprovalForAll` log of the owner nominated. Logs only nominate:
 * the current state is read from the token (`allowance()` / `isApprovedForAll()`).
 */
export interface ApprovalCandidate {
  readonly token: Address;
  readonly spender: Address;
  readonly kind: ApprovalKind;
  /** Block, transaction and log index of the latest log that named the pair. */
  readonly lastBlock: number;
  readonly lastTxHash: Hex;
  readonly lastLogIndex: number;
}

/** What a (chain, owner) scan has covered so far and the pairs it found. */
export interface ApprovalScanState {
  readonly chainId: number;
  readonly owner: Address;
  /** First block covered by the scans so far (inclusive). */
  readonly fromBlock: number;
  /** Last block covered (inclusive). */
  readonly toBlock: number;
  readonly candidates: readonly ApprovalCandidate[];
  /**
   * The hash of the head block each of the latest scans read up to (ascending, at most
   * {@link APPROVAL_SCAN_CHECKPOINTS}): a scan trusts what is covered only while these still match the chain.
   */
  readonly checkpoints: readonly ApprovalScanCheckpoint[];
  /** Epoch milliseconds of the last commit. */
  readonly updatedAt: number;
}

/** A position of the chain a scan read up to, with its block hash (to notice a reorg or a reset under it). */
export interface ApprovalScanCheckpoint {
  readonly block: number;
  readonly hash: Hex;
}

/** How many checkpoints a scan state keeps. */
export const APPROVAL_SCAN_CHECKPOINTS = 32;

/** Parameters of {@link ApprovalScanStore.commit}. */
export interface CommitApprovalScanParameters {
  readonly chainId: number;
  readonly owner: Address;
  /** The contiguous range now covered by this scan (merged with what was covered: min/max). */
  readonly fromBlock: number;
  readonly toBlock: number;
  /** Pairs found in this scan; merged by (token, spender, kind), the latest log wins. */
  readonly candidates: readonly ApprovalCandidate[];
  /** The block this scan read up to and its hash (kept as a checkpoint). */
  readonly checkpoint?: ApprovalScanCheckpoint;
  /**
   * What was covered above this block is no longer trusted (a reorg or a reset under it): before the merge, the
   * covered range is cut at it and the candidates and checkpoints above it are dropped (below the covered start:
   * everything is). This scan re-read what follows it.
   */
  readonly rewindTo?: number;
  readonly at: number;
}

/**
 * Persistence of approval scans per (chain, owner): the covered block range and the candidate pairs, so a repeat scan
 * reads only new blocks. `commit` is one atomic merge and refuses a range that would leave a gap in what is covered
 * (`STORE_INPUT_INVALID`): a covered range is always complete. Implementations: memory and SQLite
 * (`@org/chain-evm/sqlite`; never joins a transaction it did not open).
 */
export interface ApprovalScanStore {
  load(parameters: { chainId: number; owner: Address }): Promise<ApprovalScanState | null>;
  commit(parameters: CommitApprovalScanParameters): Promise<ApprovalScanState>;
}

/** One live approval, read from the chain. */
export interface Approval {
  readonly kind: ApprovalKind;
  readonly token: Address;
  /** `null` when the token has no readable `symbol()` (it still works). */
  readonly symbol: string | null;
  readonly name: string | null;
  /** `null` for NFTs and tokens without a readable `decimals()`. */
  readonly decimals: number | null;
  readonly spender: Address;
  /** The spender's name when it is a known protocol of the chain, else `null`. */
  readonly spenderName: string | null;
  /** ERC-20: the current allowance (> 0). Operators: `null` (an operator may move every token of the collection). */
  readonly allowance: bigint | null;
  /** ERC-20: `allowance` is the maximum or ≥ 2**255. Operators: always true (all tokens of the collection). */
  readonly unlimited: boolean;
  readonly lastApprovalBlock: number;
  readonly lastApprovalTxHash: Hex;
}

/** The factors a risk score adds up (see `APPROVAL_RISK_POINTS`). */
export type ApprovalRiskFactor =
  | 'unlimited'
  | 'unknown_spender'
  | 'spender_without_code'
  | 'upgradeable_spender'
  | 'stale'
  | 'value_at_risk_high'
  | 'value_at_risk_medium'
  | 'value_at_risk_low'
  | 'value_at_risk_unknown';

/** Risk level from the score. */
export type ApprovalRiskLevel = 'critical' | 'high' | 'medium' | 'low';

/** What the chain says about a spender. */
export type SpenderCodeKind =
  /** No code: an externally owned account (or a destroyed contract). */
  | 'none'
  /** An EOA with an EIP-7702 delegation: its key can still move anything it was approved for. */
  | 'delegated_eoa'
  /** A contract whose EIP-1967 implementation or beacon slot is set: its code can change. */
  | 'upgradeable'
  /** A contract. */
  | 'contract';
