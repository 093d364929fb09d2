import type { GatewayContext } from './GatewayContext.js';

/** Waits before each attempt to release a reservation (about 2 s in all). */
const RELEASE_RETRY_MS = [0, 100, 400, 1_600] as const;

/**
 * The release of a reservation whose execution did nothing, retried: a store write that failed and the first
 * release often fail together (the database connection just dropped, and the pool hands out a dead one before it
 * notices), and a reservation of a settled or unrecorded execution is released by no one else — it would count
 * against the caps for good. After the last attempt it stays counted (fail closed).
 *
 * @example
 * ```ts
 * await releaseWithRetries(ctx, reservationId);
 * ```
 */
export async function releaseWithRetries(ctx: GatewayContext, id: string): Promise<void> {
  for (const wait of RELEASE_RETRY_MS) {
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      await ctx.governor.release({ id });
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'RESERVATION_NOT_FOUND' || code === 'RESERVATION_ALREADY_SETTLED') return;
    }
  }
}
