import { CORE_FIELDS } from './coreFields.js';
import { InvalidParameterError } from './errors/InvalidParameterError.js';
import { MAX_SAFE_TAX_PERCENT } from './maxSafeTaxPercent.js';
import { sanitizeEvidenceFields } from './internal/sanitizeEvidenceFields.js';
import type { EvidenceField, EvidenceFields, RiskLevel, ScoreFactor } from './types.js';

/** Default `isSafe` threshold on the 0–100 score. */
export const DEFAULT_SAFETY_THRESHOLD = 70;
/** Score cap when the honeypot status is unknown. */
const HONEYPOT_UNKNOWN_CAP = 40;
const DAY_MS = 86_400_000;

type Fields = Partial<EvidenceFields>;
type Rule = { id: string; veto?: true; applies: (f: Fields, now: number) => number | null; reason: string };

function band(value: number | undefined, bands: [number, number][]): number | null {
  if (value === undefined) return null;
  for (const [limit, points] of bands) if (value > limit) return points;
  return null;
}

/** The documented factor rules; `applies` returns the points (or null when the rule does not apply). */
const RULES: readonly Rule[] = [
  // Vetoes: any one forces the score to 0.
  {
    id: 'honeypot',
    veto: true,
    applies: (f) => (f.isHoneypot === true ? -100 : null),
    reason: 'confirmed honeypot: the token cannot be sold',
  },
  {
    id: 'sell-fails',
    veto: true,
    applies: (f) => (f.canSell === false && f.isHoneypot !== true ? -100 : null),
    reason: 'selling the token fails',
  },
  {
    id: 'owner-change-balance',
    veto: true,
    applies: (f) => (f.ownerChangeBalance === true ? -100 : null),
    reason: 'the owner can change balances',
  },
  {
    id: 'hidden-owner',
    veto: true,
    applies: (f) => (f.hiddenOwner === true ? -100 : null),
    reason: 'the contract has a hidden owner',
  },
  {
    id: 'can-take-back-ownership',
    veto: true,
    applies: (f) => (f.canTakeBackOwnership === true ? -100 : null),
    reason: 'ownership can be taken back after renouncing',
  },
  {
    id: 'self-destruct',
    veto: true,
    applies: (f) => (f.selfDestruct === true ? -100 : null),
    reason: 'the contract can self-destruct',
  },
  {
    id: 'cannot-sell-all',
    veto: true,
    applies: (f) => (f.cannotSellAll === true ? -100 : null),
    reason: 'holders cannot sell their whole balance',
  },
  {
    id: 'sell-tax-extreme',
    veto: true,
    applies: (f) => (f.sellTax !== undefined && f.sellTax >= 50 ? -100 : null),
    reason: 'sell tax is 50% or more',
  },
  {
    id: 'permanent-delegate',
    veto: true,
    applies: (f) => (f.hasPermanentDelegate === true ? -100 : null),
    reason: 'a permanent delegate can move or burn any holder’s tokens',
  },
  {
    id: 'non-transferable',
    veto: true,
    applies: (f) => (f.nonTransferable === true ? -100 : null),
    reason: 'the token is non-transferable',
  },
  // Unknowns.
  {
    id: 'honeypot-unknown',
    applies: (f) => (f.isHoneypot === undefined ? -40 : null),
    reason: 'honeypot status is unknown',
  },
  {
    id: 'buy-tax-unknown',
    applies: (f) => (f.buyTax === undefined ? -10 : null),
    reason: 'buy tax is unknown',
  },
  {
    id: 'sell-tax-unknown',
    applies: (f) => (f.sellTax === undefined ? -10 : null),
    reason: 'sell tax is unknown',
  },
  {
    id: 'liquidity-unknown',
    applies: (f) => (f.liquidityUsd === undefined ? -10 : null),
    reason: 'liquidity is unknown',
  },
  // Graded penalties.
  {
    id: 'sell-tax',
    applies: (f) =>
      f.sellTax !== undefined && f.sellTax < 50
        ? band(f.sellTax, [
            [10, -25],
            [5, -10],
            [0, -5],
          ])
        : null,
    reason: 'sell tax above 0% (−5 up to 5%, −10 up to 10%, −25 above)',
  },
  {
    id: 'buy-tax',
    applies: (f) =>
      band(f.buyTax, [
        [50, -40],
        [10, -25],
        [5, -10],
        [0, -5],
      ]),
    reason: 'buy tax above 0% (−5 up to 5%, −10 up to 10%, −25 up to 50%, −40 above)',
  },
  { id: 'cannot-buy', applies: (f) => (f.canBuy === false ? -30 : null), reason: 'buying the token fails' },
  {
    id: 'closed-source',
    applies: (f) => (f.isOpenSource === false ? -25 : null),
    reason: 'the contract source is not verified',
  },
  {
    id: 'proxy',
    applies: (f) => (f.isProxy === true ? -10 : null),
    reason: 'the contract is an upgradeable proxy',
  },
  { id: 'mintable', applies: (f) => (f.isMintable === true ? -15 : null), reason: 'supply can be minted' },
  {
    id: 'transfer-pausable',
    applies: (f) => (f.transferPausable === true ? -20 : null),
    reason: 'transfers can be paused',
  },
  {
    id: 'blacklist',
    applies: (f) => (f.isBlacklisted === true ? -15 : null),
    reason: 'the contract can blacklist holders',
  },
  {
    id: 'slippage-modifiable',
    applies: (f) => (f.slippageModifiable === true ? -20 : null),
    reason: 'the owner can change the tax',
  },
  {
    id: 'trading-cooldown',
    applies: (f) => (f.tradingCooldown === true ? -10 : null),
    reason: 'the contract enforces a trading cooldown',
  },
  {
    id: 'freezable',
    applies: (f) => (f.isFreezable === true ? -25 : null),
    reason: 'a freeze authority can freeze holder accounts',
  },
  {
    id: 'transfer-hook',
    applies: (f) => (f.hasTransferHook === true ? -15 : null),
    reason: 'a transfer hook program runs on every transfer',
  },
  {
    id: 'default-frozen',
    applies: (f) => (f.defaultAccountFrozen === true ? -25 : null),
    reason: 'new token accounts start frozen',
  },
  {
    id: 'low-liquidity',
    applies: (f) =>
      f.liquidityUsd === undefined
        ? null
        : f.liquidityUsd < 10_000
          ? -25
          : f.liquidityUsd < 50_000
            ? -10
            : null,
    reason: 'liquidity below $50k (−10) or $10k (−25)',
  },
  {
    id: 'holder-concentration',
    applies: (f) =>
      band(f.topHolderPercent, [
        [50, -20],
        [20, -10],
      ]),
    reason: 'one holder owns over 20% (−10) or 50% (−20) of supply',
  },
  {
    id: 'lp-unlocked',
    applies: (f) => (f.lpLockedPercent !== undefined && f.lpLockedPercent < 50 ? -5 : null),
    reason: 'less than half of the LP is locked or burned',
  },
  {
    id: 'young-pair',
    applies: (f, now) =>
      f.pairCreatedAt === undefined
        ? null
        : now - f.pairCreatedAt < DAY_MS
          ? -10
          : now - f.pairCreatedAt < 7 * DAY_MS
            ? -5
            : null,
    reason: 'the oldest pair is younger than 7 days (−5) or 1 day (−10)',
  },
  {
    id: 'trust-listed',
    applies: (f) => (f.trustListed === true ? 10 : null),
    reason: 'the token is on the provider’s trust list',
  },
];

