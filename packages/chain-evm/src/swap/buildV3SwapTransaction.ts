import { parseAddress } from '../address/parseAddress.js';
import type { ChainInfo } from '../chains/chains.js';
import { checkSwapInputs } from './checkSwapInputs.js';
import { encodeV3Path } from './encodeV3Path.js';
import { SwapError } from './SwapError.js';
import { swapRouter02Interface, swapRouterInterface } from './swapInterfaces.js';
import type { SwapTransactionRequest } from './types.js';

/** Parameters of {@link buildV3SwapTransaction}. */
export interface BuildV3SwapTransactionParameters {
  readonly chain: ChainInfo;
  /** ERC-20 path (the wrapped native token at the native end), e.g. a quote's `route.path`. */
  readonly path: readonly string[];
  /** Fee tier per hop, e.g. a quote's `route.fees`. */
  readonly fees: readonly number[];
  readonly amountIn: bigint;
  readonly amountOutMin: bigint;
  readonly recipient: string;
  /** Unix time in seconds after which the router refuses the swap. */
  readonly deadline: bigint;
  /** Pay with the native currency: `msg.value = amountIn`, the router wraps it, then `refundETH()`. */
  readonly nativeIn?: boolean;
  /** Receive the native currency: the router receives the wrapped token, then `unwrapWETH9(amountOutMin, recipient)`. */
  readonly nativeOut?: boolean;
}

/**
 * Builds an exact-input Uniswap V3 swap for the chain's router kind: `exactInputSingle` (one hop) or
 * `exactInput` (encoded path). With the original `SwapRouter` the deadline is in the parameters and several
 * steps go through `multicall(bytes[])`; with `SwapRouter02` the call is always `multicall(deadline, bytes[])`
 * so the deadline is still enforced. Native in adds `refundETH()`, native out sends the output to the router and
 * adds `unwrapWETH9(amountOutMin, recipient)` (the recipient gets native currency; no Transfer log shows it).
 * Token in needs an allowance of `amountIn` to the router (not for native in). Nothing is signed here.
 *
 * @example
 * ```ts
 * const tx = buildV3SwapTransaction({ chain, path: [weth, usdc], fees: [500], amountIn, amountOutMin, recipient, deadline, nativeIn: true });
 * // { to: swapRouter, data: multicall([exactInputSingle, refundETH]), value: amountIn }
 * ```
 */
export function buildV3SwapTransaction({
  chain,
  path,
  fees,
  amountIn,
  amountOutMin,
  recipient,
  deadline,
  nativeIn = false,
  nativeOut = false,
}: BuildV3SwapTransactionParameters): SwapTransactionRequest {
  const v3 = chain.contracts.uniswapV3;
  const wrapped = chain.contracts.wrappedNative;
  if (v3 === null || wrapped === null) {
    throw new SwapError('SWAP_NOT_CONFIGURED', `Uniswap V3 is not configured on ${chain.name}`);
  }
  const to = checkSwapInputs({
    amounts: { amountIn, amountOutMin },
    positive: ['amountIn'],
    deadline,
    recipient,
  });
  const tokens = path.map((address) => parseAddress({ address }));
  const encodedPath = encodeV3Path({ path: tokens, fees });
  if (nativeIn && nativeOut) throw new SwapError('SWAP_SAME_TOKEN', 'Native in and native out is not a swap');
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
  const router = v3.swapRouter;
  const swapRecipient = nativeOut ? router : to;
  const original = v3.swapRouterKind === 'SwapRouter';
  const iface = original ? swapRouterInterface : swapRouter02Interface;
  const withDeadline = original ? { deadline } : {};
  let swap: string;
  if (tokens.length === 2) {
    swap = iface.encodeFunctionData('exactInputSingle', [
      {
        tokenIn: tokens[0],
        tokenOut: tokens[1],
        fee: fees[0],
        recipient: swapRecipient,
        ...withDeadline,
        amountIn,
        amountOutMinimum: amountOutMin,
        sqrtPriceLimitX96: 0n,
      },
    ]);
  } else {
    swap = iface.encodeFunctionData('exactInput', [
      {
        path: encodedPath,
        recipient: swapRecipient,
        ...withDeadline,
        amountIn,
        amountOutMinimum: amountOutMin,
      },
    ]);
  }
  const steps = [swap];
  if (nativeIn) steps.push(iface.encodeFunctionData('refundETH', []));
  if (nativeOut) steps.push(iface.encodeFunctionData('unwrapWETH9', [amountOutMin, to]));
  let data: string;
  if (!original)
    data = swapRouter02Interface.encodeFunctionData('multicall(uint256,bytes[])', [deadline, steps]);
  else if (steps.length === 1) data = swap;
  else data = swapRouterInterface.encodeFunctionData('multicall', [steps]);
  return { to: router, data: data as `0x${string}`, value: nativeIn ? amountIn : 0n };
}
