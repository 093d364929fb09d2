import { formatEther } from '@org/governor';
import { formatUnits } from 'ethers';
import type { YieldOpportunityDto } from '../dto/yield.js';
import type { YieldCandidate } from './rankingTypes.js';
import type { VaultDetails } from './readVaultCandidates.js';

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));
const amount = (value: bigint, decimals: number) => ({
  amount: formatUnits(value, decimals),
  amountBase: value.toString(),
});

/**
 * The HTTP shape of an opportunity (a candidate, plus the exact on-chain figures of a vault).
 *
 * @example
 * ```ts
 * const dto = toOpportunityDto(candidate, details);
 * ```
 */
export function toOpportunityDto(c: YieldCandidate, details: VaultDetails | null): YieldOpportunityDto {
  return {
    id: c.id,
    source: c.source,
    chain: { id: c.chainId, name: c.chain },
    project: c.project,
    symbol: c.symbol,
    poolMeta: c.poolMeta,
    pool: c.pool,
    vault: c.vault,
    underlyingTokens: [...c.underlyingTokens],
    rewardTokens: [...c.rewardTokens],
    tvlUsd: c.tvlUsd,
    apy: c.apy,
    apyBase: c.apyBase,
    apyReward: c.apyReward,
    apyMean30d: c.apyMean30d,
    apyPct1D: c.apyPct1D,
    apyPct7D: c.apyPct7D,
    apyPct30D: c.apyPct30D,
    sigma: c.sigma,
    historyDays: c.historyDays,
    outlier: c.outlier,
    stablecoin: c.stablecoin,
    exposure: c.exposure,
    ilRisk: c.ilRisk,
    predictions: c.predictions === null ? null : { ...c.predictions },
    dataAgeSeconds: seconds(c.dataAgeMs),
    unchangedForSeconds: seconds(c.unchangedForMs),
    vaultDetails:
      details === null
        ? null
        : {
            asset: details.asset,
            assetSymbol: details.assetSymbol,
            assetDecimals: details.assetDecimals,
            shareSymbol: details.shareSymbol,
            shareDecimals: details.shareDecimals,
            totalAssets: amount(details.totalAssets, details.assetDecimals),
            assetsPerShare: amount(details.assetsPerShare, details.assetDecimals),
            tvl: {
              eth:
                details.tvlWei === null
                  ? null
                  : { eth: formatEther(details.tvlWei), wei: details.tvlWei.toString() },
              usd: details.tvlUsdE18 === null ? null : formatUnits(details.tvlUsdE18, 18),
            },
            tvlUnpricedReason: details.tvlUnpricedReason,
            maxDeposit:
              details.maxDeposit === null ? null : amount(details.maxDeposit, details.assetDecimals),
            samples: details.samples,
            lastSampleAt: details.lastSampleAt === null ? null : new Date(details.lastSampleAt).toISOString(),
            apyReason: details.apyReason,
            blockNumber: Number(details.blockNumber),
          },
  };
}
