import type { ChainErrorDto } from './gas.js';
import type { EthAmountDto } from './governor.js';
import type { ChainRefDto } from './wallet.js';

/** A token amount: human units (decimal string) and base units. */
export interface YieldAmountDto {
  amount: string;
  amountBase: string;
}

/** The chain of an opportunity: the registry's (id and name) or, for a DefiLlama chain we do not run, its name. */
export interface YieldChainDto {
  /**
   * EIP-155 id; null when DefiLlama's chain is not in the registry (its tokens cannot be checked).
   * @isLong
   */
  id: number | null;
  name: string;
}

/** DefiLlama's random-forest prediction of the APY's direction; every field null for young pools or apy ≤ 0. */
export interface YieldPredictionDto {
  /** `Stable/Up` or `Down`. */
  predictedClass: string | null;
  /** 0–100. */
  predictedProbability: number | null;
  /**
   * 1 (low) to 3 (high).
   * @isInt
   */
  binnedConfidence: number | null;
}

/** What an on-chain ERC-4626 vault row adds: exact on-chain figures. */
export interface YieldVaultDetailsDto {
  asset: string;
  assetSymbol: string | null;
  /** @isInt */
  assetDecimals: number;
  shareSymbol: string | null;
  /** @isInt */
  shareDecimals: number;
  /** `totalAssets()`. */
  totalAssets: YieldAmountDto;
  /** `convertToAssets(one whole share)`, in the asset. */
  assetsPerShare: YieldAmountDto;
  /** `totalAssets` priced on chain (the gateway's pricing); null = unpriceable (see `tvlUnpricedReason`). */
  tvl: { eth: EthAmountDto | null; usd: string | null };
  tvlUnpricedReason: string | null;
  /** `maxDeposit(wallet)`; null when not read. `2^256-1` means no limit. */
  maxDeposit: YieldAmountDto | null;
  /**
   * Share-price samples in the APY's 31-day window.
   * @isInt
   */
  samples: number;
  /** Chain time of the newest sample (ISO 8601); null before the first. */
  lastSampleAt: string | null;
  /** Why the APY is null (e.g. `needs two share-price samples at least a day apart`). */
  apyReason: string | null;
  /**
   * The block the vault was read at.
   * @isLong
   */
  blockNumber: number;
}

/**
 * One yield opportunity: a DefiLlama pool (provider figures, JSON numbers as DefiLlama serves them) or an ERC-4626
 * vault from `YIELD_VAULTS_<CHAIN>` (TVL priced on chain, APY measured from its share price). Percentages are
 * provider-style figures for ranking and display, never amounts anything is signed or charged with.
 */
export interface YieldOpportunityDto {
  /** `defillama:<pool uuid>` or `onchain:<chainId>:<vault>`. */
  id: string;
  source: 'defillama' | 'onchain';
  chain: YieldChainDto;
  /** Protocol slug (`aave-v3`); `erc4626` for configured vaults. */
  project: string;
  symbol: string;
  poolMeta: string | null;
  /** DefiLlama pool id (for its `/chart/{pool}`); null for vaults. */
  pool: string | null;
  /** The vault; null for DefiLlama pools. */
  vault: string | null;
  /** Lower-case addresses as listed. */
  underlyingTokens: string[];
  rewardTokens: string[];
  tvlUsd: number | null;
  /** Total APY, percent. */
  apy: number | null;
  apyBase: number | null;
  apyReward: number | null;
  apyMean30d: number | null;
  apyPct1D: number | null;
  apyPct7D: number | null;
  apyPct30D: number | null;
  /** Annualised standard deviation of daily returns, percent. */
  sigma: number | null;
  /**
   * Days of history (DefiLlama's `count`; a vault's sample span).
   * @isInt
   */
  historyDays: number | null;
  outlier: boolean | null;
  stablecoin: boolean | null;
  /** `single` or `multi`. */
  exposure: string | null;
  /** `yes` or `no`. */
  ilRisk: string | null;
  predictions: YieldPredictionDto | null;
  /**
   * Age of the figures in seconds (the pool list's; a vault's newest sample, chain time).
   * @isInt
   */
  dataAgeSeconds: number | null;
  /**
   * Seconds the pool's data has not advanced (DefiLlama `count` unchanged, or its newest chart point).
   * @isInt
   */
  unchangedForSeconds: number | null;
  vaultDetails: YieldVaultDetailsDto | null;
}

