import type { DcaOrder } from '../types.js';
import { invalid } from './storeInput.js';

const samePrice = (a: DcaOrder['minPrice'], b: DcaOrder['minPrice']) =>
  a === null || b === null ? a === b : a.numerator === b.numerator && a.denominator === b.denominator;

/**
 * Refuses a write that changes what an order is (its tokens, amounts, schedule, limits, band, policy, creation
 * time): only its state moves. Throws `DCA_STORE_INPUT_INVALID`.
 */
export function checkImmutable(stored: DcaOrder, next: DcaOrder): void {
  const same =
    stored.chainId === next.chainId &&
    stored.tokenIn === next.tokenIn &&
    stored.tokenOut === next.tokenOut &&
    stored.amountPerFill === next.amountPerFill &&
    stored.interval.kind === next.interval.kind &&
    (stored.interval.kind === 'seconds'
      ? next.interval.kind === 'seconds' && stored.interval.seconds === next.interval.seconds
      : next.interval.kind === 'months' && stored.interval.months === next.interval.months) &&
    stored.firstRunAt === next.firstRunAt &&
    stored.maxFills === next.maxFills &&
    stored.maxTotalIn === next.maxTotalIn &&
    stored.slippageBps === next.slippageBps &&
    samePrice(stored.minPrice, next.minPrice) &&
    samePrice(stored.maxPrice, next.maxPrice) &&
    stored.catchUp === next.catchUp &&
    stored.createdAt === next.createdAt;
  if (!same) throw invalid('order', 'a write may change the state of an order, never its terms');
  if (next.nextSlot < stored.nextSlot) throw invalid('order', 'nextSlot moved backwards');
}
