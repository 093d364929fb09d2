import { DcaStoreError } from '../errors/DcaStoreError.js';
import type { DcaFill, DcaOrder, DcaOrderError, DcaPauseReason, DcaPrice, DcaQuote } from '../types.js';

/** A `dca_orders` row as better-sqlite3 returns it. */
export interface OrderRow {
  id: string;
  chain_id: number;
  token_in: string;
  token_out: string;
  amount_per_fill: string;
  interval_kind: 'seconds' | 'months';
  interval_value: number;
  first_run_at: number;
  max_fills: number | null;
  max_total_in: string | null;
  slippage_bps: number;
  min_price: string | null;
  max_price: string | null;
  catch_up: 'skip' | 'once';
  status: DcaOrder['status'];
  created_at: number;
  updated_at: number;
  version: number;
  next_slot: number;
  next_run_at: number | null;
  due_at: number | null;
  open_slot: number | null;
  spent: string;
  received: string;
  fills: number;
  skipped: number;
  blocked: number;
  failed: number;
  consecutive_failures: number;
  last_error: string | null;
  paused_reason: string | null;
  lease_owner: string | null;
  lease_until: number | null;
}

/** A `dca_fills` row. */
export interface FillRow {
  order_id: string;
  slot: number;
  scheduled_at: number;
  status: DcaFill['status'];
  code: string | null;
  reason: string | null;
  amount_in: string;
  min_amount_out: string | null;
  amount_out: string | null;
  price: string | null;
  tx_hash: string | null;
  fee_wei: string | null;
  execution_id: string | null;
  idempotency_key: string;
  quote: string | null;
  created_at: number;
  updated_at: number;
  block_number: number | null;
  block_hash: string | null;
}

function corrupt(what: string): never {
  throw new DcaStoreError('DCA_STORE_FAILURE', `A stored DCA record is corrupt (${what}).`);
}

const big = (text: string, what: string): bigint => (/^\d{1,78}$/.test(text) ? BigInt(text) : corrupt(what));
const bigOrNull = (text: string | null, what: string): bigint | null =>
  text === null ? null : big(text, what);
const priceText = (price: DcaPrice | null): string | null =>
  price === null ? null : `${price.numerator}/${price.denominator}`;

function priceOrNull(text: string | null, what: string): DcaPrice | null {
  if (text === null) return null;
  const [n, d, extra] = text.split('/');
  if (n === undefined || d === undefined || extra !== undefined) corrupt(what);
  return Object.freeze({ numerator: big(n as string, what), denominator: big(d as string, what) });
}

function json<T>(text: string | null, what: string): T | null {
  if (text === null) return null;
  try {
    return Object.freeze(JSON.parse(text)) as T;
  } catch {
    return corrupt(what);
  }
}

/** The columns of an order's row that {@link orderBindings} fills (all but the lease). */
export const ORDER_COLUMNS: readonly string[] = [
  'id',
  'chain_id',
  'token_in',
  'token_out',
  'amount_per_fill',
  'interval_kind',
  'interval_value',
  'first_run_at',
  'max_fills',
  'max_total_in',
  'slippage_bps',
  'min_price',
  'max_price',
  'catch_up',
  'status',
  'created_at',
  'updated_at',
  'version',
  'next_slot',
  'next_run_at',
  'due_at',
  'open_slot',
  'spent',
  'received',
  'fills',
  'skipped',
  'blocked',
  'failed',
  'consecutive_failures',
  'last_error',
  'paused_reason',
];

/** The columns of a fill's row. */
export const FILL_COLUMNS: readonly string[] = [
  'order_id',
  'slot',
  'scheduled_at',
  'status',
  'code',
  'reason',
  'amount_in',
  'min_amount_out',
  'amount_out',
  'price',
  'tx_hash',
  'fee_wei',
  'execution_id',
  'idempotency_key',
  'quote',
  'created_at',
  'updated_at',
  'block_number',
  'block_hash',
];

/** The bindings of an order's row (named `@column`), lease columns excluded. */
export function orderBindings(order: DcaOrder): Record<string, unknown> {
  return {
    id: order.id,
    chain_id: order.chainId,
    token_in: order.tokenIn,
    token_out: order.tokenOut,
    amount_per_fill: order.amountPerFill.toString(),
    interval_kind: order.interval.kind,
    interval_value: order.interval.kind === 'seconds' ? order.interval.seconds : order.interval.months,
    first_run_at: order.firstRunAt,
    max_fills: order.maxFills,
    max_total_in: order.maxTotalIn?.toString() ?? null,
    slippage_bps: order.slippageBps,
    min_price: priceText(order.minPrice),
    max_price: priceText(order.maxPrice),
    catch_up: order.catchUp,
    status: order.status,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    version: order.version,
    next_slot: order.nextSlot,
    next_run_at: order.nextRunAt,
    due_at: order.dueAt,
    open_slot: order.openSlot,
    spent: order.totals.spent.toString(),
    received: order.totals.received.toString(),
    fills: order.totals.fills,
    skipped: order.totals.skipped,
    blocked: order.totals.blocked,
    failed: order.totals.failed,
    consecutive_failures: order.consecutiveFailures,
    last_error: order.lastError === null ? null : JSON.stringify(order.lastError),
    paused_reason: order.pausedReason === null ? null : JSON.stringify(order.pausedReason),
  };
}

