import type { DefiLlamaClient } from './createDefiLlamaClient.js';
import type { DefiLlamaPool } from './defiLlamaTypes.js';
import { YieldDataUnavailableError } from './YieldDataUnavailableError.js';
import { YieldProviderError, type YieldProviderErrorCode } from './YieldProviderError.js';

/** Settings of {@link DefiLlamaPoolCache}. */
export interface DefiLlamaPoolCacheSettings {
  /** A list younger than this is served without asking (`YIELD_POOLS_TTL_SECONDS`). */
  readonly ttlMs: number;
  /** After a failed refresh, the cached list is served (marked stale) until it is this old (`YIELD_STALE_MAX_SECONDS`). */
  readonly staleMaxMs: number;
  /** After a failed refresh, no new attempt before this (or the provider's `Retry-After`, if longer). */
  readonly retryAfterFailureMs: number;
}

/** A pool as served: the provider's row plus what the cache observed about it. */
export interface CachedPool extends DefiLlamaPool {
  /** Since when (epoch ms, our clock) `count` has had this value: a `count` that stops growing means a frozen pool. */
  readonly countSince: number;
}

/** What {@link DefiLlamaPoolCache.get} serves. */
export interface PoolListView {
  readonly pools: readonly CachedPool[];
  /** When this list was fetched (epoch ms). */
  readonly fetchedAt: number;
  readonly ageMs: number;
  /** True when served after a failed refresh (or while waiting to retry one). */
  readonly stale: boolean;
  /** The last refresh failure, if the list is stale. */
  readonly lastError: { readonly code: YieldProviderErrorCode; readonly at: number } | null;
  /** Rows the provider sent that did not match its documented shape (dropped). */
  readonly rejected: number;
}

/** One fetched list. */
export interface PoolListEntry {
  readonly pools: readonly CachedPool[];
  readonly fetchedAt: number;
  readonly rejected: number;
}

/**
 * DefiLlama's ~20,000-pool list, fetched at most once per TTL and filtered locally by callers. Concurrent callers
 * share one refresh. When a refresh fails, the cached list is served marked `stale` with its age until it is older
 * than `staleMaxMs`; then (or with nothing cached) `get` throws {@link YieldDataUnavailableError} — never invented
 * numbers. After a failure the provider is not asked again before `retryAfterFailureMs` (or its `Retry-After`), so a
 * rate-limited or failing provider is not hammered by every request. Each refresh also tracks since when every
 * pool's `count` (its number of daily data points) has stopped growing.
 *
 * @example
 * ```ts
 * const cache = new DefiLlamaPoolCache({ client, settings: { ttlMs: 1_800_000, staleMaxMs: 21_600_000, retryAfterFailureMs: 60_000 } });
 * const { pools, stale, ageMs } = await cache.get();
 * ```
 */
export class DefiLlamaPoolCache {
  readonly #client: DefiLlamaClient;
  readonly #settings: DefiLlamaPoolCacheSettings;
  readonly #now: () => number;
  #entry: PoolListEntry | null = null;
  #refreshing: Promise<PoolListEntry> | null = null;
  #failure: { code: YieldProviderErrorCode; at: number; retryAt: number; cause: unknown } | null = null;
  /** pool id → the count last seen and since when. */
  #counts = new Map<string, { count: number | null; since: number }>();

  constructor({
    client,
    settings,
    now = Date.now,
  }: {
    client: DefiLlamaClient;
    settings: DefiLlamaPoolCacheSettings;
    now?: () => number;
  }) {
    this.#client = client;
    this.#settings = settings;
    this.#now = now;
  }

  /** The pool list: cached while fresh, refreshed (once for all concurrent callers) when not, stale when a refresh failed. */
  async get(): Promise<PoolListView> {
    const now = this.#now();
    const entry = this.#entry;
    if (entry !== null && now - entry.fetchedAt < this.#settings.ttlMs) return this.#view(entry, now, false);
    if (this.#failure !== null && now < this.#failure.retryAt && this.#refreshing === null) {
      return this.#staleOrThrow(now, this.#failure.cause);
    }
    try {
      const fresh = await this.refresh();
      return this.#view(fresh, this.#now(), false);
    } catch (error) {
      return this.#staleOrThrow(this.#now(), error);
    }
  }

  /** Fetches the list now (joining a refresh under way). Rejects with the provider's error; the cache keeps its list. */
  refresh(): Promise<PoolListEntry> {
    this.#refreshing ??= this.#fetch().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  async #fetch(): Promise<PoolListEntry> {
    try {
      const { pools, rejected } = await this.#client.pools();
      const fetchedAt = this.#now();
      const counts = new Map<string, { count: number | null; since: number }>();
      const cached = pools.map((pool): CachedPool => {
        const before = this.#counts.get(pool.pool);
        const since = before !== undefined && before.count === pool.count ? before.since : fetchedAt;
        counts.set(pool.pool, { count: pool.count, since });
        return { ...pool, countSince: since };
      });
      // Vanished pools are forgotten: nothing of them is served again.
      this.#counts = counts;
      const entry = { pools: cached, fetchedAt, rejected };
      this.#entry = entry;
      this.#failure = null;
      return entry;
    } catch (error) {
      const at = this.#now();
      const code = error instanceof YieldProviderError ? error.code : 'YIELD_PROVIDER_BAD_RESPONSE';
      const retryAfterMs = error instanceof YieldProviderError ? (error.retryAfterMs ?? 0) : 0;
      this.#failure = {
        code,
        at,
        retryAt: at + Math.max(this.#settings.retryAfterFailureMs, Math.min(retryAfterMs, 3_600_000)),
        cause: error,
      };
      throw error;
    }
  }

  #staleOrThrow(now: number, cause: unknown): PoolListView {
    const entry = this.#entry;
    const code = this.#failure?.code ?? null;
    if (entry === null) throw new YieldDataUnavailableError(code, null, cause);
    const age = now - entry.fetchedAt;
    if (age > this.#settings.staleMaxMs) throw new YieldDataUnavailableError(code, age, cause);
    return this.#view(entry, now, true);
  }

  #view(entry: PoolListEntry, now: number, stale: boolean): PoolListView {
    return {
      pools: entry.pools,
      fetchedAt: entry.fetchedAt,
      ageMs: now - entry.fetchedAt,
      stale,
      lastError: stale && this.#failure !== null ? { code: this.#failure.code, at: this.#failure.at } : null,
      rejected: entry.rejected,
    };
  }
}
