import { parseAddress } from '../address/parseAddress.js';
import { MAX_UINT256 } from './constants.js';
import { SwapError } from './SwapError.js';
import { erc20Interface } from './swapInterfaces.js';
import type { SwapTransactionRequest } from './types.js';

/** Parameters of {@link buildApproveTransaction}. */
export interface BuildApproveTransactionParameters {
  /** The ERC-20 whose allowance is set. */
  readonly token: string;
  /** Who may spend (a router). */
  readonly spender: string;
  /** The exact allowance in base units (0 revokes). Our flows approve exactly what a swap spends. */
  readonly amount: bigint;
}

/**
 * Builds ERC-20 `approve(spender, amount)`. Pass the exact amount the next swap spends: the swap consumes it and
 * leaves an allowance of 0 (no standing approval for a router to be drained through). An amount outside uint256
 * → `INVALID_AMOUNT`; the zero address as spender → `INVALID_SWAP_PARAMETER`.
 *
 * @example
 * ```ts
 * const tx = buildApproveTransaction({ token: usdc, spender: quote.route.router, amount: quote.amountIn });
 * // { to: usdc, data: approve(router, amountIn), value: 0n }
 * ```
 */
export function buildApproveTransaction({
  token,
  spender,
  amount,
}: BuildApproveTransactionParameters): SwapTransactionRequest {
  const to = parseAddress({ address: token });
  const who = parseAddress({ address: spender });
  if (BigInt(who) === 0n)
    throw new SwapError('INVALID_SWAP_PARAMETER', 'The spender may not be the zero address');
  if (typeof amount !== 'bigint' || amount < 0n || amount > MAX_UINT256) {
    throw new SwapError('INVALID_AMOUNT', 'amount must be a uint256', { details: String(amount) });
  }
  return {
    to,
    data: erc20Interface.encodeFunctionData('approve', [who, amount]) as `0x${string}`,
    value: 0n,
  };
}
