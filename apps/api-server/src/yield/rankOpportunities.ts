import type { RankContext, ScoredOpportunity, YieldCandidate } from './rankingTypes.js';
import { scoreOpportunity } from './scoreOpportunity.js';

/** Result of {@link rankOpportunities}. */
export interface RankOpportunitiesReturnType {
  /** Eligible first (highest score first), then the excluded (by score); ties by TVL, then id. */
  readonly ranked: readonly ScoredOpportunity[];
  /** The highest-scoring eligible candidate; `null` when none passes the hard filters. */
  readonly best: ScoredOpportunity | null;
}

/**
 * Scores every candidate with `scoreOpportunity` and orders them (pure, deterministic): the best is the eligible
 * candidate with the highest score — an excluded candidate never is, whatever its APY — with ties broken by higher
 * TVL, then by id.
 *
 * @example
 * ```ts
 * const { best, ranked } = rankOpportunities(candidates, { settings, verdict });
 * ```
 */
export function rankOpportunities(
  candidates: readonly YieldCandidate[],
  context: RankContext,
): RankOpportunitiesReturnType {
  const scored = candidates.map((c) => scoreOpportunity(c, context));
  scored.sort(compare);
  const best = scored[0]?.eligible === true ? scored[0] : null;
  return { ranked: scored, best };
}

function compare(a: ScoredOpportunity, b: ScoredOpportunity): number {
  if (a.eligible !== b.eligible) return a.eligible ? -1 : 1;
  const sa = a.score ?? Number.NEGATIVE_INFINITY;
  const sb = b.score ?? Number.NEGATIVE_INFINITY;
  if (sa !== sb) return sb - sa;
  const ta = a.candidate.tvlUsd ?? -1;
  const tb = b.candidate.tvlUsd ?? -1;
  if (ta !== tb) return tb - ta;
  return a.candidate.id < b.candidate.id ? -1 : a.candidate.id > b.candidate.id ? 1 : 0;
}
