import type {
  Exclusion,
  RankContext,
  ScoreComponents,
  ScoredOpportunity,
  TokenVerdict,
  YieldCandidate,
} from './rankingTypes.js';
import { RANKING_WEIGHTS } from './rankingWeights.js';

const SQRT_365 = Math.sqrt(365);

/**
 * Scores one candidate (pure). Hard filters first — each failure is an {@link Exclusion} with a stable code: TVL at
 * least the floor, not an outlier, enough history, a positive APY, fresh data that still advances, every underlying
 * token checked and safe, no reward token unsafe, `maxDeposit ≥ amount` where known. Then
 * `score = (base + share × reward − spike − volatility) × confidence`, where `share` is the reward haircut when every
 * reward token is safe and 0 otherwise, `spike = max(0, apy − apyMean30d)`, `volatility = 0.5 × σ × √365` and
 * `confidence` keeps 100/95/90% by DefiLlama's binned confidence (none = 90%), ×0.9 more for a predicted `Down`.
 * Every input comes back with the result.
 *
 * @example
 * ```ts
 * const scored = scoreOpportunity(candidate, { settings, verdict: () => 'safe' });
 * scored.eligible; scored.score; scored.exclusions;
 * ```
 */
export function scoreOpportunity(candidate: YieldCandidate, context: RankContext): ScoredOpportunity {
  const { settings } = context;
  const c = candidate;
  const exclusions: Exclusion[] = [];
  const exclude = (code: Exclusion['code'], reason: string) => exclusions.push({ code, reason });
  const verdictOf = (token: string): TokenVerdict | 'unchecked' => {
    const v = context.verdict(c.chainId, token);
    return v === 'unchecked' && context.optimistic === true ? 'safe' : v;
  };

  if (c.tvlUsd === null) exclude('TVL_UNKNOWN', 'the TVL is unknown');
  else if (c.tvlUsd < settings.minTvlUsd) {
    exclude(
      'TVL_BELOW_FLOOR',
      `TVL ${Math.round(c.tvlUsd)} USD is under the ${settings.minTvlUsd} USD floor`,
    );
  }
  if (c.outlier === true) exclude('OUTLIER', "the pool's return or volatility is an outlier among all pools");
  else if (c.outlier === null) exclude('OUTLIER_UNKNOWN', 'whether the pool is an outlier is unknown');
  if (c.historyDays === null || c.historyDays < settings.minHistoryDays) {
    exclude('HISTORY_TOO_SHORT', `${c.historyDays ?? 0} days of history, under ${settings.minHistoryDays}`);
  }
  if (c.apy === null) exclude('APY_UNKNOWN', 'the APY is unknown');
  else if (!(c.apy > 0)) exclude('APY_NOT_POSITIVE', `the APY is ${c.apy}%`);
  if (c.dataAgeMs === null || c.dataAgeMs > settings.maxDataAgeMs) {
    exclude(
      'DATA_STALE',
      c.dataAgeMs === null
        ? 'the age of the data is unknown'
        : `the data is ${Math.round(c.dataAgeMs / 1000)} s old, over ${Math.round(settings.maxDataAgeMs / 1000)} s`,
    );
  }
  if (c.unchangedForMs !== null && c.unchangedForMs > settings.frozenAfterMs) {
    exclude(
      'POOL_FROZEN',
      `the pool's data has not advanced for ${Math.round(c.unchangedForMs / 3_600_000)} h`,
    );
  }

  const underlyingSafety = c.underlyingTokens.map((token) => ({ token, verdict: verdictOf(token) }));
  const rewardSafety = c.rewardTokens.map((token) => ({ token, verdict: verdictOf(token) }));
  if (underlyingSafety.length === 0) exclude('UNDERLYING_UNKNOWN', 'the underlying tokens are not listed');
  const unsafe = underlyingSafety.filter((s) => s.verdict === 'unsafe');
  const unknown = underlyingSafety.filter((s) => s.verdict === 'unknown');
  const unchecked = underlyingSafety.filter((s) => s.verdict === 'unchecked');
  if (unsafe.length > 0)
    exclude('UNDERLYING_UNSAFE', `unsafe underlying token ${unsafe.map((s) => s.token).join(', ')}`);
  if (unknown.length > 0) {
    exclude(
      'UNDERLYING_SAFETY_UNKNOWN',
      `the safety of ${unknown.map((s) => s.token).join(', ')} is unknown`,
    );
  }
  if (unchecked.length > 0)
    exclude('SAFETY_NOT_CHECKED', `${unchecked.map((s) => s.token).join(', ')} not checked`);
  const unsafeRewards = rewardSafety.filter((s) => s.verdict === 'unsafe');
  if (unsafeRewards.length > 0) {
    exclude('REWARD_TOKEN_UNSAFE', `unsafe reward token ${unsafeRewards.map((s) => s.token).join(', ')}`);
  }
  const amount = context.amountOf?.(c) ?? null;
  if (amount !== null && c.maxDeposit !== null && c.maxDeposit < amount) {
    exclude(
      'MAX_DEPOSIT_BELOW_AMOUNT',
      `the vault accepts at most ${c.maxDeposit} base units now, under ${amount}`,
    );
  }

  const components =
    c.apy === null ? null : scoreComponents(c, c.apy, rewardSafety, settings.rewardHaircutBps);
  return {
    candidate: c,
    eligible: exclusions.length === 0,
    exclusions,
    score: components === null ? null : scoreOf(components),
    components,
    underlyingSafety,
    rewardSafety,
  };
}