/** An order from its row. */
export function toOrder(row: OrderRow): DcaOrder {
  return Object.freeze({
    id: row.id,
    chainId: row.chain_id,
    tokenIn: row.token_in,
    tokenOut: row.token_out,
    amountPerFill: big(row.amount_per_fill, 'amount_per_fill'),
    interval: Object.freeze(
      row.interval_kind === 'seconds'
        ? { kind: 'seconds' as const, seconds: row.interval_value }
        : { kind: 'months' as const, months: row.interval_value },
    ),
    firstRunAt: row.first_run_at,
    maxFills: row.max_fills,
    maxTotalIn: bigOrNull(row.max_total_in, 'max_total_in'),
    slippageBps: row.slippage_bps,
    minPrice: priceOrNull(row.min_price, 'min_price'),
    maxPrice: priceOrNull(row.max_price, 'max_price'),
    catchUp: row.catch_up,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
    nextSlot: row.next_slot,
    nextRunAt: row.next_run_at,
    dueAt: row.due_at,
    openSlot: row.open_slot,
    totals: Object.freeze({
      spent: big(row.spent, 'spent'),
      received: big(row.received, 'received'),
      fills: row.fills,
      skipped: row.skipped,
      blocked: row.blocked,
      failed: row.failed,
    }),
    consecutiveFailures: row.consecutive_failures,
    lastError: json<DcaOrderError>(row.last_error, 'last_error'),
    pausedReason: json<DcaPauseReason>(row.paused_reason, 'paused_reason'),
  });
}

/** The bindings of a fill's row (named `@column`). */
export function fillBindings(fill: DcaFill): Record<string, unknown> {
  return {
    order_id: fill.orderId,
    slot: fill.slot,
    scheduled_at: fill.scheduledAt,
    status: fill.status,
    code: fill.code,
    reason: fill.reason,
    amount_in: fill.amountIn.toString(),
    min_amount_out: fill.minAmountOut?.toString() ?? null,
    amount_out: fill.amountOut?.toString() ?? null,
    price: priceText(fill.price),
    tx_hash: fill.txHash,
    fee_wei: fill.feeWei?.toString() ?? null,
    execution_id: fill.executionId,
    idempotency_key: fill.idempotencyKey,
    quote:
      fill.quote === null
        ? null
        : JSON.stringify([
            fill.quote.amountOut.toString(),
            fill.quote.valueWei.toString(),
            fill.quote.worstCaseFeeWei.toString(),
          ]),
    created_at: fill.createdAt,
    updated_at: fill.updatedAt,
    block_number: fill.blockNumber ?? null,
    block_hash: fill.blockHash ?? null,
  };
}

function quoteOf(text: string | null): DcaQuote | null {
  const parts = json<unknown>(text, 'quote');
  if (parts === null) return null;
  if (!Array.isArray(parts) || parts.length !== 3 || !parts.every((p) => typeof p === 'string'))
    corrupt('quote');
  const [amountOut, valueWei, worstCaseFeeWei] = (parts as string[]).map((p) => big(p, 'quote')) as [
    bigint,
    bigint,
    bigint,
  ];
  return Object.freeze({ amountOut, valueWei, worstCaseFeeWei });
}

/** A fill from its row. */
export function toFill(row: FillRow): DcaFill {
  return Object.freeze({
    orderId: row.order_id,
    slot: row.slot,
    scheduledAt: row.scheduled_at,
    status: row.status,
    code: row.code,
    reason: row.reason,
    amountIn: big(row.amount_in, 'amount_in'),
    minAmountOut: bigOrNull(row.min_amount_out, 'min_amount_out'),
    amountOut: bigOrNull(row.amount_out, 'amount_out'),
    price: priceOrNull(row.price, 'price'),
    txHash: row.tx_hash,
    feeWei: bigOrNull(row.fee_wei, 'fee_wei'),
    executionId: row.execution_id,
    blockNumber: row.block_number ?? null,
    blockHash: row.block_hash ?? null,
    idempotencyKey: row.idempotency_key,
    quote: quoteOf(row.quote),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}
