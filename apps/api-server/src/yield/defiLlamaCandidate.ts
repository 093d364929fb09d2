import type { CachedPool } from './DefiLlamaPoolCache.js';
import type { YieldCandidate } from './rankingTypes.js';

const integerOrNull = (v: number | null): number | null => (v !== null && Number.isInteger(v) ? v : null);

/**
 * A DefiLlama pool as a ranking candidate. `dataAgeMs` is the pool list's age; `unchangedForMs` is how long its
 * `count` (daily data points) has not grown, as the cache observed it. Token addresses are compared lower-case.
 *
 * @example
 * ```ts
 * const candidate = defiLlamaCandidate({ pool, chainId: 1, chainName: 'ethereum', now, fetchedAt });
 * ```
 */
export function defiLlamaCandidate({
  pool,
  chainId,
  chainName,
  now,
  fetchedAt,
}: {
  pool: CachedPool;
  chainId: number | null;
  chainName: string;
  now: number;
  fetchedAt: number;
}): YieldCandidate {
  const confidence = integerOrNull(pool.predictions?.binnedConfidence ?? null);
  return {
    id: `defillama:${pool.pool}`,
    source: 'defillama',
    chainId,
    chain: chainName,
    project: pool.project,
    symbol: pool.symbol,
    poolMeta: pool.poolMeta,
    pool: pool.pool,
    vault: null,
    underlyingTokens: (pool.underlyingTokens ?? []).map((t) => t.toLowerCase()),
    rewardTokens: (pool.rewardTokens ?? []).map((t) => t.toLowerCase()),
    tvlUsd: pool.tvlUsd,
    apy: pool.apy,
    apyBase: pool.apyBase,
    apyReward: pool.apyReward,
    apyMean30d: pool.apyMean30d,
    apyPct1D: pool.apyPct1D,
    apyPct7D: pool.apyPct7D,
    apyPct30D: pool.apyPct30D,
    sigma: pool.sigma,
    historyDays: integerOrNull(pool.count),
    outlier: pool.outlier,
    stablecoin: pool.stablecoin,
    exposure: pool.exposure,
    ilRisk: pool.ilRisk,
    predictions:
      pool.predictions === null
        ? null
        : {
            predictedClass: pool.predictions.predictedClass,
            predictedProbability: pool.predictions.predictedProbability,
            binnedConfidence: confidence !== null && confidence >= 1 && confidence <= 3 ? confidence : null,
          },
    dataAgeMs: Math.max(0, now - fetchedAt),
    unchangedForMs: Math.max(0, now - pool.countSince),
    maxDeposit: null,
  };
}
