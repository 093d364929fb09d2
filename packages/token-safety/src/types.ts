/**
 * Shared types of `@org/token-safety`. Everything in a report is JSON-friendly: numbers for percents and
 * scores, strings for addresses and base-unit amounts, never `bigint`.
 */

/** How the caller names a chain: an EVM chain id (`1`, `"8453"`), a table name (`"base"`) or `"solana"`. */
export type ChainInput = number | string;

/** The chain a report is about, as resolved from the chain table. */
export type ChainInfo = {
  /** EVM chain id, or `'solana'`. */
  id: number | 'solana';
  /** Canonical name from the chain table (`ethereum`, `base`, `devnet`, `solana`…). */
  name: string;
  kind: 'evm' | 'solana';
  /** GoPlus chain id path segment, or `null` when GoPlus does not cover the chain. */
  goplus: string | null;
  /** DexScreener `chainId` slug, or `null` when DexScreener does not cover the chain. */
  dexscreener: string | null;
};

/** A row of the explicit chain table. */
export type ChainTableEntry = ChainInfo & {
  /** Extra names accepted as input (`eth`, `mainnet`, `arb`…). */
  aliases?: readonly string[];
};

/**
 * Evidence fields a data source can supply. A field that is absent is UNKNOWN; a field that is present was
 * actually observed. Percents are numbers 0–100.
 */
export type EvidenceFields = {
  /** Confirmed honeypot (true) / confirmed sellable (false). */
  isHoneypot: boolean;
  /** Buy tax in percent. */
  buyTax: number;
  /** Sell tax in percent. */
  sellTax: number;
  canBuy: boolean;
  canSell: boolean;
  cannotSellAll: boolean;
  isOpenSource: boolean;
  isProxy: boolean;
  isMintable: boolean;
  ownerChangeBalance: boolean;
  hiddenOwner: boolean;
  canTakeBackOwnership: boolean;
  selfDestruct: boolean;
  transferPausable: boolean;
  isBlacklisted: boolean;
  slippageModifiable: boolean;
  tradingCooldown: boolean;
  trustListed: boolean;
  holderCount: number;
  /** Largest single holder in percent, excluding locked holders, DEX pairs and burn addresses. */
  topHolderPercent: number;
  /** Top ten holders in percent, same exclusions. */
  top10HolderPercent: number;
  lpHolderCount: number;
  /** Share of LP tokens locked or burned, percent. */
  lpLockedPercent: number;
  /** USD liquidity summed over the pairs of this token on this chain. */
  liquidityUsd: number;
  volume24hUsd: number;
  pairCount: number;
  /** Creation time of the oldest pair on this chain, ms since epoch. */
  pairCreatedAt: number;
  // Solana SPL (Token / Token-2022)
  isFreezable: boolean;
  hasPermanentDelegate: boolean;
  nonTransferable: boolean;
  hasTransferHook: boolean;
  defaultAccountFrozen: boolean;
  mintAuthority: string | null;
  freezeAuthority: string | null;
  permanentDelegate: string | null;
  transferHookProgram: string | null;
  /** Raw supply in base units (decimal string). */
  supply: string;
  decimals: number;
  /** Token-2022 transfer fee in basis points (the larger of the current and the scheduled one). */
  transferFeeBps: number;
};

/** Name of one evidence field. */
export type EvidenceField = keyof EvidenceFields;

/** What one data source returns: only the fields it actually observed. */
export type SourceEvidence = {
  fields: Partial<EvidenceFields>;
  /** Remarks for the report (partial data, conflicts inside the source…). */
  warnings?: string[];
  /** Checks this source could have made but did not (listed in `coverage.notChecked`). */
  notChecked?: string[];
  /** True when served from the source's cache. */
  cached?: boolean;
};

/** Parameters of {@link TokenDataSource.fetchEvidence}. */
export type FetchEvidenceParameters = {
  chain: ChainInfo;
  /** Normalised address (EVM: lowercase 0x…; Solana: base58). */
  address: string;
  /** Aborted when the report's overall deadline passes. */
  signal?: AbortSignal;
};

/**
 * One provider of token evidence (GoPlus, DexScreener, SPL mint reader, on-chain buy/sell simulation…).
 * `fetchEvidence` throws a `ProviderError` (or any error) on failure; the report service records it and
 * fails closed.
 */
export interface TokenDataSource {
  /** Stable name shown in `sources[].name` (`goplus`, `dexscreener`, `spl-mint`, `onchain-simulation`). */
  readonly name: string;
  /** Whether this source can say anything about tokens on `chain`. */
  supports(chain: ChainInfo): boolean;
  fetchEvidence(parameters: FetchEvidenceParameters): Promise<SourceEvidence>;
}

/** Three-valued tax and honeypot information (SPEC §2). */
export type TaxInfo = {
  /** Percent, or null when unknown. */
  buyTax: number | null;
  /** Percent, or null when unknown. */
  sellTax: number | null;
  /** true = confirmed honeypot, false = confirmed not, null = unknown. */
  isHoneypot: boolean | null;
  canSell: boolean | null;
  /** Why the tax/honeypot lookup is incomplete (failed sources, no covering source). */
  error?: string;
};

/** One scoring factor: its points (negative = penalty) and why. */
export type ScoreFactor = {
  id: string;
  points: number;
  reason: string;
  /** A veto forces the score to 0 and the report to unsafe. */
  veto: boolean;
};

/** What one source did during a report. */
export type SourceRecord = {
  name: string;
  status: 'ok' | 'failed' | 'skipped';
  /** ISO time the answer (or failure) arrived. */
  fetchedAt: string;
  durationMs: number;
  /** Fields this source supplied. */
  fields: EvidenceField[];
  cached: boolean;
  error?: { code: string; message: string };
};

/** Two sources disagreeing about a field, and how it was resolved. */
export type EvidenceConflict = {
  field: EvidenceField;
  values: { source: string; value: boolean | number | string | null }[];
  resolution: string;
};

/** The resolved risk level, always consistent with `isSafe` (`low` only when safe). */
export type RiskLevel = 'low' | 'medium' | 'high' | 'critical' | 'unknown';
