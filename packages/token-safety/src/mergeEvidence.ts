import { sanitizeEvidenceFields } from './internal/sanitizeEvidenceFields.js';
import { MAX_SAFE_TAX_PERCENT } from './maxSafeTaxPercent.js';
import type { EvidenceConflict, EvidenceField, EvidenceFields, SourceEvidence } from './types.js';

/** Boolean fields where `true` is the harmful value: any source saying `true` wins. */
const HARM_WHEN_TRUE: readonly EvidenceField[] = [
  'isHoneypot',
  'cannotSellAll',
  'isProxy',
  'isMintable',
  'ownerChangeBalance',
  'hiddenOwner',
  'canTakeBackOwnership',
  'selfDestruct',
  'transferPausable',
  'isBlacklisted',
  'slippageModifiable',
  'tradingCooldown',
  'isFreezable',
  'hasPermanentDelegate',
  'nonTransferable',
  'hasTransferHook',
  'defaultAccountFrozen',
];
/** Boolean fields where `false` is the harmful value: any source saying `false` wins. */
const HARM_WHEN_FALSE: readonly EvidenceField[] = ['canBuy', 'canSell', 'isOpenSource', 'trustListed'];
/** Numbers where larger is worse: the maximum wins. */
const WORST_IS_MAX: readonly EvidenceField[] = [
  'buyTax',
  'sellTax',
  'topHolderPercent',
  'top10HolderPercent',
  'transferFeeBps',
  'pairCreatedAt',
];
/** Numbers where smaller is worse: the minimum wins. */
const WORST_IS_MIN: readonly EvidenceField[] = ['liquidityUsd', 'volume24hUsd', 'lpLockedPercent'];
/**
 * When another source sent garbage for a numeric field, what it meant is unknown — it could have been worse. A
 * valid value is then kept only when it is evidence of harm on its own (the verdict is already unsafe whatever the
 * garbage meant); anything else leaves the field unknown (fail closed).
 */
const HARMFUL_NUMBER: Partial<Record<EvidenceField, (value: number) => boolean>> = {
  buyTax: (v) => v > MAX_SAFE_TAX_PERCENT,
  sellTax: (v) => v > MAX_SAFE_TAX_PERCENT,
  transferFeeBps: (v) => v > MAX_SAFE_TAX_PERCENT * 100,
  topHolderPercent: (v) => v > 20,
  top10HolderPercent: (v) => v > 50,
  liquidityUsd: (v) => v < 50_000,
  volume24hUsd: (v) => v < 1_000,
  lpLockedPercent: (v) => v < 50,
};
/** Taxes differing by more than this many percentage points are reported as a conflict. */
const TAX_CONFLICT_POINTS = 1;

/** Parameters of {@link mergeEvidence}. */
export type MergeEvidenceParameters = {
  /** Successful source answers, in source order. */
  results: readonly { source: string; evidence: SourceEvidence }[];
};

/** Return type of {@link mergeEvidence}. */
export type MergeEvidenceReturnType = {
  fields: Partial<EvidenceFields>;
  conflicts: EvidenceConflict[];
  /** Which sources supplied each field (valid values only). */
  fieldSources: Partial<Record<EvidenceField, string[]>>;
  /**
   * Values a source supplied that are not valid evidence (wrong type, out of range, unknown field). They are
   * never counted as known; a field with an invalid value stays unknown unless a valid value from another source
   * is evidence of harm on its own (a harmful flag, a tax above the safe maximum, liquidity under $50k…).
   */
  rejected: { source: string; field: string; value: string }[];
};

/**
 * Merges the evidence of several sources, pessimistically: the evidence of harm wins (a honeypot verdict
 * from any source beats a "not honeypot" from another, the highest tax wins, the lowest liquidity wins) and
 * every disagreement is returned as a conflict. Pure.
 *
 * @example
 * ```ts
 * const { fields, conflicts } = mergeEvidence({ results: [
 *   { source: 'goplus', evidence: { fields: { isHoneypot: false } } },
 *   { source: 'onchain-simulation', evidence: { fields: { isHoneypot: true, canSell: false } } },
 * ] });
 * fields.isHoneypot; // true, and conflicts[0].field === 'isHoneypot'
 * ```
 */
