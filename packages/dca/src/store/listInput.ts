import type { DcaFill, DcaOrder, DcaOrderStatus } from '../types.js';
import type { ClaimDueParameters, ListFillsParameters, ListOrdersParameters } from './DcaStore.js';
import { integer, invalid, MAX_CLAIM, MAX_PAGE, ORDER_STATUSES, oneOf, text } from './storeInput.js';

/** A position in the newest-first order of orders: strictly older than this one. */
export interface OrderPosition {
  readonly createdAt: number;
  readonly id: string;
}

const ORDER_CURSOR = /^o1\.(\d{1,16})\.([\w-]{1,128})$/;
const FILL_CURSOR = /^f1\.(\d{1,16})$/;

function limitOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_PAGE) {
    throw invalid('limit', `expected an integer from 1 to ${MAX_PAGE}`);
  }
  return value;
}

/** The opaque cursor after `order` in the newest-first order. */
export function orderCursor(order: Pick<DcaOrder, 'createdAt' | 'id'>): string {
  return `o1.${order.createdAt}.${order.id}`;
}

/** The opaque cursor after `fill` in the newest-slot-first order. */
export function fillCursor(fill: Pick<DcaFill, 'slot'>): string {
  return `f1.${fill.slot}`;
}

/** Validated {@link ListOrdersParameters}. Throws `DCA_STORE_INPUT_INVALID`. */
export function checkListOrders(parameters: ListOrdersParameters): {
  limit: number;
  status: DcaOrderStatus | null;
  after: OrderPosition | null;
} {
  if (typeof parameters !== 'object' || parameters === null) throw invalid('list parameters');
  const { cursor, status } = parameters;
  let after: OrderPosition | null = null;
  if (cursor !== undefined) {
    const match = typeof cursor === 'string' ? ORDER_CURSOR.exec(cursor) : null;
    if (match === null) throw invalid('cursor', 'not a cursor returned by listOrders');
    after = { createdAt: Number(match[1]), id: match[2] as string };
  }
  return {
    limit: limitOf(parameters.limit),
    status: status === undefined ? null : oneOf(status, ORDER_STATUSES, 'status filter'),
    after,
  };
}

/** Validated {@link ListFillsParameters}: fills strictly below `beforeSlot`. */
export function checkListFills(parameters: ListFillsParameters): {
  orderId: string;
  limit: number;
  beforeSlot: number | null;
} {
  if (typeof parameters !== 'object' || parameters === null) throw invalid('list parameters');
  let beforeSlot: number | null = null;
  if (parameters.cursor !== undefined) {
    const match = typeof parameters.cursor === 'string' ? FILL_CURSOR.exec(parameters.cursor) : null;
    if (match === null) throw invalid('cursor', 'not a cursor returned by listFills');
    beforeSlot = Number(match[1]);
  }
  return { orderId: text(parameters.orderId, 'order id', 128), limit: limitOf(parameters.limit), beforeSlot };
}

/** Validated {@link ClaimDueParameters}. */
export function checkClaim(parameters: ClaimDueParameters): ClaimDueParameters {
  if (typeof parameters !== 'object' || parameters === null) throw invalid('claim parameters');
  integer(parameters.now, 'now');
  integer(parameters.limit, 'claim limit', 1, MAX_CLAIM);
  text(parameters.owner, 'lease owner');
  integer(parameters.leaseMs, 'leaseMs', 1, 2_147_483_647);
  return parameters;
}
