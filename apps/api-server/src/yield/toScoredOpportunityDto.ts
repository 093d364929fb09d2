import type { YieldScoredOpportunityDto } from '../dto/yield.js';
import type { ScoredOpportunity } from './rankingTypes.js';
import type { VaultDetails } from './readVaultCandidates.js';
import { toOpportunityDto } from './toOpportunityDto.js';

/**
 * The HTTP shape of a scored opportunity: rank, eligibility, score and its terms, exclusions, token verdicts, what
 * was checked, and the opportunity itself — the same fields on every row.
 *
 * @example
 * ```ts
 * const row = toScoredOpportunityDto({ scored, rank: 1, details: null, verified: true, chartLastPointAt: null });
 * ```
 */
export function toScoredOpportunityDto({
  scored,
  rank,
  details,
  verified,
  chartLastPointAt,
}: {
  scored: ScoredOpportunity;
  rank: number;
  details: VaultDetails | null;
  verified: boolean;
  chartLastPointAt: number | null;
}): YieldScoredOpportunityDto {
  return {
    rank,
    eligible: scored.eligible,
    score: scored.score,
    components: scored.components === null ? null : { ...scored.components },
    exclusions: scored.exclusions.map((e) => ({ code: e.code, reason: e.reason })),
    underlyingSafety: scored.underlyingSafety.map((s) => ({ ...s })),
    rewardSafety: scored.rewardSafety.map((s) => ({ ...s })),
    verified,
    chartLastPointAt: chartLastPointAt === null ? null : new Date(chartLastPointAt).toISOString(),
    opportunity: toOpportunityDto(scored.candidate, details),
  };
}
