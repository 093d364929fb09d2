/**
 * Types of the swap module. Amounts are `bigint` base units; addresses are EIP-55 checksummed.
 */
import type { Address } from '../chains/chains.js';
import type { Aggregate3Result } from '../multicall/aggregate3.js';

/** A token of a chain's swap token list. */
export interface SwapToken {
  readonly address: Address;
  readonly symbol: string;
  readonly name: string;
  /** ERC-20 `decimals()`; an integer 0..255. */
  readonly decimals: number;
}

/** What a swap spends or receives: the chain's native currency, or an ERC-20 by address. */
export type SwapTokenRef = 'native' | Address;

/** A token resolved from user input (`ETH`, a symbol, an address). */
export interface ResolvedSwapToken {
  /** What to pass to `quoteSwap` / the builders. */
  readonly ref: SwapTokenRef;
  readonly native: boolean;
  /** The ERC-20 that routes use: the wrapped native token (WETH) when `native`. */
  readonly address: Address;
  /** `null` when the token has no readable symbol (some old tokens). */
  readonly symbol: string | null;
  readonly name: string | null;
  readonly decimals: number;
  /** Where the metadata came from: the chain registry, the token list, or the token contract itself. */
  readonly source: 'native' | 'list' | 'chain';
}

/** One route through Uniswap V2 or V3. */
export interface SwapRoute {
  readonly protocol: 'v2' | 'v3';
  /** The router the swap is sent to (V2 Router02, or the V3 SwapRouter / SwapRouter02). */
  readonly router: Address;
  /** ERC-20 path, first = token in, last = token out (WETH stands for native ETH). */
  readonly path: readonly Address[];
  /** V3 fee tier of each hop in hundredths of a bip (500 = 0.05%); empty for V2. */
  readonly fees: readonly number[];
  /** Pair/pool address of each hop as the factory reported it in the same batch; `null` if unknown. */
  readonly pools: readonly (Address | null)[];
}

/** A quoted route and its output. */
export interface SwapRouteQuote {
  readonly route: SwapRoute;
  /** Expected amount received by the recipient, in base units of token out (after a declared transfer fee). */
  readonly amountOut: bigint;
  /**
   * Estimated gas of the swap itself. V3: QuoterV2's figure (the pools' work). V2: a documented constant per hop
   * (`V2_GAS_PER_HOP`, 90,000, in `constants.ts`). Not a gas limit: the gateway estimates the exact transaction.
   */
  readonly gasEstimate: bigint;
  /**
   * Price impact in basis points, rounded up: how much worse the trade's rate is than the rate of a trade 1/100
   * its size on the same route (read in the same batch). `null` when that small trade is too small to measure.
   */
  readonly priceImpactBps: bigint | null;
}

/** The answer of `quoteSwap`: the best route, and every route that answered. */
export interface SwapQuote extends SwapRouteQuote {
  readonly chainId: number;
  readonly tokenIn: SwapTokenRef;
  readonly tokenOut: SwapTokenRef;
  readonly amountIn: bigint;
  /** True when a transfer fee was declared for token in or out: only the V2 `…SupportingFeeOnTransferTokens` functions can execute it. */
  readonly feeOnTransfer: boolean;
  /** The block the whole quote was read at (same `eth_call`). */
  readonly blockNumber: bigint;
  /** Every route that gave a positive output, best first. */
  readonly candidates: readonly SwapRouteQuote[];
  /** The results of `readAlso` (`quoteSwap`), in order, read at `blockNumber`; absent when none were asked. */
  readonly alsoRead?: readonly Aggregate3Result[];
}

/** A transaction built by our code, ready for the execution gateway (which alone signs). */
export interface SwapTransactionRequest {
  readonly to: Address;
  readonly data: `0x${string}`;
  /** Native value in wei. */
  readonly value: bigint;
}
