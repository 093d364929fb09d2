import type { ChainInfo } from '../chains/chains.js';
import { buildV2SwapTransaction } from './buildV2SwapTransaction.js';
import { buildV3SwapTransaction } from './buildV3SwapTransaction.js';
import { SwapError } from './SwapError.js';
import type { SwapQuote, SwapTransactionRequest } from './types.js';

/** Parameters of {@link buildSwapTransaction}. */
export interface BuildSwapTransactionParameters {
  readonly chain: ChainInfo;
  /** A quote from `quoteSwap` on this chain. */
  readonly quote: SwapQuote;
  /** From `computeAmountOutMin` (the quote's output and the accepted slippage). */
  readonly amountOutMin: bigint;
  readonly recipient: string;
  /** Unix time in seconds after which the router refuses the swap. */
  readonly deadline: bigint;
}

/**
 * Builds the transaction of a quote's best route: V2 via {@link buildV2SwapTransaction} (the fee-on-transfer
 * variants when the quote declared a transfer fee), V3 via {@link buildV3SwapTransaction}; native in/out from
 * the quote's `tokenIn`/`tokenOut`. For an ERC-20 token in, approve exactly `quote.amountIn` to
 * `quote.route.router` first. Nothing is signed here: the result goes to the execution gateway.
 *
 * @example
 * ```ts
 * const quote = await quoteSwap({ provider, chain, tokenIn: usdc, tokenOut: 'native', amountIn });
 * const amountOutMin = computeAmountOutMin({ amountOut: quote.amountOut, slippageBps: 50 });
 * const tx = buildSwapTransaction({ chain, quote, amountOutMin, recipient: wallet, deadline: now + 600n });
 * ```
 */
export function buildSwapTransaction({
  chain,
  quote,
  amountOutMin,
  recipient,
  deadline,
}: BuildSwapTransactionParameters): SwapTransactionRequest {
  if (quote.chainId !== chain.id) {
    throw new SwapError('INVALID_SWAP_PARAMETER', 'The quote is for another chain', {
      details: `quote ${quote.chainId}, chain ${chain.id}`,
    });
  }
  const common = {
    chain,
    path: quote.route.path,
    amountIn: quote.amountIn,
    amountOutMin,
    recipient,
    deadline,
    nativeIn: quote.tokenIn === 'native',
    nativeOut: quote.tokenOut === 'native',
  };
  const expectedRouter =
    quote.route.protocol === 'v2'
      ? chain.contracts.uniswapV2?.router02
      : chain.contracts.uniswapV3?.swapRouter;
  if (expectedRouter !== quote.route.router) {
    throw new SwapError('INVALID_SWAP_PARAMETER', "The quote's router is not the chain's configured router", {
      details: quote.route.router,
    });
  }
  return quote.route.protocol === 'v2'
    ? buildV2SwapTransaction({ ...common, feeOnTransfer: quote.feeOnTransfer })
    : buildV3SwapTransaction({ ...common, fees: quote.route.fees });
}
