import type { EthAmountDto } from './governor.js';

/** A token that can be swapped on a chain. */
export interface SwapTokenDto {
  symbol: string;
  name: string;
  address: string;
  /** @isInt */
  decimals: number;
}

/** The chain's swappable tokens: the native currency (`ETH`) and the token list. */
export interface SwapTokenListDto {
  chain: { id: number; name: string };
  native: { symbol: string; decimals: number };
  tokens: SwapTokenDto[];
}

/** An amount of a token: human decimal string and base units. */
export interface TokenAmountDto {
  /** `ETH` for the native currency. */
  symbol: string | null;
  /** `native` for the native currency, else the token address. */
  token: string;
  /** Human units, e.g. `"1.5"`. */
  amount: string;
  /** Base units, decimal string. */
  amountBase: string;
  /** @isInt */
  decimals: number;
}

/** The route of a quote. */
export interface SwapRouteDto {
  protocol: 'v2' | 'v3';
  router: string;
  /** ERC-20 path (WETH stands for native ETH). */
  path: string[];
  /** V3 fee tier of each hop (500 = 0.05%); empty for V2. */
  fees: number[];
  pools: (string | null)[];
}

/** The token-safety verdict on what the swap acquires, as the execution gateway would gate it. */
export interface SwapSafetyDto {
  /** False when the gateway would block the swap for token safety. */
  allowed: boolean;
  /** `TOKEN_UNSAFE`, `TOKEN_SAFETY_UNKNOWN`, `TOKEN_SELL_TAX_TOO_HIGH` when not allowed. */
  code: string | null;
  reason: string | null;
  isHoneypot: boolean | null;
  /** Percent, null when unknown. */
  sellTax: number | null;
  isSafe: boolean;
  /** @isInt */
  safetyScore: number;
}

/** A swap quote: what you would get, the worst you accept, the route, and what the gateway would decide. */
export interface SwapQuoteDto {
  chain: { id: number; name: string };
  amountIn: TokenAmountDto;
  amountOut: TokenAmountDto;
  /** The least accepted after `slippageBps` (what `/swap/execute` would put in the transaction). */
  amountOutMin: TokenAmountDto;
  /** @isInt */
  slippageBps: number;
  route: SwapRouteDto;
  /** Basis points, null when too small to measure. */
  priceImpactBps: string | null;
  /** Gas of the swap itself (not a limit). */
  gasEstimate: string;
  /**
   * ETH-equivalent value the spend governor would be charged for what is spent (before gas): exact for native ETH
   * in; null when it cannot be priced (then `/swap/execute` is blocked with `VALUE_UNKNOWN`).
   */
  value: EthAmountDto | null;
  /** Safety of the token acquired; null when the swap acquires the native currency. */
  safety: SwapSafetyDto | null;
  /** @isInt */
  blockNumber: number;
}
