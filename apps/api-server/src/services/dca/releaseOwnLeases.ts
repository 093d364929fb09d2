import type { DcaStore } from '@org/dca';

/**
 * Frees the leases `owner` holds on orders — what a previous run of this server (the same owner id: same host and
 * data directory) left when it was killed mid-fill, which would otherwise keep those orders from running until the
 * lease expired (15 min). Exactly-once does not rest on leases (the store's unique slot and the gateway's
 * idempotency key do); a lease only keeps instances from working on one order at once. Returns how many were
 * freed.
 *
 * @example
 * ```ts
 * await releaseOwnLeases({ store, owner: scheduler.owner });
 * ```
 */
export async function releaseOwnLeases({
  store,
  owner,
}: {
  store: DcaStore;
  owner: string;
}): Promise<number> {
  let freed = 0;
  let cursor: string | undefined;
  do {
    const page = await store.listOrders(cursor === undefined ? { limit: 100 } : { limit: 100, cursor });
    for (const order of page.items) {
      if (await store.releaseLease({ orderId: order.id, owner })) freed++;
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return freed;
}
