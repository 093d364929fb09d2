import { type Address, measureVaultApy, type SharePriceStore } from '@org/chain-evm';

/**
 * The yield rate a compound counts on, from the vault's own share price sampled over time (`measureVaultApy`): the
 * lower of the last day's APY and the 30-day mean, as a continuous rate (`ln(1 + APY)`, which under-counts a
 * compounded APY when used as simple interest), in parts per billion per year; 0 for a falling share price. `null`
 * with the reason until two samples a day apart exist: the gain is never guessed. The APY is a float figure; only
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
}: {
  store: SharePriceStore;
  chainId: number;
  vault: Address;
}): Promise<{ ratePpb: bigint | null; reason: string | null }> {
  const [oldest, samples] = await Promise.all([
    store.oldest({ chainId, vault }),
    store.list({ chainId, vault, limit: 10_000 }),
  ]);
  const measured = measureVaultApy({ samples, oldest });
  if (measured.apy === null || measured.apyMean30d === null) {
    return { ratePpb: null, reason: measured.reason ?? 'the vault’s yield is not measured yet' };
  }
  const apy = Math.min(measured.apy, measured.apyMean30d);
  if (!Number.isFinite(apy) || apy <= 0) return { ratePpb: 0n, reason: null };
  return { ratePpb: BigInt(Math.floor(Math.log1p(apy / 100) * 1e9)), reason: null };
}
