import { MemorySharePriceStore } from '@org/chain-evm';
import { describe, expect, it } from 'vitest';
import { measuredRatePpb } from './measuredRatePpb.js';

const DAY = 86_400_000;
const VAULT = '0x00000000000000000000000000000000000000a1' as const;
const E6 = 1_000_000n;

async function storeWith(points: readonly [day: number, assetsPerShare: bigint][]) {
  const store = new MemorySharePriceStore();
  for (const [i, [day, assetsPerShare]] of points.entries()) {
    await store.record({
      chainId: 1,
      vault: VAULT,
      blockNumber: i + 1,
      at: day * DAY,
      assetsPerShare,
      shareDecimals: 6,
      totalAssets: 0n,
      totalSupply: 0n,
    });
  }
  return store;
}

describe('measuredRatePpb: the history the ranking needs, never two samples', () => {
  it('the one-day donation (review M8): a day of history is no rate with YIELD_MIN_HISTORY_DAYS 30', async () => {
    // +0.05% in one day: 20% a year if it were believed.
    const store = await storeWith([
      [100, E6],
      [101, E6 + 500n],
    ]);
    const r = await measuredRatePpb({ store, chainId: 1, vault: VAULT, minHistoryDays: 30 });
    expect(r.ratePpb).toBeNull();
    expect(r.reason).toMatch(/1 days of daily share-price samples; YIELD_MIN_HISTORY_DAYS asks 30/);
  });

  it('two samples 31 days apart are one day of history, not 31 (review M19)', async () => {
    const store = await storeWith([
      [100, E6],
      [131, E6 + 10_000n],
    ]);
    expect(
      (await measuredRatePpb({ store, chainId: 1, vault: VAULT, minHistoryDays: 30 })).ratePpb,
    ).toBeNull();
  });

  it('30 days of daily samples give a rate; the one-day spike on top counts at the 30-day mean', async () => {
    const points: [number, bigint][] = [];
    for (let d = 0; d <= 30; d++) points.push([100 + d, E6 + BigInt(d) * 100n]);
    points.push([131, E6 + 3_000n + 500n]);
    const store = await storeWith(points);
    const r = await measuredRatePpb({ store, chainId: 1, vault: VAULT, minHistoryDays: 30 });
    expect(r.reason).toBeNull();
    // The 30-day mean, about 4.3% a year as ln(1 + APY): far below the spike's 20%.
    expect(r.ratePpb).not.toBeNull();
    expect(Number(r.ratePpb)).toBeGreaterThan(30_000_000);
    expect(Number(r.ratePpb)).toBeLessThan(60_000_000);
  });

  it('exactly the days asked pass, one fewer does not; 0 still needs a day', async () => {
    const store = await storeWith([
      [100, E6],
      [101, E6 + 10n],
      [102, E6 + 20n],
    ]);
    expect(
      (await measuredRatePpb({ store, chainId: 1, vault: VAULT, minHistoryDays: 2 })).ratePpb,
    ).not.toBeNull();
    expect(
      (await measuredRatePpb({ store, chainId: 1, vault: VAULT, minHistoryDays: 3 })).ratePpb,
    ).toBeNull();
    expect(
      (await measuredRatePpb({ store, chainId: 1, vault: VAULT, minHistoryDays: 0 })).ratePpb,
    ).not.toBeNull();
  });
});
