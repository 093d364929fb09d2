import type { DcaStore } from '../store/DcaStore.js';
import type { DcaOrder } from '../types.js';
import { computeDcaStats, type DcaStats } from './computeDcaStats.js';

/**
 * {@link computeDcaStats} over every order of a store (read page by page, 100 at a time).
 *
 * @example
 * ```ts
 * const stats = await collectDcaStats({ store });
 * console.log(stats.orders.active, stats.successRateBps);
 * ```
 */
export async function collectDcaStats({ store }: { readonly store: DcaStore }): Promise<DcaStats> {
  const orders: DcaOrder[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.listOrders(cursor === undefined ? { limit: 100 } : { limit: 100, cursor });
    orders.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return computeDcaStats({ orders });
}
