import type { EthAmountDto } from './governor.js';
import type { ChainRefDto } from './wallet.js';

/** A token of an order. */
export interface DcaTokenDto {
  /** `ETH` for the native currency; null when the token has no readable symbol (or could not be read now). */
  symbol: string | null;
  /** `native` for the native currency, else the token address. */
  token: string;
  /**
   * Null only when the token's decimals could not be read now (its amounts are then in base units only).
   * @isInt
   */
  decimals: number | null;
}

/** An amount of an order's token: human decimal string and base units. */
export interface DcaAmountDto {
  symbol: string | null;
  /** `native` for the native currency, else the token address. */
  token: string;
  /** Human units (`"25.5"`); null when the token's decimals are unknown right now. */
  amount: string | null;
  /** Base units, decimal string. */
  amountBase: string;
  /** @isInt */
  decimals: number | null;
}

/** A price of token out in token in (what one whole token bought costs), exact. */
export interface DcaPriceDto {
  /** Human decimal (`"3012.5"` USDC per WETH); null when the tokens' decimals are unknown right now. */
  price: string | null;
  /** The exact fraction in base units: `numerator` base units of token in per `denominator` base units of token out. */
  numerator: string;
  denominator: string;
}

/** How often an order fills. */
export interface DcaIntervalDto {
  /** `seconds` (a fixed length) or `months` (calendar months in UTC). */
  kind: 'seconds' | 'months';
  /** @isInt */
  seconds: number | null;
  /** @isInt */
  months: number | null;
  /** `hourly`, `daily`, `weekly`, `biweekly`, `monthly` when it is one of them. */
  name: string | null;
}

/** The last error of an order's fills. */
export interface DcaOrderErrorDto {
  /** The fill's code (`DAILY_LIMIT_EXCEEDED`, `TOKEN_UNSAFE`, `TX_REVERTED`, `DCA_EXECUTOR_ERROR`…). */
  code: string;
  reason: string;
  /** @isInt */
  slot: number | null;
  at: string;
}

/** Why an order is paused. */
export interface DcaPauseReasonDto {
  /** `PAUSED_BY_USER`, `TOKEN_UNSAFE`, `INSUFFICIENT_BALANCE` or `CONSECUTIVE_FAILURES`. */
  code: string;
  reason: string;
  /** The fill code that paused it automatically (`TOKEN_UNSAFE`…), null for a user's pause. */
  fillCode: string | null;
  /** @isInt */
  slot: number | null;
  at: string;
}

/** What an order has done so far (settled fills). */
export interface DcaTotalsDto {
  spent: DcaAmountDto;
  received: DcaAmountDto;
  /** @isInt */
  fills: number;
  /** @isInt */
  skipped: number;
  /** @isInt */
  blocked: number;
  /** @isInt */
  failed: number;
  /** Spent over received (the cost basis); null before anything was received. */
  averagePrice: DcaPriceDto | null;
}

/**
 * A recurring buy. `status`: `active` (runs at `nextRunAt`), `paused` (`pausedReason` says why; resume runs it from
 * the next slot), `cancelled`, `completed` (terminal).
 */
