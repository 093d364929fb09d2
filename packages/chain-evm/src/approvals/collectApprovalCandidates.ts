import { getAddress } from 'ethers';
import type { Address } from '../chains/chains.js';
import { APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC } from './constants.js';
import type { ChainLog } from './getLogsAdaptive.js';
import { candidateKey, isLater } from './store/mergeApprovalScan.js';
import type { ApprovalCandidate, ApprovalKind } from './types.js';

/** Parameters of {@link collectApprovalCandidates}. */
export interface CollectApprovalCandidatesParameters {
  readonly owner: Address;
  readonly logs: readonly ChainLog[];
}

/**
 * Turns `Approval` / `ApprovalForAll` logs into candidate (token, spender, kind) pairs of `owner` (pure). ERC-20
 * `Approval(owner indexed, spender indexed, value)` has 3 topics; ERC-721's per-token `Approval` has 4 (the token id
 * is indexed) and is not an allowance, so it is skipped; `ApprovalForAll(owner, operator, approved)` of ERC-721 and
 * ERC-1155 nominates an operator pair. Logs of another owner (a node that ignored the topic filter) and malformed
 * topics are ignored. Log values are never trusted: OpenZeppelin 4 tokens emit `Approval` on every `transferFrom`,
 * so the current state is read from the chain afterwards. The latest log of a pair wins; the output is sorted.
 *
 * @example
 * ```ts
 * const candidates = collectApprovalCandidates({ owner, logs });
 * ```
 */
export function collectApprovalCandidates({
  owner,
  logs,
}: CollectApprovalCandidatesParameters): ApprovalCandidate[] {
  const ownerTopic = `0x${owner.slice(2).toLowerCase().padStart(64, '0')}`;
  const pairs = new Map<string, ApprovalCandidate>();
  const keep = (candidate: ApprovalCandidate) => {
    const key = candidateKey(candidate);
    const previous = pairs.get(key);
    if (previous === undefined || isLater(candidate, previous)) pairs.set(key, candidate);
  };
  for (const log of logs) {
    const [topic0, topic1, topic2] = log.topics;
    if (log.topics.length !== 3 || topic1?.toLowerCase() !== ownerTopic || topic2 === undefined) continue;
    let kind: ApprovalKind;
    if (topic0?.toLowerCase() === APPROVAL_TOPIC) kind = 'erc20';
    else if (topic0?.toLowerCase() === APPROVAL_FOR_ALL_TOPIC) kind = 'operator';
    else continue;
    // An address topic is 12 zero bytes and 20 address bytes; anything else is not an address.
    if (!/^0x0{24}[0-9a-fA-F]{40}$/.test(topic2)) continue;
    keep({
      token: getAddress(log.address) as Address,
      spender: getAddress(`0x${topic2.slice(26)}`) as Address,
      kind,
      lastBlock: log.blockNumber,
      lastTxHash: log.transactionHash,
      lastLogIndex: log.logIndex,
    });
  }
  return [...pairs.values()].sort((a, b) => candidateKey(a).localeCompare(candidateKey(b)));
}
