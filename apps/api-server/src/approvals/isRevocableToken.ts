import type { Address, ChainInfo, OutstandingApprovalStore, SwapToken } from '@org/chain-evm';

/**
 * Whether a revoke may touch `token`'s approvals: the token is on the chain's token list, or the gateway itself
 * granted `owner` an approval on it (an outstanding-approval row, reset or not). Any contract can emit an `Approval`
 * log naming the wallet and answer `allowance()` with anything: a revoke sent to such a contract burns the caps and
 * makes the wallet call it (review G10).
 *
 * @example
 * ```ts
 * if (!(await isRevocableToken({ chain, owner, token, tokens, approvals }))) skip(token);
 * ```
 */
export async function isRevocableToken({
  chain,
  owner,
  token,
  tokens,
  approvals,
}: {
  chain: ChainInfo;
  owner: Address;
  token: Address;
  /** The chain's token list (the swap list: built-in plus configured tokens). */
  tokens: readonly SwapToken[];
  approvals: OutstandingApprovalStore | undefined;
}): Promise<boolean> {
  const wanted = token.toLowerCase();
  if (tokens.some((t) => t.address.toLowerCase() === wanted)) return true;
  return approvals === undefined ? false : approvals.approvedThrough(chain.id, owner, token);
}