export interface DcaOrderDto {
  id: string;
  status: 'active' | 'paused' | 'cancelled' | 'completed';
  chain: ChainRefDto;
  tokenIn: DcaTokenDto;
  tokenOut: DcaTokenDto;
  amountPerFill: DcaAmountDto;
  interval: DcaIntervalDto;
  /** Slot 0 of the schedule. */
  firstRunAt: string;
  /** When the next slot runs; null unless active. */
  nextRunAt: string | null;
  /**
   * The next slot index (slots below it are done or were paused over).
   * @isInt
   */
  nextSlot: number;
  /**
   * Completed after this many filled fills; null = no limit.
   * @isInt
   */
  maxFills: number | null;
  /** Completed once this much is spent (the last fill is cut to the remainder); null = no limit. */
  maxTotalIn: DcaAmountDto | null;
  /** @isInt */
  slippageBps: number;
  /** A quote below this price skips the slot (`DCA_PRICE_OUT_OF_BAND`). */
  minPrice: DcaPriceDto | null;
  /** A quote above this price skips the slot; also the least output each fill accepts. */
  maxPrice: DcaPriceDto | null;
  /** After downtime: `skip` missed slots, or fill `once` then back on schedule. */
  catchUp: 'skip' | 'once';
  totals: DcaTotalsDto;
  /**
   * Failed fills in a row (reset by a fill and by resume).
   * @isInt
   */
  consecutiveFailures: number;
  lastError: DcaOrderErrorDto | null;
  pausedReason: DcaPauseReasonDto | null;
  /**
   * The slot of a fill still running or pending (its outcome not known yet), if any.
   * @isInt
   */
  openSlot: number | null;
  createdAt: string;
  updatedAt: string;
  /**
   * Incremented by every change of the order.
   * @isInt
   */
  version: number;
}

/** What a fill's checks read before it ran. */
export interface DcaQuoteDto {
  amountOut: DcaAmountDto;
  /** The fill's value as the gateway prices it. */
  value: EthAmountDto;
  /** Its worst-case network fee by the gateway's rule (approval included when one was needed). */
  worstCaseFee: EthAmountDto;
}

/**
 * One slot of an order. `status`: `filled`; `skipped` (missed during downtime, price outside the band, fee too
 * high); `blocked` (refused before anything was signed: the governor's or the gateway's code); `failed` (nothing
 * bought: reverted, not sent); `running`/`pending` (sent or being sent, outcome not known yet).
 */
export interface DcaFillDto {
  /** @isInt */
  slot: number;
  /** The slot's time. */
  scheduledAt: string;
  status: 'running' | 'pending' | 'filled' | 'skipped' | 'blocked' | 'failed';
  code: string | null;
  reason: string | null;
  /** Spent when filled, planned otherwise. */
  amountIn: DcaAmountDto;
  /** Received (filled only). */
  amountOut: DcaAmountDto | null;
  /** The least output accepted (slippage cap and price band); null when never sent. */
  minAmountOut: DcaAmountDto | null;
  /** What the fill paid: token in per token out. */
  price: DcaPriceDto | null;
  txHash: string | null;
  /**
   * The block the swap was mined in and its hash (filled only). A fill whose block is reorganized away goes back to
   * `pending` with code `REORGED`, out of the order's totals, and is counted once when its swap is mined again.
   * @isLong
   */
  blockNumber: number | null;
  blockHash: string | null;
  /** Network fee paid by the swap. */
  fee: EthAmountDto | null;
  /** The gateway's execution (`/executions/{id}`). */
  executionId: string | null;
  /** `dca:<order id>:<slot>`, the fill's `Idempotency-Key` in the gateway. */
  idempotencyKey: string;
  quote: DcaQuoteDto | null;
  createdAt: string;
  updatedAt: string;
}

/** An order and its fill history (newest slot first). */
export interface DcaOrderDetailDto {
  order: DcaOrderDto;
  fills: DcaFillDto[];
  /** Pass as `cursor` for older fills; null on the last page. */
  nextCursor: string | null;
}