function scoreComponents(
  c: YieldCandidate,
  apy: number,
  rewardSafety: readonly { verdict: TokenVerdict | 'unchecked' }[],
  rewardHaircutBps: number,
): ScoreComponents {
  const reward = Math.max(0, c.apyReward ?? 0);
  const base = c.apyBase ?? Math.max(0, apy - reward);
  const rewardsSafe = rewardSafety.length > 0 && rewardSafety.every((s) => s.verdict === 'safe');
  const rewardShare = reward > 0 && rewardsSafe ? rewardHaircutBps / 10_000 : 0;
  const rewardCounted = reward * rewardShare;
  const spikePenalty = c.apyMean30d === null ? 0 : Math.max(0, apy - c.apyMean30d) * RANKING_WEIGHTS.spike;
  const volatilityPenalty = Math.max(0, c.sigma ?? 0) * SQRT_365 * RANKING_WEIGHTS.volatility;
  const confidence = c.predictions?.binnedConfidence;
  let confidenceFactor: number =
    confidence === 3 || confidence === 2 || confidence === 1
      ? RANKING_WEIGHTS.confidence[confidence]
      : RANKING_WEIGHTS.confidence.none;
  if (c.predictions?.predictedClass === 'Down') confidenceFactor *= RANKING_WEIGHTS.predictedDown;
  if (c.sigma === null) confidenceFactor *= RANKING_WEIGHTS.sigmaUnknown;
  const before = base + rewardCounted - spikePenalty - volatilityPenalty;
  const confidencePenalty = Math.max(0, before) * (1 - confidenceFactor);
  const ilRisk = c.ilRisk === 'yes' || (c.exposure !== 'single' && c.exposure !== null && c.ilRisk !== 'no');
  const ilPenalty = ilRisk ? Math.max(0, before - confidencePenalty) * RANKING_WEIGHTS.impermanentLoss : 0;
  return {
    base,
    reward,
    rewardShare,
    rewardCounted,
    spikePenalty,
    volatilityPenalty,
    confidencePenalty,
    confidenceFactor,
    ilPenalty,
  };
}

function scoreOf(k: ScoreComponents): number {
  return k.base + k.rewardCounted - k.spikePenalty - k.volatilityPenalty - k.confidencePenalty - k.ilPenalty;
}
