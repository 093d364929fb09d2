import { Interface } from 'ethers';
import type { Address, ChainInfo } from '../chains/chains.js';
import type { Aggregate3Call, RpcSender } from '../multicall/aggregate3.js';
import { aggregate3Batched } from '../multicall/aggregate3Batched.js';
import { decodeUint256 } from '../multicall/decodeUint256.js';
import { decodeTokenMetadata } from '../tokens/decodeTokenMetadata.js';
import { tokenMetadataCalls } from '../tokens/tokenMetadataCalls.js';
import { UNLIMITED_ALLOWANCE_THRESHOLD } from './constants.js';
import { requireMulticall3 } from './requireMulticall3.js';
import type { Approval, ApprovalCandidate } from './types.js';

const approvalReads = new Interface([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
]);

/** Parameters of {@link readApprovals}. */
export interface ReadApprovalsParameters {
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  readonly owner: Address;
  readonly candidates: readonly ApprovalCandidate[];
  /** Block every read is made at (one consistent snapshot); default `'latest'`. */
  readonly blockTag?: bigint | 'latest';
  /** Spender names by lower-case address (known protocols). */
  readonly names?: ReadonlyMap<string, string>;
  /** Calls per Multicall3 `eth_call` (default 500). */
  readonly batchSize?: number;
  readonly timeoutMs?: number;
}

/** Result of {@link readApprovals}. */
export interface ReadApprovalsReturnType {
  /** Live approvals (allowance > 0, or operator approved), sorted by token then spender. */
  readonly approvals: Approval[];
  /** Candidates whose state could not be read (the call reverted or answered garbage): unknown, not "none". */
  readonly unreadable: ApprovalCandidate[];
  /** Multicall3 `eth_call`s used. */
  readonly batches: number;
}

/**
 * Reads the truth about candidate pairs in Multicall3 batches: `allowance(owner, spender)` for ERC-20 pairs,
 * `isApprovedForAll(owner, operator)` for operator pairs, and each token's `decimals()`/`symbol()`/`name()` (bytes32
 * and missing metadata are fine) — `ceil((pairs + 3 × tokens) / batchSize)` requests, whatever the number of pairs.
 * Zero allowances and revoked operators are dropped; `unlimited` is an allowance ≥ 2**255 (the maximum included) and
 * every operator approval. A read that reverts or does not decode is listed as unreadable, never as "no approval".
 *
 * @example
 * ```ts
 * const { approvals } = await readApprovals({ provider, chain, owner, candidates: state.candidates });
 * ```
 */
export async function readApprovals({
  provider,
  chain,
  owner,
  candidates,
  blockTag = 'latest',
  names = new Map(),
  batchSize = 500,
  timeoutMs,
}: ReadApprovalsParameters): Promise<ReadApprovalsReturnType> {
  const multicall3 = requireMulticall3(chain);
  const tokens = [...new Map(candidates.map((c) => [c.token.toLowerCase(), c.token])).values()];
  const calls: Aggregate3Call[] = candidates.map((c) => ({
    target: c.token,
    callData: approvalReads.encodeFunctionData(c.kind === 'erc20' ? 'allowance' : 'isApprovedForAll', [
      owner,
      c.spender,
    ]) as `0x${string}`,
    allowFailure: true,
  }));
  for (const token of tokens) calls.push(...tokenMetadataCalls(token));
  const { results, batches } = await aggregate3Batched({
    provider,
    chainId: chain.id,
    multicall3,
    calls,
    batchSize,
    blockTag,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  const metadata = new Map(
    tokens.map((token, i) => {
      const at = candidates.length + i * 3;
      return [token.toLowerCase(), decodeTokenMetadata(results.slice(at, at + 3))];
    }),
  );
  const approvals: Approval[] = [];
  const unreadable: ApprovalCandidate[] = [];
  candidates.forEach((candidate, i) => {
    const result = results[i];
    const word = result?.success ? decodeUint256(result.returnData) : null;
    if (word === null || (candidate.kind === 'operator' && word > 1n)) {
      unreadable.push(candidate);
      return;
    }
    if (word === 0n) return;
    const meta = metadata.get(candidate.token.toLowerCase());
    approvals.push({
      kind: candidate.kind,
      token: candidate.token,
      symbol: meta?.symbol ?? null,
      name: meta?.name ?? null,
      decimals: candidate.kind === 'erc20' ? (meta?.decimals ?? null) : null,
      spender: candidate.spender,
      spenderName: names.get(candidate.spender.toLowerCase()) ?? null,
      allowance: candidate.kind === 'erc20' ? word : null,
      unlimited: candidate.kind === 'operator' || word >= UNLIMITED_ALLOWANCE_THRESHOLD,
      lastApprovalBlock: candidate.lastBlock,
      lastApprovalTxHash: candidate.lastTxHash,
    });
  });
  return { approvals, unreadable, batches };
}
