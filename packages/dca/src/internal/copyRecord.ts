import type { DcaFill, DcaOrder, DcaPrice } from '../types.js';

const price = (p: DcaPrice | null): DcaPrice | null =>
  p === null ? null : Object.freeze({ numerator: p.numerator, denominator: p.denominator });

/** A frozen copy of an order (every nested record copied too): stores never share mutable state with callers. */
export function copyOrder(order: DcaOrder): DcaOrder {
  return Object.freeze({
    ...order,
    interval: Object.freeze({ ...order.interval }),
    minPrice: price(order.minPrice),
    maxPrice: price(order.maxPrice),
    totals: Object.freeze({ ...order.totals }),
    lastError: order.lastError === null ? null : Object.freeze({ ...order.lastError }),
    pausedReason: order.pausedReason === null ? null : Object.freeze({ ...order.pausedReason }),
  });
}

/** A frozen copy of a fill. */
export function copyFill(fill: DcaFill): DcaFill {
  return Object.freeze({
    ...fill,
    price: price(fill.price),
    quote: fill.quote === null ? null : Object.freeze({ ...fill.quote }),
  });
}
