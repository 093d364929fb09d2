import type { Address } from '../../chains/chains.js';
import type { ApprovalScanState, ApprovalScanStore, CommitApprovalScanParameters } from '../types.js';
import { checkedAddress, mergeApprovalScan } from './mergeApprovalScan.js';

/**
 * {@link ApprovalScanStore} in process memory (tests, single-process tools; lost on exit). A commit is one synchronous
 * merge, so concurrent scans of one owner cannot lose each other's pairs.
 *
 * @example
 * ```ts
 * import { MemoryApprovalScanStore, scanApprovals } from '@org/chain-evm';
 * const store = new MemoryApprovalScanStore();
 * const scan = await scanApprovals({ provider, chain, owner, store });
 * ```
 */
export class MemoryApprovalScanStore implements ApprovalScanStore {
  readonly #states = new Map<string, ApprovalScanState>();

  async load({ chainId, owner }: { chainId: number; owner: Address }): Promise<ApprovalScanState | null> {
    return this.#states.get(key(chainId, checkedAddress(owner, 'owner'))) ?? null;
  }

  async commit(parameters: CommitApprovalScanParameters): Promise<ApprovalScanState> {
    const owner = checkedAddress(parameters.owner, 'owner');
    const previous = this.#states.get(key(parameters.chainId, owner)) ?? null;
    // No await between the read and the write: this is what makes the merge atomic.
    const next = mergeApprovalScan({ previous, commit: parameters });
    this.#states.set(key(next.chainId, next.owner), next);
    return next;
  }
}

function key(chainId: number, owner: Address): string {
  return `${chainId}:${owner}`;
}
