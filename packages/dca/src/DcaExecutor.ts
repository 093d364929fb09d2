import type { DcaOrder, DcaQuote } from './types.js';

/** Parameters of {@link DcaExecutor.balance}. */
export interface DcaBalanceParameters {
  readonly order: DcaOrder;
  /** Aborted when the scheduler's time-out for the call elapses. */
  readonly signal: AbortSignal;
}

/** Parameters of {@link DcaExecutor.quote}. */
export interface DcaQuoteParameters {
  readonly order: DcaOrder;
  /** Base units of token in. */
  readonly amountIn: bigint;
  readonly signal: AbortSignal;
}

/** Parameters of {@link DcaExecutor.execute}. */
export interface DcaExecuteParameters {
  readonly order: DcaOrder;
  readonly slot: number;
  /** Exact input, base units of token in. */
  readonly amountIn: bigint;
  /**
   * `dca:<order id>:<slot>`. The executor MUST pass it to its execution path so that a second call with the same
   * key returns the first call's outcome (or its current state) and never executes again — the gateway's
   * `Idempotency-Key`.
   */
  readonly idempotencyKey: string;
  /** The order's slippage cap, basis points. */
  readonly slippageBps: number;
  /**
   * The least output to accept, base units of token out: the quote less the slippage cap, raised to what the
   * order's `maxPrice` allows. The swap must revert below it.
   */
  readonly minAmountOut: bigint;
  /** The quote the checks were made on (null when a fill is executed again after a crash). */
  readonly quote: DcaQuote | null;
  readonly signal: AbortSignal;
  /**
   * The scheduler always passes it. The executor MUST await it immediately before it hands each transaction of the
   * fill to the signer (`'approval'`, then `'swap'`): it re-reads the order and, by compare-and-set with the fill's
   * claim, confirms the order is still `active`. When the order was paused, cancelled or completed meanwhile it
   * rejects with `DcaFillStoppedError` (`DCA_ORDER_PAUSED`…): send nothing more and let the rejection propagate —
   * the fill is settled `skipped` with that code.
   */
  readonly beforeSend?: (what: 'approval' | 'swap') => Promise<void>;
}

/** Parameters of {@link DcaExecutor.lookup}. */
export interface DcaLookupParameters {
  readonly idempotencyKey: string;
  readonly order: DcaOrder;
  readonly slot: number;
  readonly signal: AbortSignal;
}

/**
 * The outcome of a fill, as the executor reports it.
 *
 * - `filled`: mined with success; `amountIn` is what was spent (at most what was asked), `amountOut` received.
 * - `pending`: broadcast, receipt unknown (time-out, node lost). The scheduler asks `lookup` later, never executes
 *   again.
 * - `blocked`: refused before anything was signed — governor (`DAILY_LIMIT_EXCEEDED`, `KILL_SWITCH_ENGAGED`…),
 *   token safety (`TOKEN_UNSAFE`, `TOKEN_SAFETY_UNKNOWN`, `TOKEN_SELL_TAX_TOO_HIGH`), balance
 *   (`INSUFFICIENT_BALANCE`) or policy. What the order does about it is decided by the code (`DCA_BLOCK_EFFECTS`).
 * - `failed`: nothing bought — reverted on chain (fee spent: give `txHash`/`feeWei`), simulation revert, send
 *   failure. Counts toward the order's consecutive failures.
 */
export type DcaExecution =
  | {
      readonly status: 'filled';
      readonly amountIn: bigint;
      readonly amountOut: bigint;
      readonly txHash: string;
      readonly feeWei?: bigint | null;
      readonly executionId?: string | null;
      /** The block the transaction was mined in, and its hash (kept on the fill; absent: not known). */
      readonly blockNumber?: number | null;
      readonly blockHash?: string | null;
    }
  | {
      readonly status: 'pending';
      readonly amountIn: bigint;
      readonly txHash?: string | null;
      readonly executionId?: string | null;
    }
  | {
      readonly status: 'blocked';
      readonly code: string;
      readonly reason: string;
      readonly executionId?: string | null;
    }
  | {
      readonly status: 'failed';
      readonly code: string;
      readonly reason: string;
      readonly txHash?: string | null;
      readonly feeWei?: bigint | null;
      readonly executionId?: string | null;
    };

/**
 * The port through which fills run. The app implements it with the execution gateway's swap (governor
 * reservation, token safety, simulation, signing, receipt); this package never signs, prices or reads a chain.
 * Every call gets an `AbortSignal` that the scheduler aborts at its time-out.
 *
 * @example
 * ```ts
 * const executor: DcaExecutor = {
 *   balance: async ({ order }) => erc20BalanceOf(order.tokenIn, wallet),
 *   quote: async ({ order, amountIn }) => swapService.quote({ order, amountIn }),
 *   execute: async (p) => swapService.execute({ ...p, idempotencyKey: p.idempotencyKey }),
 *   lookup: async ({ idempotencyKey }) => swapService.byIdempotencyKey(idempotencyKey),
 * };
 * ```
 */
export interface DcaExecutor {
  /** The wallet's balance of the order's `tokenIn`, base units. */
  balance(parameters: DcaBalanceParameters): Promise<bigint>;
  /** Expected output, value in wei and worst-case fee of a fill of `amountIn`. Read-only. */
  quote(parameters: DcaQuoteParameters): Promise<DcaQuote>;
  /**
   * Runs one fill. Called only after the fill is written `running`. Idempotent by `idempotencyKey`: a repeat
   * returns the first outcome (or its current state), never a second swap.
   */
  execute(parameters: DcaExecuteParameters): Promise<DcaExecution>;
  /**
   * The outcome of an earlier `execute` with this key (its current state: `pending` if still unknown), or `null`
   * when the executor never received it — then nothing was executed, and the scheduler may call `execute` with the
   * same key.
   */
  lookup(parameters: DcaLookupParameters): Promise<DcaExecution | null>;
}
