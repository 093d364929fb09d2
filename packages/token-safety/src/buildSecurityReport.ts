import { computeSafetyScore, DEFAULT_SAFETY_THRESHOLD } from './computeSafetyScore.js';
import { mergeEvidence } from './mergeEvidence.js';
import type {
  ChainInfo,
  EvidenceConflict,
  EvidenceFields,
  RiskLevel,
  ScoreFactor,
  SourceEvidence,
  SourceRecord,
  TaxInfo,
} from './types.js';

/** Liquidity section of a report (USD numbers, null = unknown). */
export type LiquidityInfo = {
  usd: number | null;
  volume24hUsd: number | null;
  pairCount: number | null;
  /** ISO time of the oldest pair on this chain. */
  oldestPairCreatedAt: string | null;
  pairAgeDays: number | null;
};

/** Holder section of a report (percent numbers, null = unknown). */
export type HolderInfo = {
  count: number | null;
  topHolderPercent: number | null;
  top10HolderPercent: number | null;
  lpHolderCount: number | null;
  lpLockedPercent: number | null;
};

/** Contract section: every flag three-valued (null = unknown or not applicable to the chain). */
export type ContractInfo = {
  isOpenSource: boolean | null;
  isProxy: boolean | null;
  isMintable: boolean | null;
  ownerChangeBalance: boolean | null;
  hiddenOwner: boolean | null;
  canTakeBackOwnership: boolean | null;
  selfDestruct: boolean | null;
  transferPausable: boolean | null;
  isBlacklisted: boolean | null;
  slippageModifiable: boolean | null;
  tradingCooldown: boolean | null;
  canBuy: boolean | null;
  cannotSellAll: boolean | null;
  trustListed: boolean | null;
  /** Solana SPL fields (null on EVM). */
  solana: {
    mintAuthority: string | null;
    freezeAuthority: string | null;
    isFreezable: boolean | null;
    permanentDelegate: string | null;
    hasPermanentDelegate: boolean | null;
    nonTransferable: boolean | null;
    transferHookProgram: string | null;
    hasTransferHook: boolean | null;
    defaultAccountFrozen: boolean | null;
    transferFeeBps: number | null;
    supply: string | null;
    decimals: number | null;
  } | null;
};

/** The token security report (SPEC §2, §7). JSON-friendly: no bigint anywhere. */
export type SecurityReport = {
  /** Normalised token address. */
  token: string;
  chain: ChainInfo;
  tax: TaxInfo;
  liquidity: LiquidityInfo;
  holders: HolderInfo;
  contract: ContractInfo;
  /** Integer 0–100. */
  safetyScore: number;
  riskLevel: RiskLevel;
  isSafe: boolean;
  /** The threshold `isSafe` was judged against. */
  threshold: number;
  warnings: string[];
  recommendations: string[];
  factors: ScoreFactor[];
  sources: SourceRecord[];
  coverage: {
    /** Core fields known / total, and the ratio 0–1. */
    known: number;
    total: number;
    ratio: number;
    /** Core fields nobody could establish. */
    missing: string[];
    /** Checks that were not made at all (no covering source, not implemented for this chain). */
    notChecked: string[];
    /** Score cap caused by unknown core fields. */
    scoreCap: number;
  };
  conflicts: EvidenceConflict[];
  /** ISO time the report was built. */
  generatedAt: string;
};

/** Parameters of {@link buildSecurityReport}. */
export type BuildSecurityReportParameters = {
  chain: ChainInfo;
  token: string;
  /** What each source did, in source order (`evidence` present iff `record.status === 'ok'`). */
  outcomes: readonly { record: SourceRecord; evidence?: SourceEvidence }[];
  threshold?: number;
  /** Current time in ms. */
  now: number;
};

/** Return type of {@link buildSecurityReport}. */
export type BuildSecurityReportReturnType = SecurityReport;

const nullable = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

