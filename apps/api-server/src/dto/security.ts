/** Tax and honeypot facts. `null` = unknown (lookup failed, timed out, returned no data, or lacked the field). */
export interface TaxInfoDto {
  /** Buy tax in percent. */
  buyTax: number | null;
  /** Sell tax in percent. */
  sellTax: number | null;
  /** true = confirmed honeypot, false = confirmed not, null = unknown. */
  isHoneypot: boolean | null;
  canSell: boolean | null;
  error?: string;
}

export interface LiquidityInfoDto {
  usd: number | null;
  volume24hUsd: number | null;
  /** @isInt */
  pairCount: number | null;
  oldestPairCreatedAt: string | null;
  /** @isInt */
  pairAgeDays: number | null;
}

export interface HolderInfoDto {
  /** @isInt */
  count: number | null;
  topHolderPercent: number | null;
  top10HolderPercent: number | null;
  /** @isInt */
  lpHolderCount: number | null;
  lpLockedPercent: number | null;
}

export interface SolanaMintInfoDto {
  mintAuthority: string | null;
  freezeAuthority: string | null;
  isFreezable: boolean | null;
  permanentDelegate: string | null;
  hasPermanentDelegate: boolean | null;
  nonTransferable: boolean | null;
  transferHookProgram: string | null;
  hasTransferHook: boolean | null;
  defaultAccountFrozen: boolean | null;
  /** @isInt */
  transferFeeBps: number | null;
  supply: string | null;
  /** @isInt */
  decimals: number | null;
}

export interface ContractInfoDto {
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
  solana: SolanaMintInfoDto | null;
}

/** One additive score factor with its points and reason; a veto forces the score to 0. */
export interface ScoreFactorDto {
  id: string;
  /** @isInt */
  points: number;
  reason: string;
  veto: boolean;
}

/** Which provider supplied which fields, when, and whether it failed. */
export interface SourceRecordDto {
  name: string;
  status: 'ok' | 'failed' | 'skipped';
  fetchedAt: string;
  /** @isInt */
  durationMs: number;
  fields: string[];
  cached: boolean;
  error?: { code: string; message: string };
}

export interface EvidenceConflictDto {
  field: string;
  values: { source: string; value: boolean | number | string | null }[];
  resolution: string;
}

export interface CoverageDto {
  /** @isInt */
  known: number;
  /** @isInt */
  total: number;
  /** Share of core fields known, 0–1. */
  ratio: number;
  missing: string[];
  notChecked: string[];
  /** @isInt */
  scoreCap: number;
}

/** A token security report. `isSafe` is false whenever `tax.isHoneypot` is not `false`. */
export interface SecurityReportDto {
  /** Token address (checksummed on EVM chains). */
  token: string;
  chain: {
    /**
     * EIP-155 chain id, or `solana`.
     * @isLong
     */
    id: number | string;
    name: string;
    kind: string;
  };
  tax: TaxInfoDto;
  liquidity: LiquidityInfoDto;
  holders: HolderInfoDto;
  contract: ContractInfoDto;
  /**
   * 0–100 integer.
   * @isInt
   */
  safetyScore: number;
  riskLevel: 'low' | 'medium' | 'high' | 'critical' | 'unknown';
  isSafe: boolean;
  /** @isInt */
  threshold: number;
  warnings: string[];
  recommendations: string[];
  factors: ScoreFactorDto[];
  sources: SourceRecordDto[];
  coverage: CoverageDto;
  conflicts: EvidenceConflictDto[];
  generatedAt: string;
}