/** A page of orders, newest first. */
export interface DcaOrderPageDto {
  items: DcaOrderDto[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** `POST /dca/orders` body. Give exactly one of `interval`, `intervalSeconds`, `intervalMonths`. */
export interface DcaOrderCreateRequestDto {
  /**
   * Chain name, alias or id; optional when the server has a default chain.
   * @maxLength 64
   */
  chain?: string;
  /**
   * The token spent: `ETH` (native), a symbol from `/swap/tokens`, or an address.
   * @maxLength 64
   */
  tokenIn: string;
  /**
   * The token bought: `ETH` (native), a symbol from `/swap/tokens`, or an address. Must be safe to acquire.
   * @maxLength 64
   */
  tokenOut: string;
  /**
   * Human units of tokenIn per fill, a decimal string (`"25"`).
   * @maxLength 100
   */
  amountPerFill: string;
  /** A named interval (`monthly` is a calendar month in UTC). */
  interval?: 'hourly' | 'daily' | 'weekly' | 'biweekly' | 'monthly';
  /**
   * Seconds between fills, 60 to 31622400 (366 days).
   * @isInt
   */
  intervalSeconds?: number;
  /**
   * Calendar months between fills, 1 to 12.
   * @isInt
   */
  intervalMonths?: number;
  /**
   * ISO 8601 time of the first fill (default now); at most a minute in the past, at most 366 days ahead.
   * @maxLength 64
   */
  firstRunAt?: string;
  /**
   * Completed after this many fills.
   * @isInt
   */
  maxFills?: number;
  /**
   * Human units of tokenIn: completed once this much is spent (the last fill is cut to the remainder).
   * @maxLength 100
   */
  maxTotalIn?: string;
  /**
   * Slippage cap of each fill, 0 to `MAX_SLIPPAGE_BPS` (default 50, capped by it).
   * @isInt
   */
  slippageBps?: number;
  /**
   * Human price of tokenOut in tokenIn (`"2500"` USDC per WETH): a quote below it skips the slot.
   * @maxLength 100
   */
  minPrice?: string;
  /**
   * Human price of tokenOut in tokenIn: a quote above it skips the slot; also each fill's least output.
   * @maxLength 100
   */
  maxPrice?: string;
  /** After downtime: `skip` (default) records missed slots as skipped; `once` fills one, then back on schedule. */
  catchUp?: 'skip' | 'once';
}

/** Per token pair: never summing different tokens. */
export interface DcaPairStatsDto {
  chain: ChainRefDto;
  tokenIn: DcaTokenDto;
  tokenOut: DcaTokenDto;
  /** @isInt */
  orders: number;
  spent: DcaAmountDto;
  received: DcaAmountDto;
  /** @isInt */
  fills: number;
  averagePrice: DcaPriceDto | null;
}

/** Orders per status. */
export interface DcaStatusCountsDto {
  /** @isInt */
  active: number;
  /** @isInt */
  paused: number;
  /** @isInt */
  cancelled: number;
  /** @isInt */
  completed: number;
}

/** Fill records per final status. */
export interface DcaFillCountsDto {
  /** @isInt */
  filled: number;
  /** @isInt */
  skipped: number;
  /** @isInt */
  blocked: number;
  /** @isInt */
  failed: number;
}

/** Paused orders per pause code. */
export interface DcaPauseCountsDto {
  /** @isInt */
  PAUSED_BY_USER: number;
  /** @isInt */
  TOKEN_UNSAFE: number;
  /** @isInt */
  INSUFFICIENT_BALANCE: number;
  /** @isInt */
  CONSECUTIVE_FAILURES: number;
}

/** One code of the orders' last errors. */
export interface DcaErrorStatsDto {
  code: string;
  /**
   * Active or paused orders whose last error has this code.
   * @isInt
   */
  orders: number;
  /** The latest of them. */
  at: string;
  reason: string;
  orderId: string;
}

/** The scheduler of this server. */
export interface DcaSchedulerStatusDto {
  /** False when `DCA_TICK_SECONDS=0` or no wallet is configured: nothing runs. */
  running: boolean;
  /** @isInt */
  tickSeconds: number;
  /** When the last tick started; null before the first. */
  lastTickAt: string | null;
}

/** `GET /dca/stats`. */
export interface DcaStatsDto {
  orders: DcaStatusCountsDto;
  fills: DcaFillCountsDto;
  pairs: DcaPairStatsDto[];
  /**
   * Filled over attempted (filled + blocked + failed), basis points; null before any attempt.
   * @isInt
   */
  successRateBps: number | null;
  /** The earliest next run of an active order. */
  nextRunAt: string | null;
  paused: DcaPauseCountsDto;
  /** Why fills do not go through: per code of the orders' last error, most orders first. */
  lastErrors: DcaErrorStatsDto[];
  scheduler: DcaSchedulerStatusDto;
}