/** The DefiLlama pool list behind an answer. */
export interface YieldProviderStatusDto {
  name: 'defillama';
  /** `fresh`; `stale` (a refresh failed: the cached list, with its age); `unavailable`; `not-used` (`source=onchain`). */
  status: 'fresh' | 'stale' | 'unavailable' | 'not-used';
  /** When the list was fetched (ISO 8601). */
  fetchedAt: string | null;
  /** @isInt */
  ageSeconds: number | null;
  /** The failed refresh's code (`YIELD_PROVIDER_RATE_LIMITED`…) and time, when stale. */
  lastError: { code: string; at: string } | null;
  /**
   * Rows DefiLlama sent that did not match its documented shape (dropped).
   * @isInt
   */
  rejectedPools: number | null;
}

/** A configured chain whose vaults could not be read. */
export interface YieldChainFailureDto {
  chain: ChainRefDto;
  error: ChainErrorDto;
}

/** A configured vault that did not answer as an ERC-4626 vault. */
export interface YieldUnreadableVaultDto {
  chain: ChainRefDto;
  vault: string;
  reason: string;
}

/** `GET /yield/opportunities`. */
export interface YieldOpportunitiesDto {
  provider: YieldProviderStatusDto;
  /**
   * Matches before `limit`.
   * @isInt
   */
  total: number;
  items: YieldOpportunityDto[];
  /** Chains whose configured vaults could not be read (their rows are missing, never invented). */
  failedChains: YieldChainFailureDto[];
  unreadableVaults: YieldUnreadableVaultDto[];
}

/** A failed hard filter. */
export interface YieldExclusionDto {
  /**
   * `TVL_UNKNOWN`, `TVL_BELOW_FLOOR`, `OUTLIER`, `OUTLIER_UNKNOWN`, `HISTORY_TOO_SHORT`, `APY_UNKNOWN`,
   * `APY_NOT_POSITIVE`, `DATA_STALE`, `POOL_FROZEN`, `UNDERLYING_UNKNOWN`, `UNDERLYING_UNSAFE`,
   * `UNDERLYING_SAFETY_UNKNOWN`, `REWARD_TOKEN_UNSAFE`, `SAFETY_NOT_CHECKED`, `MAX_DEPOSIT_BELOW_AMOUNT`.
   */
  code: string;
  reason: string;
}

/** Every term of a score, in APY percentage points (see the README's ranking formula). */
export interface YieldScoreComponentsDto {
  base: number;
  reward: number;
  /** Share of the reward counted (the haircut for safe reward tokens; 0 otherwise). */
  rewardShare: number;
  rewardCounted: number;
  spikePenalty: number;
  volatilityPenalty: number;
  /** What the prediction confidence takes off, and 10% more when σ is unknown (fewer than four daily points). */
  confidencePenalty: number;
  confidenceFactor: number;
  /** Half of what is left, for a pool with impermanent-loss risk (`ilRisk: yes`, or multi-asset); 0 otherwise. */
  ilPenalty: number;
}

/** A token's safety verdict: `safe`, `unsafe`, `unknown`, or `unchecked` (not looked up for this answer). */
export interface YieldTokenVerdictDto {
  token: string;
  verdict: 'safe' | 'unsafe' | 'unknown' | 'unchecked';
}

/** An opportunity with its verdicts, exclusions and score: the same fields on every row. */
export interface YieldScoredOpportunityDto {
  /**
   * 1 = first.
   * @isInt
   */
  rank: number;
  eligible: boolean;
  score: number | null;
  components: YieldScoreComponentsDto | null;
  exclusions: YieldExclusionDto[];
  underlyingSafety: YieldTokenVerdictDto[];
  rewardSafety: YieldTokenVerdictDto[];
  /** Whether its tokens' safety (and, for DefiLlama, its chart) was checked for this answer. */
  verified: boolean;
  /** The newest point of its DefiLlama chart (ISO 8601), when read. */
  chartLastPointAt: string | null;
  opportunity: YieldOpportunityDto;
}

/** The ranking's settings, as configured. */
export interface YieldRankSettingsDto {
  minTvlUsd: number;
  /** @isInt */
  minHistoryDays: number;
  /** @isInt */
  maxDataAgeSeconds: number;
  /** @isInt */
  frozenAfterHours: number;
  /** @isInt */
  rewardHaircutBps: number;
}

