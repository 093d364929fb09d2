import { Interface } from 'ethers';
import type { Address, ChainInfo } from '../chains/chains.js';
import { type RpcSender, aggregate3 } from '../multicall/aggregate3.js';
import { decodeUint256 } from '../multicall/decodeUint256.js';
import { ERC721_INTERFACE_ID } from './constants.js';
import { requireMulticall3 } from './requireMulticall3.js';

const stateReads = new Interface([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
]);

/** Parameters of {@link readApprovalState}. */
export interface ReadApprovalStateParameters {
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  readonly owner: Address;
  readonly token: Address;
  readonly spender: Address;
  readonly timeoutMs?: number;
}

/** What one (owner, token, spender) looks like on chain now; `null` where the token does not answer. */
export interface ApprovalState {
  /** ERC-20 `allowance(owner, spender)`. */
  readonly allowance: bigint | null;
  /** `isApprovedForAll(owner, spender)`. */
  readonly approvedForAll: boolean | null;
  /** ERC-165 says ERC-721: its `approve(x, 0)` would APPROVE token #0, so it is never revoked that way. */
  readonly isErc721: boolean;
}

/**
 * Reads the current approval state of one pair in ONE Multicall3 request: `allowance`, `isApprovedForAll` and ERC-165
 * `supportsInterface(0x80ac58cd)` (ERC-721). Used before a revoke (what is there to revoke, and how) and after it
 * (the allowance read back).
 *
 * @example
 * ```ts
 * const { allowance, approvedForAll } = await readApprovalState({ provider, chain, owner, token, spender });
 * ```
 */
export async function readApprovalState({
  provider,
  chain,
  owner,
  token,
  spender,
  timeoutMs,
}: ReadApprovalStateParameters): Promise<ApprovalState> {
  const multicall3 = requireMulticall3(chain);
  const call = (fn: string, args: unknown[]) => ({
    target: token,
    callData: stateReads.encodeFunctionData(fn, args) as `0x${string}`,
    allowFailure: true,
  });
  const [allowance, approved, erc721] = await aggregate3({
    provider,
    chainId: chain.id,
    multicall3,
    calls: [
      call('allowance', [owner, spender]),
      call('isApprovedForAll', [owner, spender]),
      call('supportsInterface', [ERC721_INTERFACE_ID]),
    ],
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  const word = (r: typeof allowance) => (r?.success ? decodeUint256(r.returnData) : null);
  const approvedWord = word(approved);
  return {
    allowance: word(allowance),
    approvedForAll: approvedWord === null || approvedWord > 1n ? null : approvedWord === 1n,
    isErc721: word(erc721) === 1n,
  };
}