function recommendationsFor(report: {
  isSafe: boolean;
  tax: TaxInfo;
  factors: ScoreFactor[];
  coverage: { ratio: number };
}): string[] {
  const out: string[] = [];
  if (report.tax.isHoneypot === true) out.push('Do not buy: the token behaves as a honeypot.');
  else if (report.factors.some((f) => f.veto)) out.push('Do not buy: a veto factor applies (see factors).');
  else if (report.tax.isHoneypot === null) {
    out.push(
      'Do not buy until the honeypot status is known; retry later or add an on-chain evidence source.',
    );
  }
  if (!report.isSafe && report.coverage.ratio < 1) {
    out.push('Coverage is incomplete: an operator override is required to trade this token.');
  }
  if (report.tax.sellTax !== null && report.tax.sellTax > 0) {
    out.push(`Account for a ${report.tax.sellTax}% sell tax in slippage settings.`);
  }
  if (report.isSafe) out.push('No blocking risk found; keep trade sizes within governor limits.');
  return out;
}

/**
 * Builds a fail-closed report from the outcomes of the data sources: merges evidence (harm wins), scores it,
 * explains failures in `tax.error`, `sources[].error` and `warnings`, and lists what was not checked. Pure.
 *
 * @example
 * ```ts
 * const report = buildSecurityReport({ chain, token, outcomes: [], now: Date.now() });
 * report.isSafe; // false — nothing is known
 * ```
 */
