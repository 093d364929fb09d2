import { estimateFees, type FeeQuote } from '@org/chain-evm';
import type { SwapPair, SwapPlanner } from '../swap/SwapPlanner.js';

/** How long a reading is shared, real ms: about one block, and one scheduler tick's worth of orders. */
export const FILL_READINGS_TTL_MS = 15_000;

/**
 * Chain readings that the checks of many fills in one tick can share, for the "worth its gas" rule only (the
 * gateway reads both afresh when it executes and charges a fill): the `standard` fee quote of a chain, and what an
 * amount of a token is worth in ETH-equivalent wei (as `SwapPlanner.price` reads it: the gateway's pricing) — each at most
 * {@link FILL_READINGS_TTL_MS} old. Concurrent callers share one read; a failed read is not kept.
 *
 * @example
 * ```ts
 * const readings = new FillReadings({ planner });
 * const [fees, valueWei] = await Promise.all([readings.fees(pair), readings.value(pair, amountIn)]);
 * ```
 */
export class FillReadings {
  readonly #planner: SwapPlanner;
  readonly #ttlMs: number;
  readonly #fees = new Map<number, { at: number; value: Promise<FeeQuote> }>();
  /** `chainId:token:amount` → what it is worth, wei (null: unpriceable). */
  readonly #prices = new Map<string, { at: number; value: Promise<bigint | null> }>();

  constructor({ planner, ttlMs = FILL_READINGS_TTL_MS }: { planner: SwapPlanner; ttlMs?: number }) {
    this.#planner = planner;
    this.#ttlMs = ttlMs;
  }

  /** The chain's `standard` fee quote (what the gateway signs with). */
  fees(pair: SwapPair): Promise<FeeQuote> {
    const { chain, provider, timeoutMs } = pair;
    return this.#shared(this.#fees, chain.id, () => estimateFees({ provider, chain, timeoutMs }));
  }

  /** What `amountIn` of token in is worth, wei (exact for native in); null when it cannot be priced. */
  async value(pair: SwapPair, amountIn: bigint): Promise<bigint | null> {
    if (pair.tokenIn.native) return amountIn;
    const key = `${pair.chain.id}:${pair.tokenIn.address.toLowerCase()}:${amountIn}`;
    return this.#shared(this.#prices, key, () => this.#planner.price({ pair, amountIn }));
  }

  #shared<K, V>(map: Map<K, { at: number; value: Promise<V> }>, key: K, read: () => Promise<V>): Promise<V> {
    const hit = map.get(key);
    if (hit !== undefined && Date.now() - hit.at <= this.#ttlMs) return hit.value;
    const value = read();
    map.delete(key);
    map.set(key, { at: Date.now(), value });
    if (map.size > 1_000) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    value.catch(() => {
      if (map.get(key)?.value === value) map.delete(key);
    });
    return value;
  }
}
