import type { Address, ChainInfo } from '../chains/chains.js';
import { ApprovalError } from './ApprovalError.js';

/**
 * The chain's Multicall3 address, or `APPROVALS_NOT_CONFIGURED`: approvals are only ever read in batches.
 *
 * @example
 * ```ts
 * const multicall3 = requireMulticall3(chain);
 * ```
 */
export function requireMulticall3(chain: ChainInfo): Address {
  const multicall3 = chain.contracts.multicall3;
  if (multicall3 === null) {
    throw new ApprovalError('APPROVALS_NOT_CONFIGURED', `No Multicall3 configured on ${chain.name}`);
  }
  return multicall3;
}
