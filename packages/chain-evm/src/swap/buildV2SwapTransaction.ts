import { parseAddress } from '../address/parseAddress.js';
import type { ChainInfo } from '../chains/chains.js';
import { checkSwapInputs } from './checkSwapInputs.js';
import { SwapError } from './SwapError.js';
import { v2RouterInterface } from './swapInterfaces.js';
import type { SwapTransactionRequest } from './types.js';

/** Parameters of {@link buildV2SwapTransaction}. */
export interface BuildV2SwapTransactionParameters {
  readonly chain: ChainInfo;
  /** ERC-20 path (the wrapped native token at the native end), e.g. a quote's `route.path`. */
  readonly path: readonly string[];
  readonly amountIn: bigint;
  readonly amountOutMin: bigint;
  readonly recipient: string;
  /** Unix time in seconds after which the router refuses the swap. */
  readonly deadline: bigint;
  /** Pay with the native currency (`msg.value = amountIn`); `path[0]` must be the wrapped native token. */
  readonly nativeIn?: boolean;
  /** Receive the native currency; the last token of `path` must be the wrapped native token. */
  readonly nativeOut?: boolean;
  /** Use the `…SupportingFeeOnTransferTokens` functions (required for tokens that take a transfer fee). */
  readonly feeOnTransfer?: boolean;
}

/**
 * Builds an exact-input Uniswap V2 Router02 swap: `swapExactTokensForTokens`, `swapExactETHForTokens` or
 * `swapExactTokensForETH`, or their `…SupportingFeeOnTransferTokens` variants when `feeOnTransfer` is set (those
 * check `amountOutMin` against what the recipient's balance actually gained). Token in needs an allowance of
 * `amountIn` to the router first (see `buildApproveTransaction`). Nothing is signed here.
 *
 * @example
 * ```ts
 * const tx = buildV2SwapTransaction({ chain, path: [usdc, weth], amountIn, amountOutMin, recipient, deadline, nativeOut: true });
 * // { to: router02, data: swapExactTokensForETH(…), value: 0n }
 * ```
 */
export function buildV2SwapTransaction({
  chain,
  path,
  amountIn,
  amountOutMin,
  recipient,
  deadline,
  nativeIn = false,
  nativeOut = false,
  feeOnTransfer = false,
}: BuildV2SwapTransactionParameters): SwapTransactionRequest {
  const v2 = chain.contracts.uniswapV2;
  const wrapped = chain.contracts.wrappedNative;
  if (v2 === null || wrapped === null) {
    throw new SwapError('SWAP_NOT_CONFIGURED', `Uniswap V2 is not configured on ${chain.name}`);
  }
  const to = checkSwapInputs({
    amounts: { amountIn, amountOutMin },
    positive: ['amountIn'],
    deadline,
    recipient,
  });
  const tokens = path.map((address) => parseAddress({ address }));
  if (tokens.length < 2 || new Set(tokens).size !== tokens.length) {
    throw new SwapError('INVALID_SWAP_PARAMETER', 'A V2 path needs at least two distinct tokens', {
      details: tokens.join(' → '),
    });
  }
  if (nativeIn && nativeOut) {
    throw new SwapError('SWAP_SAME_TOKEN', 'Native in and native out is not a swap');
  }
  if (nativeIn && tokens[0] !== wrapped) {
    throw new SwapError(
      'INVALID_SWAP_PARAMETER',
      'Native in needs the wrapped native token first in the path',
    );
  }
  if (nativeOut && tokens[tokens.length - 1] !== wrapped) {
    throw new SwapError(
      'INVALID_SWAP_PARAMETER',
      'Native out needs the wrapped native token last in the path',
    );
  }
  const suffix = feeOnTransfer ? 'SupportingFeeOnTransferTokens' : '';
  let data: string;
  if (nativeIn) {
    data = v2RouterInterface.encodeFunctionData(`swapExactETHForTokens${suffix}`, [
      amountOutMin,
      tokens,
      to,
      deadline,
    ]);
  } else if (nativeOut) {
    data = v2RouterInterface.encodeFunctionData(`swapExactTokensForETH${suffix}`, [
      amountIn,
      amountOutMin,
      tokens,
      to,
      deadline,
    ]);
  } else {
    data = v2RouterInterface.encodeFunctionData(`swapExactTokensForTokens${suffix}`, [
      amountIn,
      amountOutMin,
      tokens,
      to,
      deadline,
    ]);
  }
  return { to: v2.router02, data: data as `0x${string}`, value: nativeIn ? amountIn : 0n };
}
