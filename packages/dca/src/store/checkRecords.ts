import type { DcaFill, DcaOrder, DcaPrice, DcaQuote } from '../types.js';
import { checkOrderInvariants } from '../order/checkOrderInvariants.js';
import {
  amount,
  FILL_STATUSES,
  integer,
  invalid,
  nullable,
  ORDER_STATUSES,
  oneOf,
  text,
} from './storeInput.js';

function price(value: unknown, what: string): DcaPrice {
  if (typeof value !== 'object' || value === null) throw invalid(what);
  const { numerator, denominator } = value as DcaPrice;
  if (amount(numerator, what) === 0n || amount(denominator, what) === 0n) throw invalid(what, 'not positive');
  return value as DcaPrice;
}

function quote(value: unknown): DcaQuote {
  if (typeof value !== 'object' || value === null) throw invalid('fill quote');
  const q = value as DcaQuote;
  amount(q.amountOut, 'quote amountOut');
  amount(q.valueWei, 'quote valueWei');
  amount(q.worstCaseFeeWei, 'quote worstCaseFeeWei');
  return q;
}

function message(value: unknown, what: string): unknown {
  if (typeof value !== 'object' || value === null) throw invalid(what);
  const m = value as { code: unknown; reason: unknown; slot: unknown; at: unknown };
  text(m.code, `${what} code`);
  if (typeof m.reason !== 'string' || m.reason.length > 2000) throw invalid(`${what} reason`);
  nullable(m.slot, (s) => integer(s, `${what} slot`));
  integer(m.at, `${what} time`);
  return value;
}

/**
 * Checks an order before a store writes it: every field's type and range, and the state invariants (an active
 * order's next run is its next slot, a paused one has a reason, nothing is past its limit…). Throws
 * `DCA_STORE_INPUT_INVALID`.
 */
export function checkOrderRecord(order: DcaOrder): DcaOrder {
  if (typeof order !== 'object' || order === null) throw invalid('order');
  text(order.id, 'order id', 128);
  integer(order.chainId, 'chainId', 1);
  text(order.tokenIn, 'tokenIn', 128);
  text(order.tokenOut, 'tokenOut', 128);
  if (amount(order.amountPerFill, 'amountPerFill') === 0n) throw invalid('amountPerFill');
  const { interval } = order;
  if (interval?.kind === 'seconds') integer(interval.seconds, 'interval seconds', 60);
  else if (interval?.kind === 'months') integer(interval.months, 'interval months', 1, 12);
  else throw invalid('interval');
  integer(order.firstRunAt, 'firstRunAt');
  nullable(order.maxFills, (v) => integer(v, 'maxFills', 1));
  nullable(order.maxTotalIn, (v) => amount(v, 'maxTotalIn'));
  integer(order.slippageBps, 'slippageBps', 0, 10_000);
  nullable(order.minPrice, (v) => price(v, 'minPrice'));
  nullable(order.maxPrice, (v) => price(v, 'maxPrice'));
  oneOf(order.catchUp, ['skip', 'once'], 'catchUp');
  oneOf(order.status, ORDER_STATUSES, 'order status');
  integer(order.createdAt, 'createdAt');
  integer(order.updatedAt, 'updatedAt');
  integer(order.version, 'version', 1);
  integer(order.nextSlot, 'nextSlot');
  nullable(order.nextRunAt, (v) => integer(v, 'nextRunAt'));
  nullable(order.dueAt, (v) => integer(v, 'dueAt'));
  nullable(order.openSlot, (v) => integer(v, 'openSlot'));
  if (typeof order.totals !== 'object' || order.totals === null) throw invalid('totals');
  amount(order.totals.spent, 'totals spent');
  amount(order.totals.received, 'totals received');
  for (const key of ['fills', 'skipped', 'blocked', 'failed'] as const)
    integer(order.totals[key], `totals ${key}`);
  integer(order.consecutiveFailures, 'consecutiveFailures');
  nullable(order.lastError, (v) => message(v, 'lastError'));
  nullable(order.pausedReason, (v) => {
    message(v, 'pausedReason');
    nullable((v as { fillCode: unknown }).fillCode, (c) => text(c, 'pausedReason fillCode'));
    return v;
  });
  const violations = checkOrderInvariants(order);
  if (violations.length > 0) throw invalid('order state', violations.join('; '));
  return order;
}

/** Checks a fill before a store writes it. Throws `DCA_STORE_INPUT_INVALID`. */
export function checkFillRecord(fill: DcaFill): DcaFill {
  if (typeof fill !== 'object' || fill === null) throw invalid('fill');
  text(fill.orderId, 'fill orderId', 128);
  integer(fill.slot, 'fill slot');
  integer(fill.scheduledAt, 'fill scheduledAt');
  const status = oneOf(fill.status, FILL_STATUSES, 'fill status');
  nullable(fill.code, (v) => text(v, 'fill code'));
  if (fill.reason !== null && (typeof fill.reason !== 'string' || fill.reason.length > 2000)) {
    throw invalid('fill reason');
  }
  amount(fill.amountIn, 'fill amountIn');
  nullable(fill.minAmountOut, (v) => amount(v, 'fill minAmountOut'));
  nullable(fill.amountOut, (v) => amount(v, 'fill amountOut'));
  nullable(fill.price, (v) => price(v, 'fill price'));
  nullable(fill.txHash, (v) => text(v, 'fill txHash'));
  nullable(fill.feeWei, (v) => amount(v, 'fill feeWei'));
  nullable(fill.executionId, (v) => text(v, 'fill executionId'));
  nullable(fill.blockNumber ?? null, (v) => integer(v, 'fill blockNumber'));
  nullable(fill.blockHash ?? null, (v) => {
    if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(v)) throw invalid('fill blockHash');
  });
  if (fill.idempotencyKey !== `dca:${fill.orderId}:${fill.slot}`) throw invalid('fill idempotencyKey');
  nullable(fill.quote, quote);
  integer(fill.createdAt, 'fill createdAt');
  integer(fill.updatedAt, 'fill updatedAt');
  if (status === 'filled' && (fill.amountOut === null || fill.txHash === null)) {
    throw invalid('filled fill', 'needs amountOut and txHash');
  }
  if ((status === 'skipped' || status === 'blocked' || status === 'failed') && fill.code === null) {
    throw invalid(`${status} fill`, 'needs a code');
  }
  return fill;
}
