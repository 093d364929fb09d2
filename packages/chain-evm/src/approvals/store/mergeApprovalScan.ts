import { getAddress } from 'ethers';
import type { Address } from '../../chains/chains.js';
import { invalid } from '../../gateway/store/storeInput.js';
import type { Hex } from '../../gateway/types.js';
import {
  APPROVAL_SCAN_CHECKPOINTS,
  type ApprovalCandidate,
  type ApprovalScanCheckpoint,
  type ApprovalScanState,
  type CommitApprovalScanParameters,
} from '../types.js';

/**
 * The one merge rule of every approval scan store (pure): the covered range becomes `[min(from), max(to)]` and must
 * stay contiguous — a commit that would leave a gap is refused (`STORE_INPUT_INVALID`), so "covered" always means
 * "every block read"; candidates merge by (token, spender, kind), the later log winning. A `rewindTo` first cuts what
 * was covered at that block (candidates and checkpoints above it dropped: a reorg or a reset took those blocks); the
 * commit's checkpoint is added to the newest ones kept. Input is validated and
 * addresses are checksummed, so the memory and SQLite stores accept and refuse exactly the same things.
 *
 * @example
 * ```ts
 * const next = mergeApprovalScan({ previous: await store.load({ chainId, owner }), commit });
 * ```
 */
export function mergeApprovalScan({
  previous: stored,
  commit,
}: {
  previous: ApprovalScanState | null;
  commit: CommitApprovalScanParameters;
}): ApprovalScanState {
  const input = checkCommit(commit);
  const previous = input.rewindTo === undefined ? stored : rewind(stored, input.rewindTo);
  if (
    previous !== null &&
    (input.fromBlock > previous.toBlock + 1 || input.toBlock < previous.fromBlock - 1)
  ) {
    throw invalid(
      'scan range',
      `blocks ${input.fromBlock}–${input.toBlock} would leave a gap next to ${previous.fromBlock}–${previous.toBlock}`,
    );
  }
  const pairs = new Map<string, ApprovalCandidate>();
  for (const candidate of [...(previous?.candidates ?? []), ...input.candidates]) {
    const key = candidateKey(candidate);
    const held = pairs.get(key);
    if (held === undefined || isLater(candidate, held)) pairs.set(key, candidate);
  }
  return {
    chainId: input.chainId,
    owner: input.owner,
    fromBlock: previous === null ? input.fromBlock : Math.min(previous.fromBlock, input.fromBlock),
    toBlock: previous === null ? input.toBlock : Math.max(previous.toBlock, input.toBlock),
    candidates: [...pairs.values()].sort((a, b) => candidateKey(a).localeCompare(candidateKey(b))),
    checkpoints: withCheckpoint(previous?.checkpoints ?? [], input.checkpoint),
    updatedAt: input.at,
  };
}

/** `state` without what lies above `block` (null when nothing of it is left). */
function rewind(state: ApprovalScanState | null, block: number): ApprovalScanState | null {
  if (state === null || block < state.fromBlock) return null;
  return {
    ...state,
    toBlock: Math.min(state.toBlock, block),
    candidates: state.candidates.filter((c) => c.lastBlock <= block),
    checkpoints: state.checkpoints.filter((c) => c.block <= block),
  };
}

/** The checkpoints with `added` (replacing one at the same block), ascending, the newest kept. */
function withCheckpoint(
  checkpoints: readonly ApprovalScanCheckpoint[],
  added: ApprovalScanCheckpoint | undefined,
): readonly ApprovalScanCheckpoint[] {
  const all =
    added === undefined ? [...checkpoints] : [...checkpoints.filter((c) => c.block !== added.block), added];
  return all.sort((a, b) => a.block - b.block).slice(-APPROVAL_SCAN_CHECKPOINTS);
}

/** `(token, spender, kind)` in lower case: the identity of a candidate. */
export function candidateKey(candidate: Pick<ApprovalCandidate, 'token' | 'spender' | 'kind'>): string {
  return `${candidate.token.toLowerCase()}:${candidate.spender.toLowerCase()}:${candidate.kind}`;
}

/** Whether `a` comes from a later log than `b`. */
export function isLater(a: ApprovalCandidate, b: ApprovalCandidate): boolean {
  return a.lastBlock > b.lastBlock || (a.lastBlock === b.lastBlock && a.lastLogIndex > b.lastLogIndex);
}

/** Validates a commit and normalises its addresses (checksummed). */
export function checkCommit(commit: CommitApprovalScanParameters): CommitApprovalScanParameters {
  const block = (value: unknown, what: string) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      throw invalid(what, 'expected a non-negative safe integer');
    }
    return value;
  };
  if (typeof commit !== 'object' || commit === null) throw invalid('commit', 'expected an object');
  const chainId = block(commit.chainId, 'chain id');
  const fromBlock = block(commit.fromBlock, 'from block');
  const toBlock = block(commit.toBlock, 'to block');
  if (toBlock < fromBlock)
    throw invalid('scan range', `to block ${toBlock} is before from block ${fromBlock}`);
  if (!Array.isArray(commit.candidates)) throw invalid('candidates', 'expected an array');
  const checkpoint = commit.checkpoint;
  if (checkpoint !== undefined) {
    if (typeof checkpoint !== 'object' || checkpoint === null)
      throw invalid('checkpoint', 'expected an object');
    block(checkpoint.block, 'checkpoint block');
    if (typeof checkpoint.hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(checkpoint.hash)) {
      throw invalid('checkpoint hash', 'expected 32 bytes hex');
    }
  }
  return {
    chainId,
    owner: checkedAddress(commit.owner, 'owner'),
    fromBlock,
    toBlock,
    ...(checkpoint === undefined
      ? {}
      : { checkpoint: { block: checkpoint.block, hash: checkpoint.hash.toLowerCase() as Hex } }),
    ...(commit.rewindTo === undefined ? {} : { rewindTo: rewindBlock(commit.rewindTo) }),
    at: block(commit.at, 'commit time'),
    candidates: commit.candidates.map((c) => {
      if (typeof c !== 'object' || c === null) throw invalid('candidate', 'expected an object');
      if (c.kind !== 'erc20' && c.kind !== 'operator')
        throw invalid('candidate kind', 'expected erc20 or operator');
      if (typeof c.lastTxHash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(c.lastTxHash)) {
        throw invalid('candidate transaction hash', 'expected 32 bytes hex');
      }
      return {
        token: checkedAddress(c.token, 'candidate token'),
        spender: checkedAddress(c.spender, 'candidate spender'),
        kind: c.kind,
        lastBlock: block(c.lastBlock, 'candidate block'),
        lastTxHash: c.lastTxHash.toLowerCase() as Hex,
        lastLogIndex: block(c.lastLogIndex, 'candidate log index'),
      };
    }),
  };
}

/** A rewind position: a safe integer ≥ -1 (-1: nothing of what was covered is trusted). */
function rewindBlock(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < -1) {
    throw invalid('rewind block', 'expected a safe integer, -1 or more');
  }
  return value;
}

/** An address in any case, checksummed; anything else is invalid input. */
export function checkedAddress(value: unknown, what: string): Address {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) {
    throw invalid(what, 'expected a 20-byte hex address');
  }
  return getAddress(value.toLowerCase()) as Address;
}
