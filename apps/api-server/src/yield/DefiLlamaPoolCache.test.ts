import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDefiLlamaClient } from './createDefiLlamaClient.js';
import { DefiLlamaPoolCache } from './DefiLlamaPoolCache.js';
import { fixturePool, fixturePoolId } from './testing/generateDefiLlamaPools.js';
import { type DefiLlamaFixture, startDefiLlamaFixture } from './testing/startDefiLlamaFixture.js';

// The pool cache over the real client and a local DefiLlama fixture; only the clock is ours to move.
const MIN = 60_000;
const A = fixturePoolId(5, 1);
const B = fixturePoolId(5, 2);
const FROZEN = fixturePoolId(5, 3);
let llama: DefiLlamaFixture;
let now = 0;
const poolRequests = () => llama.requests.filter((r) => r.path === '/pools').length;
const newCache = () =>
  new DefiLlamaPoolCache({
    client: createDefiLlamaClient({ baseUrl: llama.url, timeoutMs: 2_000, maxBodyBytes: 1 << 20 }),
    settings: { ttlMs: 30 * MIN, staleMaxMs: 6 * 60 * MIN, retryAfterFailureMs: MIN },
    now: () => now,
  });
const list = (counts: { a?: number; b?: number | null; frozen?: number }) =>
  [
    fixturePool({ pool: A, count: counts.a ?? 100 }),
    counts.b === null ? null : fixturePool({ pool: B, count: counts.b ?? 50 }),
    fixturePool({ pool: FROZEN, count: counts.frozen ?? 400, apyPct1D: 0 }),
  ].filter((p) => p !== null);

beforeAll(async () => {
  llama = await startDefiLlamaFixture({ pools: list({}) });
});
afterAll(async () => {
  await llama?.close();
});

describe('DefiLlamaPoolCache', () => {
  it('fetches once per TTL; concurrent callers share one refresh', async () => {
    llama.setPools(list({}));
    llama.setFault({ kind: 'none' });
    const cache = newCache();
    now = 1_000_000;
    const before = poolRequests();
    const views = await Promise.all(Array.from({ length: 10 }, () => cache.get()));
    expect(poolRequests() - before).toBe(1);
    expect(views.every((v) => v.pools.length === 3 && !v.stale && v.fetchedAt === 1_000_000)).toBe(true);
    now += 29 * MIN;
    expect((await cache.get()).ageMs).toBe(29 * MIN);
    expect(poolRequests() - before).toBe(1);
    now += 2 * MIN;
    expect((await cache.get()).fetchedAt).toBe(now);
    expect(poolRequests() - before).toBe(2);
  });

  it('a pool that vanishes from the provider is gone (nothing of it is kept or served)', async () => {
    llama.setPools(list({}));
    const cache = newCache();
    now = 2_000_000;
    expect((await cache.get()).pools.map((p) => p.pool)).toContain(B);
    llama.setPools(list({ b: null }));
    now += 31 * MIN;
    expect((await cache.get()).pools.map((p) => p.pool)).toEqual([A, FROZEN]);
  });

  it('tracks since when each count has stopped growing: a frozen pool keeps its first time, a live one moves', async () => {
    const cache = newCache();
    now = 3_000_000;
    llama.setPools(list({ a: 100, frozen: 400 }));
    await cache.get();
    for (let day = 1; day <= 3; day++) {
      now += 24 * 60 * MIN;
      llama.setPools(list({ a: 100 + day, frozen: 400 }));
      const { pools } = await cache.get();
      expect(pools.find((p) => p.pool === A)?.countSince).toBe(now);
      expect(pools.find((p) => p.pool === FROZEN)?.countSince).toBe(3_000_000);
    }
  });

  it('a failed refresh serves the cached list marked stale with its age, retries only after the back-off, then 503 past the bound', async () => {
    llama.setPools(list({}));
    llama.setFault({ kind: 'none' });
    const cache = newCache();
    now = 4_000_000;
    await cache.get();
    llama.setFault({ kind: 'server-error', status: 502 });
    now += 31 * MIN;
    const before = poolRequests();
    const stale = await cache.get();
    expect(stale).toMatchObject({
      stale: true,
      ageMs: 31 * MIN,
      fetchedAt: 4_000_000,
      lastError: { code: 'YIELD_PROVIDER_HTTP_ERROR', at: now },
    });
    expect(stale.pools).toHaveLength(3);
    // Within the back-off: served stale without asking again.
    now += MIN / 2;
    expect((await cache.get()).stale).toBe(true);
    expect(poolRequests() - before).toBe(1);
    // After it: one new attempt.
    now += MIN;
    await cache.get();
    expect(poolRequests() - before).toBe(2);
    // Past the stale bound: unavailable, with the provider's code and the cached age — never the old numbers.
    now = 4_000_000 + 6 * 60 * MIN + 1;
    await expect(cache.get()).rejects.toMatchObject({
      code: 'YIELD_DATA_UNAVAILABLE',
      providerCode: 'YIELD_PROVIDER_HTTP_ERROR',
      cachedAgeMs: 6 * 60 * MIN + 1,
    });
    // Recovery: a good answer replaces everything.
    llama.setFault({ kind: 'none' });
    now += 2 * MIN;
    expect(await cache.get()).toMatchObject({ stale: false, lastError: null, ageMs: 0 });
  });

  it('nothing cached and the provider failing: unavailable at once; a 429 Retry-After longer than the back-off is honoured', async () => {
    const cache = newCache();
    now = 5_000_000;
    llama.setFault({ kind: 'rate-limited', retryAfterSeconds: 600 });
    const before = poolRequests();
    await expect(cache.get()).rejects.toMatchObject({
      code: 'YIELD_DATA_UNAVAILABLE',
      providerCode: 'YIELD_PROVIDER_RATE_LIMITED',
      cachedAgeMs: null,
    });
    llama.setFault({ kind: 'none' });
    now += 5 * MIN;
    await expect(cache.get()).rejects.toMatchObject({ code: 'YIELD_DATA_UNAVAILABLE' });
    expect(poolRequests() - before).toBe(1);
    now += 5 * MIN + 1;
    expect((await cache.get()).stale).toBe(false);
    expect(poolRequests() - before).toBe(2);
  });
});
