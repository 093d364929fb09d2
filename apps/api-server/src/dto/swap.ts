import type { ConfirmationDto } from './confirmation.js';
import type { ExecutionDto } from './execution.js';
import type { EthAmountDto } from './governor.js';
import type { ChainRefDto } from './wallet.js';

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
  chain: ChainRefDto;
  native: {
    symbol: string;
    /** @isInt */
    decimals: number;
  };
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
  /**
   * V3 fee tier of each hop (500 = 0.05%); empty for V2.
   * @isInt
   */
  fees: number[];
  pools: (string | null)[];
}

/** The token-safety verdict on what the swap acquires, as the execution gateway would gate it. */
export interface SwapSafetyDto {
  /** False when the gateway would block the swap for token safety. */
  allowed: boolean;
  /** `TOKEN_UNSAFE`, `TOKEN_SAFETY_UNKNOWN`, `TOKEN_BUY_TAX_TOO_HIGH`, `TOKEN_SELL_TAX_TOO_HIGH` when not allowed. */
  code: string | null;
  reason: string | null;
  isHoneypot: boolean | null;
  /** Percent lost on the way from the pool to the wallet, null when unknown. */
  buyTax: number | null;
  /** Percent, null when unknown. */
  sellTax: number | null;
  isSafe: boolean;
  /** @isInt */
  safetyScore: number;
}

/** A swap quote: what you would get, the worst you accept, the route, and what the gateway would decide. */
export interface SwapQuoteDto {
  chain: ChainRefDto;
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
   * in; for an ERC-20, priced on chain (Uniswap V2/V3 against WETH, pools under the liquidity floor ignored, the
   * highest route); null when it cannot be priced (then `/swap/execute` is blocked with `VALUE_UNKNOWN`).
   */
  value: EthAmountDto | null;
  /** Safety of the token acquired; null when the swap acquires the native currency. */
  safety: SwapSafetyDto | null;
  /** @isLong */
  blockNumber: number;
}

/** `POST /swap/execute` body. */
export interface SwapExecuteRequestDto {
  /**
   * Chain name, alias or id; optional when the server has a default chain.
   * @maxLength 64
   */
  chain?: string;
  /**
   * `ETH` (native), a symbol from `/swap/tokens`, or an address.
   * @maxLength 64
   */
  tokenIn: string;
  /**
   * `ETH` (native), a symbol from `/swap/tokens`, or an address.
   * @maxLength 64
   */
  tokenOut: string;
  /**
   * Human units of tokenIn, a decimal string (`"0.01"`).
   * @maxLength 100
   */
  amountIn: string;
  /**
   * 0 to `MAX_SLIPPAGE_BPS` (default 50).
   * @isInt
   */
  slippageBps?: number;
  /**
   * Highest acceptable sell tax of the token bought, basis points (default 1000 = 10%). Never makes a honeypot or an
   * unknown verdict acceptable.
   * @isInt
   */
  maxSellTaxBps?: number;
  /**
   * Highest acceptable buy tax of the token bought, basis points (default 1000 = 10%): what the token keeps of what
   * the pool sends. Never makes a honeypot or an unknown verdict acceptable.
   * @isInt
   */
  maxBuyTaxBps?: number;
  /**
   * Seconds until the router refuses the swap, 30–3600 (default 600).
   * @isInt
   */
  deadlineSeconds?: number;
}

/** The outcome of `POST /swap/execute` (200 confirmed, 202 pending: follow `/executions/{id}`). */
export interface SwapExecutionDto {
  execution: ExecutionDto;
  /** The exact approval sent first when the router's allowance was short; null when none was needed. */
  approval: ExecutionDto | null;
  /**
   * What the wallet actually received, read from the receipt's logs (null until mined): for a token that takes a
   * buy tax, what stayed after it.
   */
  amountReceived: TokenAmountDto | null;
  /**
   * When the swap (or its approval) waits for an operator (202, execution `awaiting_confirmation`): the held action
   * to approve or deny at `/confirmations/{id}`. Null otherwise.
   */
  confirmation: ConfirmationDto | null;
}