/** Parameters of {@link computeSafetyScore}. */
export type ComputeSafetyScoreParameters = {
  fields: Partial<EvidenceFields>;
  kind: 'evm' | 'solana';
  /** `isSafe` threshold, integer 0–100, default {@link DEFAULT_SAFETY_THRESHOLD}. */
  threshold?: number;
  /** Current time in ms (for pair age). */
  now: number;
};

/** Return type of {@link computeSafetyScore}. */
export type ComputeSafetyScoreReturnType = {
  /** Integer 0–100. */
  score: number;
  factors: ScoreFactor[];
  vetoed: boolean;
  /** Upper bound imposed by unknown core fields. */
  cap: number;
  coverage: { known: number; total: number; ratio: number; missing: EvidenceField[] };
  isSafe: boolean;
  riskLevel: RiskLevel;
};

/**
 * Scores merged evidence with additive, documented factors: start at 100, add each factor's points, clamp to
 * 0–100, cap at `floor(coverage × 100)` (and at 40 when the honeypot status is unknown), and force 0 on any
 * veto. `isSafe` needs `isHoneypot === false`, no failed sell, buy and sell tax both known and at most
 * {@link MAX_SAFE_TAX_PERCENT}, no veto and a score ≥ threshold; `riskLevel` is `low` only when `isSafe`. Pure.
 *
 * @example
 * ```ts
 * const { score, isSafe, factors } = computeSafetyScore({ fields: { isHoneypot: true }, kind: 'evm', now: Date.now() });
 * // score 0, isSafe false, factors[0].id 'honeypot' (veto)
 * ```
 */
