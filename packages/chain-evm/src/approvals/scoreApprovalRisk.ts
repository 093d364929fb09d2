import type { ApprovalKind, ApprovalRiskFactor, ApprovalRiskLevel, SpenderCodeKind } from './types.js';

/**
 * Points per risk factor (additive; the score is capped at 100). Documented in the package README:
 * - `unlimited` 30 — an allowance ≥ 2**255, or an operator (every NFT of the collection);
 * - `unknown_spender` 20 — not a known protocol of the chain;
 * - `spender_without_code` 30 — an EOA (or EIP-7702-delegated EOA, or a destroyed contract): a key, not code;
 * - `upgradeable_spender` 15 — EIP-1967 proxy: the code behind the approval can change;
 * - `stale` 10 — last approved before the configured age;
 * - value at risk (min(balance, allowance) in ETH-equivalent): `value_at_risk_high` 25 (≥ 1 ETH),
 *   `value_at_risk_medium` 15 (≥ 0.1 ETH), `value_at_risk_low` 5 (> 0), `value_at_risk_unknown` 15 (unpriceable,
 *   or an NFT operator: unknown is never counted as 0).
 *
 * @example
 * ```ts
 * APPROVAL_RISK_POINTS.unlimited; // 30
 * ```
 */
export const APPROVAL_RISK_POINTS: Readonly<Record<ApprovalRiskFactor, number>> = Object.freeze({
  unlimited: 30,
  unknown_spender: 20,
  spender_without_code: 30,
  upgradeable_spender: 15,
  stale: 10,
  value_at_risk_high: 25,
  value_at_risk_medium: 15,
  value_at_risk_low: 5,
  value_at_risk_unknown: 15,
});

/** Lowest score of each level: critical ≥ 75, high ≥ 50, medium ≥ 25, else low. */
export const APPROVAL_RISK_LEVELS: readonly { readonly level: ApprovalRiskLevel; readonly min: number }[] =
  Object.freeze([
    { level: 'critical', min: 75 },
    { level: 'high', min: 50 },
    { level: 'medium', min: 25 },
    { level: 'low', min: 0 },
  ]);

const ONE_ETH = 10n ** 18n;
const TENTH_ETH = 10n ** 17n;

/** Parameters of {@link scoreApprovalRisk}. */
export interface ScoreApprovalRiskParameters {
  readonly kind: ApprovalKind;
  readonly unlimited: boolean;
  /** The spender's name when known, else `null`. */
  readonly spenderName: string | null;
  readonly spenderCode: SpenderCodeKind;
  readonly stale: boolean;
  /** min(balance, allowance) in wrapped-native wei; `null` when unpriceable (or an NFT operator). */
  readonly valueAtRiskWei: bigint | null;
}

/** Result of {@link scoreApprovalRisk}. */
export interface ScoreApprovalRiskReturnType {
  readonly score: number;
  readonly level: ApprovalRiskLevel;
  readonly factors: readonly {
    readonly factor: ApprovalRiskFactor;
    readonly points: number;
    readonly reason: string;
  }[];
}

/**
 * Scores one approval (pure): the sum of the points of every factor that applies (`APPROVAL_RISK_POINTS`), capped at
 * 100, and its level (`APPROVAL_RISK_LEVELS`), with a reason per factor.
 *
 * @example
 * ```ts
 * scoreApprovalRisk({ kind: 'erc20', unlimited: true, spenderName: null, spenderCode: 'none', stale: false, valueAtRiskWei: 0n });
 * // { score: 80, level: 'critical', factors: [unlimited 30, unknown_spender 20, spender_without_code 30] }
 * ```
 */
export function scoreApprovalRisk({
  kind,
  unlimited,
  spenderName,
  spenderCode,
  stale,
  valueAtRiskWei,
}: ScoreApprovalRiskParameters): ScoreApprovalRiskReturnType {
  const factors: { factor: ApprovalRiskFactor; points: number; reason: string }[] = [];
  const add = (factor: ApprovalRiskFactor, reason: string) =>
    factors.push({ factor, points: APPROVAL_RISK_POINTS[factor], reason });
  if (unlimited) {
    add(
      'unlimited',
      kind === 'operator'
        ? 'operator approval: the spender may move every token of the collection'
        : 'unlimited allowance (the maximum, or at least 2**255)',
    );
  }
  if (spenderName === null) add('unknown_spender', 'the spender is not a known protocol on this chain');
  if (spenderCode === 'none')
    add('spender_without_code', 'the spender has no code: an externally owned account');
  if (spenderCode === 'delegated_eoa') {
    add('spender_without_code', 'the spender is an externally owned account (with an EIP-7702 delegation)');
  }
  if (spenderCode === 'upgradeable') {
    add('upgradeable_spender', 'the spender is an upgradeable proxy (EIP-1967): its code can change');
  }
  if (stale) add('stale', 'last approved before the configured age');
  if (valueAtRiskWei === null) {
    add(
      'value_at_risk_unknown',
      kind === 'operator'
        ? 'NFTs are not priced: value at risk unknown'
        : 'the token cannot be priced on chain',
    );
  } else if (valueAtRiskWei >= ONE_ETH) {
    add('value_at_risk_high', 'at least 1 ETH-equivalent can be taken');
  } else if (valueAtRiskWei >= TENTH_ETH) {
    add('value_at_risk_medium', 'at least 0.1 ETH-equivalent can be taken');
  } else if (valueAtRiskWei > 0n) {
    add('value_at_risk_low', 'less than 0.1 ETH-equivalent can be taken');
  }
  const score = Math.min(
    100,
    factors.reduce((sum, f) => sum + f.points, 0),
  );
  const level = (APPROVAL_RISK_LEVELS.find((l) => score >= l.min) ?? { level: 'low' as const }).level;
  return { score, level, factors };
}
