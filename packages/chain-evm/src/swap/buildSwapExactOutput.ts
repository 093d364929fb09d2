import { parseAddress } from '../address/parseAddress.js';
import type { ChainInfo } from '../chains/chains.js';
import { checkSwapInputs } from './checkSwapInputs.js';
import { SwapError } from './SwapError.js';
import { swapRouter02Interface, swapRouterInterface } from './swapInterfaces.js';
import type { SwapTokenRef, SwapTransactionRequest } from './types.js';

/** Parameters of {@link buildSwapExactOutput}. */
export interface BuildSwapExactOutputParameters {
  readonly chain: ChainInfo;
  readonly tokenIn: SwapTokenRef;
  readonly tokenOut: SwapTokenRef;
  /** V3 fee tier of the pool (500, 3000, 10000). */
  readonly fee: number;
  /** Exactly this much token out is bought (base units, > 0). */
  readonly amountOut: bigint;
  /** REQUIRED: the most token in the swap may take (base units, > 0); the router reverts above it. */
  readonly amountInMaximum: bigint;
  /** REQUIRED: who receives token out. */
  readonly recipient: string;
  /** Unix time in seconds after which the router refuses the swap. */
  readonly deadline: bigint;
}

/**
 * Builds a Uniswap V3 `exactOutputSingle` swap: buy exactly `amountOut`, paying at most `amountInMaximum`.
 *
 * **Not production-ready** (SPEC §4, kept for parity): the input is bounded only by `amountInMaximum`, so a
 * loosely chosen maximum hands the whole margin to slippage and sandwich bots; only one pool (no routing, no
 * two-hop) is used; and an ERC-20 allowance of `amountInMaximum` may be left partly unspent afterwards (revoke it).
 * Prefer exact-input swaps ({@link buildSwapTransaction}). Both `amountInMaximum` and `recipient` are required.
 *
 * Native in: `msg.value = amountInMaximum`, then `refundETH()` returns what was not spent. Native out: the router
 * receives the wrapped token, then `unwrapWETH9(amountOut, recipient)`. Nothing is signed here.
 *
 * @example
 * ```ts
 * const tx = buildSwapExactOutput({
 *   chain, tokenIn: 'native', tokenOut: usdc, fee: 500, amountOut: 3_000_000_000n,
 *   amountInMaximum: 1_050_000_000_000_000_000n, recipient: wallet, deadline: now + 600n,
 * });
 * ```
 */
export function buildSwapExactOutput({
  chain,
  tokenIn,
  tokenOut,
  fee,
  amountOut,
  amountInMaximum,
  recipient,
  deadline,
}: BuildSwapExactOutputParameters): SwapTransactionRequest {
  const v3 = chain.contracts.uniswapV3;
  const wrapped = chain.contracts.wrappedNative;
  if (v3 === null || wrapped === null) {
    throw new SwapError('SWAP_NOT_CONFIGURED', `Uniswap V3 is not configured on ${chain.name}`);
  }
  if (recipient === undefined || amountInMaximum === undefined) {
    throw new SwapError('INVALID_SWAP_PARAMETER', 'amountInMaximum and recipient are required');
  }
  const to = checkSwapInputs({
    amounts: { amountOut, amountInMaximum },
    positive: ['amountOut', 'amountInMaximum'],
    deadline,
    recipient,
  });
  if (!Number.isInteger(fee) || fee <= 0 || fee >= 2 ** 24) {
    throw new SwapError('INVALID_SWAP_PARAMETER', 'Invalid V3 fee tier', { details: String(fee) });
  }
  const nativeIn = tokenIn === 'native';
  const nativeOut = tokenOut === 'native';
  const inAddress = nativeIn ? wrapped : parseAddress({ address: tokenIn });
  const outAddress = nativeOut ? wrapped : parseAddress({ address: tokenOut });
  if (inAddress === outAddress)
    throw new SwapError('SWAP_SAME_TOKEN', 'Token in and token out are the same asset');
  const router = v3.swapRouter;
  const original = v3.swapRouterKind === 'SwapRouter';
  const iface = original ? swapRouterInterface : swapRouter02Interface;
  const swap = iface.encodeFunctionData('exactOutputSingle', [
    {
      tokenIn: inAddress,
      tokenOut: outAddress,
      fee,
      recipient: nativeOut ? router : to,
      ...(original ? { deadline } : {}),
      amountOut,
      amountInMaximum,
      sqrtPriceLimitX96: 0n,
    },
  ]);
  const steps = [swap];
  if (nativeIn) steps.push(iface.encodeFunctionData('refundETH', []));
  if (nativeOut) steps.push(iface.encodeFunctionData('unwrapWETH9', [amountOut, to]));
  let data: string;
  if (!original)
    data = swapRouter02Interface.encodeFunctionData('multicall(uint256,bytes[])', [deadline, steps]);
  else if (steps.length === 1) data = swap;
  else data = swapRouterInterface.encodeFunctionData('multicall', [steps]);
  return { to: router, data: data as `0x${string}`, value: nativeIn ? amountInMaximum : 0n };
}
