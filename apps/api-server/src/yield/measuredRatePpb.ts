import { type Address, measureVaultApy, type SharePriceStore } from '@org/chain-evm';
import { vaultHistoryDays } from './vaultHistoryDays.js';

/**
 * The yield rate a compound counts on, from the vault's own share price sampled over time (`measureVaultApy`): the
 * lower of the last day's APY and the 30-day mean, as a continuous rate (`ln(1 + APY)`, which under-counts a
 * compounded APY when used as simple interest), in parts per billion per year; 0 for a falling share price. `null`
 * with the reason until the history the ranking needs exists (`YIELD_MIN_HISTORY_DAYS` of daily samples, counted by
 * `vaultHistoryDays`, never the span between two): the gain is never guessed. The APY is a float figure; only
 * this rate — never an amount — passes through it.
 *
 * @example
 * ```ts
 * const { ratePpb, reason } = await measuredRatePpb({ store, chainId, vault });
 * ```
 */
export async function measuredRatePpb({
  store,
  chainId,
  vault,
  minHistoryDays,
}: {
  store: SharePriceStore;
  chainId: number;
  vault: Address;
  /** `YIELD_MIN_HISTORY_DAYS`: the history the ranking needs, needed here too. */
  minHistoryDays: number;
}): Promise<{ ratePpb: bigint | null; reason: string | null }> {
  const [oldest, samples] = await Promise.all([
    store.oldest({ chainId, vault }),
    store.list({ chainId, vault, limit: 10_000 }),
  ]);
  const measured = measureVaultApy({ samples, oldest });
  if (measured.apy === null || measured.apyMean30d === null) {
    return { ratePpb: null, reason: measured.reason ?? 'the vault’s yield is not measured yet' };
  }
  // The same history the ranking needs (`vaultHistoryDays`): a day of samples (one donation) is no rate.
  const days = vaultHistoryDays(measured);
  if (days < Math.max(1, minHistoryDays)) {
    return {
      ratePpb: null,
      reason: `${days} days of daily share-price samples; YIELD_MIN_HISTORY_DAYS asks ${minHistoryDays}`,
    };
  }
  const apy = Math.min(measured.apy, measured.apyMean30d);
  if (!Number.isFinite(apy) || apy <= 0) return { ratePpb: 0n, reason: null };
  return { ratePpb: BigInt(Math.floor(Math.log1p(apy / 100) * 1e9)), reason: null };
}
