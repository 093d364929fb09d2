/**
 * How often an order fills, stored as what it means: a fixed number of seconds (`hourly` is 3 600 s, `daily`
 * 86 400 s, `weekly` 604 800 s, `biweekly` 1 209 600 s; any other at least 60 s), or whole calendar months in UTC
 * (`monthly`: the same day of the month and time of day as the first run, clamped to the month's last day).
 */
export type DcaInterval =
  | { readonly kind: 'seconds'; readonly seconds: number }
  | { readonly kind: 'months'; readonly months: number };

/** The interval names an order accepts. */
export type DcaIntervalName = 'hourly' | 'daily' | 'weekly' | 'biweekly' | 'monthly';

/**
 * An exact price as a reduced fraction of base units: `numerator` base units of token IN per `denominator` base
 * units of token OUT — what one unit of the token bought costs, quoted in the token spent (a USDC → WETH order's
 * price is "USDC per WETH"). Never a float. Convert human prices with `parsePrice` and back with `formatPrice`.
 */
export interface DcaPrice {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/** What happens to slots that passed while the scheduler was not running (downtime). */
export type DcaCatchUp =
  /** Default: every missed slot is recorded as `skipped` (`DCA_SLOT_MISSED`); the order resumes at the next slot. */
  | 'skip'
  /** One catch-up fill for the latest missed slot (the others recorded as skipped), then back on schedule. */
  | 'once';

/** States of an order (see the state table in the README). `cancelled` and `completed` are terminal. */
export type DcaOrderStatus = 'active' | 'paused' | 'cancelled' | 'completed';

/** Why an order is paused. */
export type DcaPauseCode =
  /** A user or operator paused it. */
  | 'PAUSED_BY_USER'
  /** A fill was blocked by token safety (honeypot, unknown safety, sell tax…): the order stopped at once. */
  | 'TOKEN_UNSAFE'
  /** The wallet could not cover the fill. */
  | 'INSUFFICIENT_BALANCE'
  /** `maxConsecutiveFailures` fills in a row failed (or were refused for a lasting reason). */
  | 'CONSECUTIVE_FAILURES';

/** The recorded reason of a pause. */
export interface DcaPauseReason {
  readonly code: DcaPauseCode;
  /** Human explanation (for the operator; not part of the contract). */
  readonly reason: string;
  /** The fill code that caused an automatic pause (`TOKEN_UNSAFE`, `TX_REVERTED`…), null for a user pause. */
  readonly fillCode: string | null;
  /** The slot whose fill caused it, null for a user pause. */
  readonly slot: number | null;
  readonly at: number;
}

/** The last error of an order's fills. */
export interface DcaOrderError {
  readonly code: string;
  readonly reason: string;
  readonly slot: number | null;
  readonly at: number;
}

/**
 * What an order has done so far. `spent`/`received` are base units of token in/out of settled fills; the counts are
 * fill records by final status (a missed slot counts as one skipped fill).
 */
export interface DcaTotals {
  readonly spent: bigint;
  readonly received: bigint;
  readonly fills: number;
  readonly skipped: number;
  readonly blocked: number;
  readonly failed: number;
}

/**
 * A recurring buy: spend `amountPerFill` of `tokenIn` for `tokenOut` at every slot of its schedule. Times are Unix
 * milliseconds; amounts are base units. Records are immutable: every change is a new record with `version` + 1,
 * written by compare-and-set on the `(status, version)` it was computed from.
 */
export interface DcaOrder {
  /** UUIDv7. */
  readonly id: string;
  readonly chainId: number;
  /** The token spent (an address, as the caller gave it). */
  readonly tokenIn: string;
  /** The token bought. */
  readonly tokenOut: string;
  /** Base units of `tokenIn` per fill (the last fill may be cut to what `maxTotalIn` leaves). */
  readonly amountPerFill: bigint;
  readonly interval: DcaInterval;
  /** Slot 0 of the schedule. */
  readonly firstRunAt: number;
  /** Completed after this many filled fills (null: no limit). */
  readonly maxFills: number | null;
  /** Completed once this much `tokenIn` is spent; the last fill is cut to the remainder (null: no limit). */
  readonly maxTotalIn: bigint | null;
  /** Slippage cap of each fill, basis points of the quoted output. */
  readonly slippageBps: number;
  /** Skip a slot when the quoted price (token in per token out) is below this. */
  readonly minPrice: DcaPrice | null;
  /** Skip a slot when the quoted price is above this; also enforced as the fill's minimum output. */
  readonly maxPrice: DcaPrice | null;
  readonly catchUp: DcaCatchUp;
  readonly status: DcaOrderStatus;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Incremented by every write of the order (compare-and-set). */
  readonly version: number;
  /** The next slot index to run: slots below it are done (filled, skipped, blocked, failed) or were paused over. */
  readonly nextSlot: number;
  /** When the next slot runs; null unless active. */
  readonly nextRunAt: number | null;
  /**
   * When the scheduler must next look at the order: the next slot, or a re-check of a fill whose outcome is still
   * open (which may happen while paused or cancelled). Null when there is nothing left to do. Stores index it.
   */
  readonly dueAt: number | null;
  /** The slot of the fill that is `running` or `pending`, if any (at most one per order). */
  readonly openSlot: number | null;
  readonly totals: DcaTotals;
  /** Fills that failed in a row (reset by a filled fill and by resume). */
  readonly consecutiveFailures: number;
  readonly lastError: DcaOrderError | null;
  /** Set while paused. */
  readonly pausedReason: DcaPauseReason | null;
}

/**
 * Status of a fill. `running`: written BEFORE the executor is called — the slot is taken, the outcome not yet
 * known. `pending`: the executor broadcast it and the receipt is unknown; it is finished by asking the executor
 * again with the same idempotency key. The other four are final.
 */
export type DcaFillStatus = 'running' | 'pending' | 'filled' | 'skipped' | 'blocked' | 'failed';

/** A fill's quote from the executor, as recorded. */
export interface DcaQuote {
  /** Expected output, base units of token out. */
  readonly amountOut: bigint;
  /** What the fill is worth in ETH-equivalent wei (priced by the executor). */
  readonly valueWei: bigint;
  /** The worst-case network fee of the fill, wei. */
  readonly worstCaseFeeWei: bigint;
}

/**
 * One slot of an order: its attempt, written before the executor is called, and its outcome. `(orderId, slot)` is
 * unique in every store — a slot is filled at most once.
 */
export interface DcaFill {
  readonly orderId: string;
  /** Slot index (0 = `firstRunAt`). */
  readonly slot: number;
  /** The slot's time. */
  readonly scheduledAt: number;
  readonly status: DcaFillStatus;
  /** Why it was skipped, blocked or failed (`DCA_SLOT_MISSED`, `DAILY_LIMIT_EXCEEDED`, `TX_REVERTED`…), else null. */
  readonly code: string | null;
  readonly reason: string | null;
  /** Base units of token in: spent when filled, planned otherwise. */
  readonly amountIn: bigint;
  /** The least output accepted (slippage cap and price band), sent to the executor; null if never sent. */
  readonly minAmountOut: bigint | null;
  /** Received, base units of token out (filled only). */
  readonly amountOut: bigint | null;
  /** `amountIn / amountOut` of a filled fill, reduced. */
  readonly price: DcaPrice | null;
  readonly txHash: string | null;
  /**
   * The block the fill's transaction was mined in, and that block's hash (filled only; null otherwise, and on fills
   * stored before they were kept). A fill whose block is reorganized away is re-opened (`reopenReorgedFill`).
   */
  readonly blockNumber: number | null;
  readonly blockHash: string | null;
  /** Fee paid, wei. */
  readonly feeWei: bigint | null;
  /** The executor's id for the execution (the gateway's execution id). */
  readonly executionId: string | null;
  /** `dca:<order id>:<slot>`: sent with every executor call for this slot, so it never executes twice. */
  readonly idempotencyKey: string;
  readonly quote: DcaQuote | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** A page of a list, newest first. */
export interface DcaPage<T> {
  readonly items: readonly T[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
}
