import type { Address } from '../chains/chains.js';
import type { Aggregate3Call } from '../multicall/aggregate3.js';
import { quoterV2Interface } from '../swap/swapInterfaces.js';

/** Sell "everything": the swap stops at the price limit, not at the amount (QuoterV2 needs it below 2^255). */
const UNBOUNDED_IN = (1n << 255n) - 1n;

/** Parameters of {@link bandQuoteCall}. */
export interface BandQuoteCallParameters {
  /** The chain's Uniswap QuoterV2. */
  readonly quoter: Address;
  /** The token sold into the pool. */
  readonly tokenIn: Address;
  /** The token the pool pays out: the one whose depth is measured. */
  readonly tokenOut: Address;
  /** The pool's fee tier. */
  readonly fee: number;
  /** Where the sale stops (`bandSqrtPriceLimit`). */
  readonly sqrtPriceLimitX96: bigint;
}

/**
 * The Multicall3 call that asks Uniswap's QuoterV2 what a V3 pool really pays out of `tokenOut` for selling
 * `tokenIn` until the price reaches `sqrtPriceLimitX96` — the pool's own swap, walking every initialized tick on the
 * way (`quoteExactInputSingle` with an unbounded amount in). A position whose range ends at the spot pays nothing
 * on such a walk; nor does a pool without the tokens it claims (its transfer reverts: the call fails). Allowed to
 * fail; decode with `decodeBandQuote`.
 *
 * @example
 * ```ts
 * const call = bandQuoteCall({ quoter, tokenIn: token, tokenOut: weth, fee: 3000, sqrtPriceLimitX96: limit });
 * ```
 */
export function bandQuoteCall({
  quoter,
  tokenIn,
  tokenOut,
  fee,
  sqrtPriceLimitX96,
}: BandQuoteCallParameters): Aggregate3Call {
  const callData = quoterV2Interface.encodeFunctionData('quoteExactInputSingle', [
    { tokenIn, tokenOut, amountIn: UNBOUNDED_IN, fee, sqrtPriceLimitX96 },
  ]) as Address;
  return { target: quoter, callData, allowFailure: true };
}