/** A count of candidates excluded for a code. */
export interface YieldExclusionCountDto {
  code: string;
  /** @isInt */
  count: number;
}

/** `GET /yield/best`. */
export interface YieldBestDto {
  asset: string;
  /** The amount checked against `maxDeposit` (human units), if given. */
  amount: string | null;
  provider: YieldProviderStatusDto;
  settings: YieldRankSettingsDto;
  /** The highest risk-adjusted eligible opportunity; null when none passes the hard filters. */
  best: YieldScoredOpportunityDto | null;
  /** Why `best` is null. */
  reason: string | null;
  /**
   * Candidates matching the asset and filters.
   * @isInt
   */
  considered: number;
  /**
   * Candidates whose tokens (and chart) were checked to settle the answer.
   * @isInt
   */
  verified: number;
  /** Why the others were excluded (after the checks made). */
  excluded: YieldExclusionCountDto[];
  failedChains: YieldChainFailureDto[];
}

/** `GET /yield/compare`. */
export interface YieldCompareDto {
  asset: string;
  provider: YieldProviderStatusDto;
  settings: YieldRankSettingsDto;
  /**
   * Candidates matching the asset and filters (the rows are the first `limit`).
   * @isInt
   */
  total: number;
  rows: YieldScoredOpportunityDto[];
  failedChains: YieldChainFailureDto[];
}

/** Cost basis and yield of a position, from the execution journal (deposits this service made). */
export interface YieldCostBasisDto {
  /**
   * Deposits this service made into the vault from this wallet.
   * @isInt
   */
  deposits: number;
  /** Assets deposited; null when unknown (see `reason`). */
  costBasis: YieldAmountDto | null;
  firstDepositAt: string | null;
  /** Exit value minus cost basis, in the asset (negative after fees or a loss); null when either is unknown. */
  earned: YieldEarnedDto | null;
  reason: string | null;
}

/** What a position earned since the first deposit: in the asset, and priced like the exit value. */
export interface YieldEarnedDto {
  amount: string;
  amountBase: string;
  eth: EthAmountDto | null;
  usd: string | null;
}

/** The asset of a vault. */
export interface YieldAssetDto {
  address: string;
  symbol: string | null;
  /** @isInt */
  decimals: number;
}

/** Exit values summed over positions. */
export interface YieldPortfolioTotalsDto {
  /** ETH-equivalent, chains whose native currency is ETH only. */
  eth: EthAmountDto;
  /** USD; null when any position has no USD figure. */
  usd: string | null;
  /**
   * Positions without a value (not counted in the sums).
   * @isInt
   */
  unpriced: number;
}

/** One vault position, valued on chain at exit. */
export interface YieldPositionDto {
  chain: ChainRefDto;
  vault: string;
  /** Listed in `YIELD_VAULTS_<CHAIN>` or `PORTFOLIO_VAULTS_<CHAIN>`; false = found among the portfolio's tokens. */
  configured: boolean;
  shareSymbol: string | null;
  /** @isInt */
  shareDecimals: number;
  asset: YieldAssetDto;
  shares: YieldAmountDto;
  /** `previewRedeem(shares)`: what redeeming every share pays now, fees included. */
  exitAssets: YieldAmountDto;
  /** `convertToAssets(shares)`: the ideal value without fees (display only). */
  idealAssets: YieldAmountDto;
  /**
   * Exit fee implied by the two, bps (rounded up).
   * @isInt
   */
  exitFeeBps: number;
  /** The exit value priced on chain like `/portfolio` (ETH-equivalent and USD); null = unpriceable. */
  value: { eth: EthAmountDto | null; usd: string | null };
  unpricedReason: string | null;
  /** `maxRedeem(wallet)`: shares redeemable now. */
  maxRedeem: YieldAmountDto | null;
  /** True when fewer shares can be redeemed now than are held (or `maxRedeem` did not answer). */
  illiquid: boolean;
  costBasis: YieldCostBasisDto;
  /**
   * The block everything was read at.
   * @isLong
   */
  blockNumber: number;
}

/** `GET /yield/portfolio`. */
export interface YieldPortfolioDto {
  address: string;
  positions: YieldPositionDto[];
  totals: YieldPortfolioTotalsDto;
  failedChains: YieldChainFailureDto[];
}
