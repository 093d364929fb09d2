/**
 * Types of the yield ranking (pure). Percentages and USD figures are provider-style figures (JSON numbers), never
 * amounts anything is signed or charged with; the one amount (`maxDeposit` against the requested deposit) is bigint.
 */

/** A token-safety verdict: `unsafe` = honeypot, veto or an excessive tax; `unknown` = not established. */
export type TokenVerdict = 'safe' | 'unsafe' | 'unknown';

/** DefiLlama's prediction (all null for young pools or `apy ≤ 0`). */
export interface CandidatePrediction {
  readonly predictedClass: string | null;
  readonly predictedProbability: number | null;
  readonly binnedConfidence: number | null;
}

/** One opportunity as the ranking sees it: a DefiLlama pool or an on-chain ERC-4626 vault. */
export interface YieldCandidate {
  /** `defillama:<pool uuid>` or `onchain:<chainId>:<vault>`. */
  readonly id: string;
  readonly source: 'defillama' | 'onchain';
  /** The registry chain; `null` when the provider's chain is not one of ours (its tokens cannot be checked). */
  readonly chainId: number | null;
  /** Display name (DefiLlama's, or the registry's). */
  readonly chain: string;
  readonly project: string;
  readonly symbol: string;
  readonly poolMeta: string | null;
  /** DefiLlama pool id; `null` for vaults. */
  readonly pool: string | null;
  /** The vault address; `null` for DefiLlama pools. */
  readonly vault: string | null;
  readonly underlyingTokens: readonly string[];
  readonly rewardTokens: readonly string[];
  readonly tvlUsd: number | null;
  readonly apy: number | null;
  readonly apyBase: number | null;
  readonly apyReward: number | null;
  readonly apyMean30d: number | null;
  readonly apyPct1D: number | null;
  readonly apyPct7D: number | null;
  readonly apyPct30D: number | null;
  /** Annualised standard deviation of daily returns, percent (DefiLlama's `sigma`). */
  readonly sigma: number | null;
  /** Days of history (DefiLlama's `count`; a vault's sample span). */
  readonly historyDays: number | null;
  readonly outlier: boolean | null;
  readonly stablecoin: boolean | null;
  readonly exposure: string | null;
  readonly ilRisk: string | null;
  readonly predictions: CandidatePrediction | null;
  /** Age of the figures (the pool list's age; a vault's newest sample), ms; `null` = unknown. */
  readonly dataAgeMs: number | null;
  /** How long the pool's data has not advanced (count unchanged, newest chart point), ms; `null` = unknown. */
  readonly unchangedForMs: number | null;
  /** `maxDeposit` read on chain (vaults), base units of the asset; `null` = not known. */
  readonly maxDeposit: bigint | null;
}

/** The ranking's settings (from `YIELD_*`). */
export interface RankSettings {
  readonly minTvlUsd: number;
  readonly minHistoryDays: number;
  readonly maxDataAgeMs: number;
  readonly frozenAfterMs: number;
  /** Share of a safe reward APY counted, bps (5,000 = half). */
  readonly rewardHaircutBps: number;
}

/** What the ranking reads besides the candidates. */
export interface RankContext {
  readonly settings: RankSettings;
  /** The verdict of a token on a chain; `unchecked` when nobody looked yet. */
  readonly verdict: (chainId: number | null, token: string) => TokenVerdict | 'unchecked';
  /**
   * Treat `unchecked` tokens as safe — only to ORDER candidates before checking them (a verified score can only be
   * lower). Default false: an unchecked token fails closed.
   */
  readonly optimistic?: boolean;
  /**
   * The deposit the caller has in mind, in base units of the candidate's asset (checked against `maxDeposit` where
   * known); `null` = none.
   */
  readonly amountOf?: (candidate: YieldCandidate) => bigint | null;
}

/** Why a candidate cannot be the best; stable codes. */
export type ExclusionCode =
  | 'TVL_UNKNOWN'
  | 'TVL_BELOW_FLOOR'
  | 'OUTLIER'
  | 'OUTLIER_UNKNOWN'
  | 'HISTORY_TOO_SHORT'
  | 'APY_UNKNOWN'
  | 'APY_NOT_POSITIVE'
  | 'DATA_STALE'
  | 'POOL_FROZEN'
  | 'UNDERLYING_UNKNOWN'
  | 'UNDERLYING_UNSAFE'
  | 'UNDERLYING_SAFETY_UNKNOWN'
  | 'REWARD_TOKEN_UNSAFE'
  | 'SAFETY_NOT_CHECKED'
  | 'MAX_DEPOSIT_BELOW_AMOUNT';

/** One failed hard filter. */
export interface Exclusion {
  readonly code: ExclusionCode;
  readonly reason: string;
}

/** How the score was made (every term, in APY percentage points). */
export interface ScoreComponents {
  /** `apyBase`, or `apy − apyReward` when the provider gives no split. */
  readonly base: number;
  readonly reward: number;
  /** Share of the reward counted: the haircut for safe reward tokens, 0 when any is unknown or unchecked. */
  readonly rewardShare: number;
  readonly rewardCounted: number;
  /** `max(0, apy − apyMean30d) × spike weight`. */
  readonly spikePenalty: number;
  /** `σ × √365 × volatility weight`. */
  readonly volatilityPenalty: number;
  /** What the prediction confidence (and an unknown σ) takes off (a share of what is left). */
  readonly confidencePenalty: number;
  readonly confidenceFactor: number;
  /** What the impermanent-loss risk takes off (a share of what is left after the other terms); 0 when none. */
  readonly ilPenalty: number;
}

/** A candidate with its verdicts, exclusions and score. */
export interface ScoredOpportunity {
  readonly candidate: YieldCandidate;
  readonly eligible: boolean;
  readonly exclusions: readonly Exclusion[];
  /** `null` when the APY is unknown. */
  readonly score: number | null;
  readonly components: ScoreComponents | null;
  readonly underlyingSafety: readonly {
    readonly token: string;
    readonly verdict: TokenVerdict | 'unchecked';
  }[];
  readonly rewardSafety: readonly { readonly token: string; readonly verdict: TokenVerdict | 'unchecked' }[];
}