export function mergeEvidence({ results }: MergeEvidenceParameters): MergeEvidenceReturnType {
  const observed = new Map<EvidenceField, { source: string; value: EvidenceFields[EvidenceField] }[]>();
  const rejected: MergeEvidenceReturnType['rejected'] = [];
  const tainted = new Set<string>();
  for (const { source, evidence } of results) {
    const clean = sanitizeEvidenceFields(evidence?.fields);
    for (const r of clean.rejected) {
      rejected.push({ source, ...r });
      tainted.add(r.field);
    }
    for (const [key, value] of Object.entries(clean.fields) as [
      EvidenceField,
      EvidenceFields[EvidenceField],
    ][]) {
      const list = observed.get(key) ?? [];
      list.push({ source, value });
      observed.set(key, list);
    }
  }
  const fields: Record<string, unknown> = {};
  const conflicts: EvidenceConflict[] = [];
  const fieldSources: Partial<Record<EvidenceField, string[]>> = {};
  for (const [field, list] of observed) {
    const values = list.map((o) => o.value);
    let resolved: unknown;
    let resolution: string;
    if (HARM_WHEN_TRUE.includes(field)) {
      resolved = values.some((v) => v === true);
      resolution = 'evidence of harm wins (true)';
    } else if (HARM_WHEN_FALSE.includes(field)) {
      resolved = !values.some((v) => v === false);
      resolution = 'evidence of harm wins (false)';
    } else if (WORST_IS_MAX.includes(field)) {
      resolved = Math.max(...(values as number[]));
      resolution = 'the worst (highest) value wins';
    } else if (WORST_IS_MIN.includes(field)) {
      resolved = Math.min(...(values as number[]));
      resolution = 'the worst (lowest) value wins';
    } else {
      resolved = values[0];
      resolution = 'the first source in order wins';
    }
    // A source answered this field with garbage: what it meant is unknown, so only a verdict of harm from the
    // valid values survives — a harmful flag, or a number that is harmful on its own (a 60% tax stays 60% whatever
    // another source sent); anything else leaves the field unknown (fail closed).
    const harmfulNumber = HARMFUL_NUMBER[field];
    const harmful =
      (HARM_WHEN_TRUE.includes(field) && resolved === true) ||
      (HARM_WHEN_FALSE.includes(field) && resolved === false) ||
      (harmfulNumber !== undefined && typeof resolved === 'number' && harmfulNumber(resolved));
    if (tainted.has(field) && !harmful) continue;
    fields[field] = resolved;
    fieldSources[field] = [...new Set(list.map((o) => o.source))];
    const distinct = new Set(values.map((v) => JSON.stringify(v)));
    const isTax = field === 'buyTax' || field === 'sellTax';
    const disagree = isTax
      ? Math.max(...(values as number[])) - Math.min(...(values as number[])) > TAX_CONFLICT_POINTS
      : distinct.size > 1;
    if (disagree && field !== 'pairCreatedAt') {
      conflicts.push({
        field,
        values: list.map((o) => ({ source: o.source, value: o.value as boolean | number | string | null })),
        resolution,
      });
    }
  }
  // A sell that fails is a honeypot, whatever a database says.
  if (fields['canSell'] === false && fields['isHoneypot'] !== true) {
    if (fields['isHoneypot'] === false) {
      conflicts.push({
        field: 'isHoneypot',
        values: [
          ...(observed.get('isHoneypot') ?? []).map((o) => ({ source: o.source, value: o.value as boolean })),
          ...(observed.get('canSell') ?? [])
            .filter((o) => o.value === false)
            .map((o) => ({ source: `${o.source} (canSell)`, value: false })),
        ],
        resolution: 'a failed sell is evidence of a honeypot and wins',
      });
    }
    fields['isHoneypot'] = true;
  }
  return { fields: fields as Partial<EvidenceFields>, conflicts, fieldSources, rejected };
}