export function computeSafetyScore({
  fields: rawFields,
  kind,
  threshold = DEFAULT_SAFETY_THRESHOLD,
  now,
}: ComputeSafetyScoreParameters): ComputeSafetyScoreReturnType {
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > 100) {
    throw new InvalidParameterError({ parameter: 'threshold', reason: 'must be an integer in [0, 100]' });
  }
  if (kind !== 'evm' && kind !== 'solana') {
    throw new InvalidParameterError({ parameter: 'kind', reason: "must be 'evm' or 'solana'" });
  }
  // Invalid values (NaN tax, "true" as a flag…) are unknown, never known-and-clean.
  const { fields } = sanitizeEvidenceFields(rawFields);
  const factors: ScoreFactor[] = [];
  for (const rule of RULES) {
    const points = rule.applies(fields, now);
    if (points === null) continue;
    factors.push({ id: rule.id, points, reason: rule.reason, veto: rule.veto === true });
  }
  const core = CORE_FIELDS[kind];
  const missing = core.filter((f) => fields[f] === undefined);
  const known = core.length - missing.length;
  const ratio = Math.round((known / core.length) * 10_000) / 10_000;
  let cap = Math.floor((known / core.length) * 100);
  if (fields.isHoneypot === undefined) cap = Math.min(cap, HONEYPOT_UNKNOWN_CAP);
  const vetoed = factors.some((f) => f.veto);
  const raw = 100 + factors.reduce((sum, f) => sum + f.points, 0);
  const score = vetoed ? 0 : Math.min(Math.max(Math.round(raw), 0), 100, cap);
  // Safe needs proof, not absence of evidence: a confirmed non-honeypot that sells, both taxes KNOWN and at most
  // MAX_SAFE_TAX_PERCENT, no veto, and the score.
  const taxesKnownAndLow =
    fields.buyTax !== undefined &&
    fields.sellTax !== undefined &&
    fields.buyTax <= MAX_SAFE_TAX_PERCENT &&
    fields.sellTax <= MAX_SAFE_TAX_PERCENT;
  const isSafe =
    !vetoed &&
    fields.isHoneypot === false &&
    fields.canSell !== false &&
    taxesKnownAndLow &&
    score >= threshold;
  let riskLevel: RiskLevel;
  if (vetoed) riskLevel = 'critical';
  else if (isSafe) riskLevel = 'low';
  else if (
    fields.isHoneypot === undefined ||
    cap < threshold ||
    fields.buyTax === undefined ||
    fields.sellTax === undefined
  ) {
    riskLevel = 'unknown';
  } else if (score >= 50) riskLevel = 'medium';
  else riskLevel = 'high';
  return {
    score,
    factors,
    vetoed,
    cap,
    coverage: { known, total: core.length, ratio, missing },
    isSafe,
    riskLevel,
  };
}
