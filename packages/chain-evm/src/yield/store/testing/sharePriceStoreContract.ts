import { describe, expect, it } from 'vitest';
import type { SharePriceSample, SharePriceStore } from '../../types.js';

const VAULT = '0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82';
const OTHER = '0x2B0d36FACD61B71CC05ab8F3D2355ec3631C0dd5';
const sample = (o: Partial<SharePriceSample> = {}): SharePriceSample => ({
  chainId: 31337,
  vault: VAULT,
  blockNumber: 10,
  blockHash: `0x${'0a'.repeat(32)}`,
  at: 1_000_000,
  assetsPerShare: 1_050_000n,
  shareDecimals: 6,
  totalAssets: 1_050_000_000_000n,
  totalSupply: 1_000_000_000_000n,
  ...o,
});

/**
 * The behaviour every {@link SharePriceStore} must have. Called from each store's test file with a factory for a
 * fresh, empty store.
 *
 * @example
 * ```ts
 * describeSharePriceStoreContract('MemorySharePriceStore', () => new MemorySharePriceStore());
 * ```
 */
export function describeSharePriceStoreContract(name: string, createStore: () => SharePriceStore): void {
  describe(`${name}: share-price store contract`, () => {
    it('records a sample once per (chain, vault, block), normalising the vault to its checksum', async () => {
      const store = createStore();
      expect(await store.record(sample({ vault: VAULT.toLowerCase() as `0x${string}` }))).toBe(true);
      // Another process sampling the same block: ignored, the first one stays.
      expect(await store.record(sample({ assetsPerShare: 2n }))).toBe(false);
      expect(await store.list({ chainId: 31337, vault: VAULT })).toEqual([sample()]);
      expect(await store.list({ chainId: 1, vault: VAULT })).toEqual([]);
      expect(await store.list({ chainId: 31337, vault: OTHER })).toEqual([]);
    });

    it('lists oldest first, from `since`, the newest `limit` of the range; oldest() is the first ever', async () => {
      const store = createStore();
      // Recorded out of order.
      for (const n of [3, 1, 4, 2, 5]) {
        await store.record(sample({ blockNumber: n, at: n * 1000, assetsPerShare: BigInt(1_000_000 + n) }));
      }
      await store.record(sample({ vault: OTHER, blockNumber: 9, at: 0 }));
      const all = await store.list({ chainId: 31337, vault: VAULT });
      expect(all.map((s) => s.blockNumber)).toEqual([1, 2, 3, 4, 5]);
      expect(all[2]).toEqual(sample({ blockNumber: 3, at: 3000, assetsPerShare: 1_000_003n }));
      expect((await store.list({ chainId: 31337, vault: VAULT, since: 2000 })).map((s) => s.at)).toEqual([
        2000, 3000, 4000, 5000,
      ]);
      expect(
        (await store.list({ chainId: 31337, vault: VAULT, since: 2000, limit: 2 })).map((s) => s.at),
      ).toEqual([4000, 5000]);
      expect((await store.oldest({ chainId: 31337, vault: VAULT }))?.blockNumber).toBe(1);
      expect((await store.oldest({ chainId: 31337, vault: OTHER }))?.blockNumber).toBe(9);
      expect(await store.oldest({ chainId: 10, vault: VAULT })).toBeNull();
    });

    it('keeps amounts beyond 2^64 exactly', async () => {
      const store = createStore();
      const big = (1n << 255n) + 12345n;
      await store.record(sample({ totalAssets: big, totalSupply: big - 1n, assetsPerShare: 10n ** 30n }));
      const [read] = await store.list({ chainId: 31337, vault: VAULT });
      expect(read?.totalAssets).toBe(big);
      expect(read?.totalSupply).toBe(big - 1n);
      expect(read?.assetsPerShare).toBe(10n ** 30n);
    });

    it('prunes samples older than a time, across vaults, and says how many', async () => {
      const store = createStore();
      for (const n of [1, 2, 3]) await store.record(sample({ blockNumber: n, at: n * 1000 }));
      await store.record(sample({ vault: OTHER, blockNumber: 1, at: 500 }));
      expect(await store.prune({ before: 2500 })).toBe(3);
      expect((await store.list({ chainId: 31337, vault: VAULT })).map((s) => s.at)).toEqual([3000]);
      expect(await store.oldest({ chainId: 31337, vault: OTHER })).toBeNull();
      expect(await store.prune({ before: 0 })).toBe(0);
    });

    it('refuses malformed input with STORE_INPUT_INVALID and writes nothing', async () => {
      const store = createStore();
      const bad: Partial<SharePriceSample>[] = [
        { vault: '0x123' as `0x${string}` },
        { chainId: 0 },
        { blockNumber: -1 },
        { at: 1.5 },
        { shareDecimals: 256 },
        { assetsPerShare: -1n },
        { totalAssets: 1n << 256n },
        { totalSupply: 5 as unknown as bigint },
      ];
      for (const b of bad) {
        await expect(store.record(sample(b))).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      }
      await expect(store.list({ chainId: 31337, vault: VAULT, limit: 0 })).rejects.toMatchObject({
        code: 'STORE_INPUT_INVALID',
      });
      await expect(store.list({ chainId: 31337, vault: VAULT, limit: 10_001 })).rejects.toMatchObject({
        code: 'STORE_INPUT_INVALID',
      });
      expect(await store.list({ chainId: 31337, vault: VAULT })).toEqual([]);
    });

    it('keeps each sample’s block hash (null when not given) and drop() removes one block of one chain', async () => {
      const store = createStore();
      await store.record(sample());
      await store.record(sample({ vault: OTHER }));
      await store.record(sample({ blockNumber: 11, at: 1_000_500, blockHash: null }));
      const { blockHash: _, ...hashless } = sample({ blockNumber: 12, at: 1_001_000 });
      await store.record(hashless);
      await store.record(sample({ chainId: 1 }));
      expect(
        (await store.list({ chainId: 31337, vault: VAULT })).map((s) => [s.blockNumber, s.blockHash]),
      ).toEqual([
        [10, `0x${'0a'.repeat(32)}`],
        [11, null],
        [12, null],
      ]);
      expect(await store.drop({ chainId: 31337, blockNumber: 10 })).toBe(2);
      expect(await store.drop({ chainId: 31337, blockNumber: 10 })).toBe(0);
      expect((await store.list({ chainId: 31337, vault: VAULT })).map((s) => s.blockNumber)).toEqual([
        11, 12,
      ]);
      expect(await store.list({ chainId: 31337, vault: OTHER })).toEqual([]);
      expect(await store.list({ chainId: 1, vault: VAULT })).toEqual([sample({ chainId: 1 })]);
      await expect(store.drop({ chainId: 0, blockNumber: 1 })).rejects.toMatchObject({
        code: 'STORE_INPUT_INVALID',
      });
      await expect(store.record(sample({ blockHash: '0x12' as `0x${string}` }))).rejects.toMatchObject({
        code: 'STORE_INPUT_INVALID',
      });
    });
  });
}
