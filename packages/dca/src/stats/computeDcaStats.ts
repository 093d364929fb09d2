import { priceOf } from '../price/priceOf.js';
import type { DcaOrder, DcaOrderStatus, DcaPrice } from '../types.js';

/** Totals of one token pair on one chain (never summed across different tokens). */
export interface DcaPairStats {
  readonly chainId: number;
  readonly tokenIn: string;
  readonly tokenOut: string;
  readonly orders: number;
  /** Base units of `tokenIn`. */
  readonly spent: bigint;
  /** Base units of `tokenOut`. */
  readonly received: bigint;
  /** Filled fills. */
  readonly fills: number;
  /** `spent / received` reduced (token in per token out, base units); null before anything was received. */
  readonly averagePrice: DcaPrice | null;
}

/** What {@link computeDcaStats} returns. */
export interface DcaStats {
  /** Orders per status. */
  readonly orders: Readonly<Record<DcaOrderStatus, number>>;
  /** Fill records per final status, over all orders. */
  readonly fills: {
    readonly filled: number;
    readonly skipped: number;
    readonly blocked: number;
    readonly failed: number;
  };
  /** One entry per `(chain, token in, token out)`, most fills first. */
  readonly pairs: readonly DcaPairStats[];
  /**
   * Filled over attempted (filled + blocked + failed; skipped slots were never attempted), in basis points rounded
   * down; null before any attempt.
   */
  readonly successRateBps: number | null;
  /** The earliest next run of an active order, Unix ms; null when none is active. */
  readonly nextRunAt: number | null;
}

/** Addresses compare case-insensitively (a checksummed and a lower-case address are the same token). */
const tokenKey = (token: string) => (/^0x[0-9a-fA-F]+$/.test(token) ? token.toLowerCase() : token);

/**
 * Pure statistics over orders: counts per status, per token pair (spent, received, fills, average price — never
 * summing different tokens), the success rate and the next run overall.
 *
 * @example
 * ```ts
 * const stats = computeDcaStats({ orders });
 * stats.pairs[0]?.averagePrice; // { numerator, denominator } of token in per token out
 * ```
 */
export function computeDcaStats({ orders }: { readonly orders: Iterable<DcaOrder> }): DcaStats {
  const byStatus: Record<DcaOrderStatus, number> = { active: 0, paused: 0, cancelled: 0, completed: 0 };
  const fills = { filled: 0, skipped: 0, blocked: 0, failed: 0 };
  const pairs = new Map<
    string,
    {
      chainId: number;
      tokenIn: string;
      tokenOut: string;
      orders: number;
      spent: bigint;
      received: bigint;
      fills: number;
    }
  >();
  let nextRunAt: number | null = null;
  for (const order of orders) {
    byStatus[order.status]++;
    const t = order.totals;
    fills.filled += t.fills;
    fills.skipped += t.skipped;
    fills.blocked += t.blocked;
    fills.failed += t.failed;
    const key = `${order.chainId}|${tokenKey(order.tokenIn)}|${tokenKey(order.tokenOut)}`;
    const pair = pairs.get(key) ?? {
      chainId: order.chainId,
      tokenIn: order.tokenIn,
      tokenOut: order.tokenOut,
      orders: 0,
      spent: 0n,
      received: 0n,
      fills: 0,
    };
    pair.orders++;
    pair.spent += t.spent;
    pair.received += t.received;
    pair.fills += t.fills;
    pairs.set(key, pair);
    if (
      order.status === 'active' &&
      order.nextRunAt !== null &&
      (nextRunAt === null || order.nextRunAt < nextRunAt)
    ) {
      nextRunAt = order.nextRunAt;
    }
  }
  const attempts = fills.filled + fills.blocked + fills.failed;
  return {
    orders: byStatus,
    fills,
    pairs: [...pairs.values()]
      .sort((a, b) => b.fills - a.fills || (a.tokenIn < b.tokenIn ? -1 : a.tokenIn > b.tokenIn ? 1 : 0))
      .map((p) => ({ ...p, averagePrice: priceOf({ amountIn: p.spent, amountOut: p.received }) })),
    successRateBps: attempts === 0 ? null : Math.floor((fills.filled * 10_000) / attempts),
    nextRunAt,
  };
}