export function buildSecurityReport(
  parameters: BuildSecurityReportParameters,
): BuildSecurityReportReturnType {
  const { chain, token, outcomes, now } = parameters;
  const ok = outcomes.flatMap((o) =>
    o.record.status === 'ok' && o.evidence ? [{ source: o.record.name, evidence: o.evidence }] : [],
  );
  const { fields, conflicts, rejected } = mergeEvidence({ results: ok });
  const scored = computeSafetyScore({
    fields,
    kind: chain.kind,
    now,
    ...(parameters.threshold === undefined ? {} : { threshold: parameters.threshold }),
  });
  const f: Partial<EvidenceFields> = fields;
  const warnings: string[] = [];
  const failed = outcomes.filter((o) => o.record.status === 'failed');
  for (const o of failed)
    warnings.push(`Source ${o.record.name} failed: ${o.record.error?.message ?? 'unknown error'}`);
  for (const o of ok) for (const w of o.evidence.warnings ?? []) warnings.push(`${o.source}: ${w}`);
  for (const r of rejected) {
    warnings.push(
      `Source ${r.source} supplied an invalid ${r.field} (${r.value}); it is treated as unknown.`,
    );
  }
  for (const c of conflicts) {
    warnings.push(
      `Sources disagree on ${c.field} (${c.values.map((v) => `${v.source}=${JSON.stringify(v.value)}`).join(', ')}); ${c.resolution}`,
    );
  }
  if (outcomes.length === 0 || outcomes.every((o) => o.record.status === 'skipped')) {
    warnings.push(`No data source covers chain ${chain.name}; nothing is known about this token.`);
  }
  if (f.isHoneypot === undefined) warnings.push('Honeypot status is unknown: the token is not safe to buy.');
  for (const factor of scored.factors) if (factor.veto) warnings.push(`Veto: ${factor.reason}.`);

  const tax: TaxInfo = {
    buyTax: nullable(f.buyTax),
    sellTax: nullable(f.sellTax),
    isHoneypot: nullable(f.isHoneypot),
    canSell: f.canSell !== undefined ? f.canSell : f.isHoneypot === true ? false : null,
  };
  if (tax.isHoneypot === null || tax.buyTax === null || tax.sellTax === null) {
    const reasons = failed.map((o) =>
      `${o.record.name}: ${o.record.error?.code ?? 'ERROR'} ${o.record.error?.message ?? ''}`.trim(),
    );
    if (reasons.length === 0) {
      const unknown = (['isHoneypot', 'buyTax', 'sellTax'] as const).filter((k) => tax[k] === null);
      reasons.push(
        ok.length === 0
          ? `no source covers chain ${chain.name}`
          : `no source established ${unknown.join(', ')}`,
      );
    }
    tax.error = reasons.join('; ');
  }

  const notChecked = new Set<string>();
  for (const o of ok) for (const n of o.evidence.notChecked ?? []) notChecked.add(n);
  for (const o of outcomes)
    if (o.record.status === 'skipped')
      notChecked.add(`${o.record.name}: ${o.record.error?.message ?? 'skipped'}`);
  if (chain.kind === 'solana')
    notChecked.add(
      'buy/sell simulation is not implemented for Solana; honeypot stays unknown without evidence',
    );

  const pairAgeDays =
    f.pairCreatedAt === undefined ? null : Math.max(0, Math.floor((now - f.pairCreatedAt) / 86_400_000));
  const report: SecurityReport = {
    token,
    chain,
    tax,
    liquidity: {
      usd: nullable(f.liquidityUsd),
      volume24hUsd: nullable(f.volume24hUsd),
      pairCount: nullable(f.pairCount),
      oldestPairCreatedAt: f.pairCreatedAt === undefined ? null : new Date(f.pairCreatedAt).toISOString(),
      pairAgeDays,
    },
    holders: {
      count: nullable(f.holderCount),
      topHolderPercent: nullable(f.topHolderPercent),
      top10HolderPercent: nullable(f.top10HolderPercent),
      lpHolderCount: nullable(f.lpHolderCount),
      lpLockedPercent: nullable(f.lpLockedPercent),
    },
    contract: {
      isOpenSource: nullable(f.isOpenSource),
      isProxy: nullable(f.isProxy),
      isMintable: nullable(f.isMintable),
      ownerChangeBalance: nullable(f.ownerChangeBalance),
      hiddenOwner: nullable(f.hiddenOwner),
      canTakeBackOwnership: nullable(f.canTakeBackOwnership),
      selfDestruct: nullable(f.selfDestruct),
      transferPausable: nullable(f.transferPausable),
      isBlacklisted: nullable(f.isBlacklisted),
      slippageModifiable: nullable(f.slippageModifiable),
      tradingCooldown: nullable(f.tradingCooldown),
      canBuy: nullable(f.canBuy),
      cannotSellAll: nullable(f.cannotSellAll),
      trustListed: nullable(f.trustListed),
      solana:
        chain.kind === 'solana'
          ? {
              mintAuthority: nullable(f.mintAuthority),
              freezeAuthority: nullable(f.freezeAuthority),
              isFreezable: nullable(f.isFreezable),
              permanentDelegate: nullable(f.permanentDelegate),
              hasPermanentDelegate: nullable(f.hasPermanentDelegate),
              nonTransferable: nullable(f.nonTransferable),
              transferHookProgram: nullable(f.transferHookProgram),
              hasTransferHook: nullable(f.hasTransferHook),
              defaultAccountFrozen: nullable(f.defaultAccountFrozen),
              transferFeeBps: nullable(f.transferFeeBps),
              supply: nullable(f.supply),
              decimals: nullable(f.decimals),
            }
          : null,
    },
    safetyScore: scored.score,
    riskLevel: scored.riskLevel,
    isSafe: scored.isSafe,
    threshold: parameters.threshold ?? DEFAULT_SAFETY_THRESHOLD,
    warnings,
    recommendations: [],
    factors: scored.factors,
    sources: outcomes.map((o) => o.record),
    coverage: {
      known: scored.coverage.known,
      total: scored.coverage.total,
      ratio: scored.coverage.ratio,
      missing: scored.coverage.missing,
      notChecked: [...notChecked],
      scoreCap: scored.cap,
    },
    conflicts,
    generatedAt: new Date(now).toISOString(),
  };
  report.recommendations = recommendationsFor(report);
  return report;
}
