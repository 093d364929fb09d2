export { BaseError, type BaseErrorParameters } from './errors/BaseError.js';
export { InvalidAddressError, type InvalidAddressErrorParameters } from './errors/InvalidAddressError.js';
export {
  InvalidParameterError,
  type InvalidParameterErrorParameters,
} from './errors/InvalidParameterError.js';
export {
  ProviderError,
  type ProviderErrorCode,
  type ProviderErrorParameters,
} from './errors/ProviderError.js';
export {
  UnsupportedChainError,
  type UnsupportedChainErrorParameters,
} from './errors/UnsupportedChainError.js';
export type {
  ChainInfo,
  ChainInput,
  ChainTableEntry,
  EvidenceConflict,
  EvidenceField,
  EvidenceFields,
  FetchEvidenceParameters,
  RiskLevel,
  ScoreFactor,
  SourceEvidence,
  SourceRecord,
  TaxInfo,
  TokenDataSource,
} from './types.js';
export { SOLANA_CHAIN } from './solanaChain.js';
export { resolveChain, type ResolveChainParameters, type ResolveChainReturnType } from './resolveChain.js';
export {
  normalizeTokenAddress,
  type NormalizeTokenAddressParameters,
  type NormalizeTokenAddressReturnType,
} from './normalizeTokenAddress.js';
export { CORE_FIELDS } from './coreFields.js';
export { MAX_SAFE_TAX_PERCENT } from './maxSafeTaxPercent.js';
export {
  computeSafetyScore,
  DEFAULT_SAFETY_THRESHOLD,
  type ComputeSafetyScoreParameters,
  type ComputeSafetyScoreReturnType,
} from './computeSafetyScore.js';
export {
  mergeEvidence,
  type MergeEvidenceParameters,
  type MergeEvidenceReturnType,
} from './mergeEvidence.js';
export {
  buildSecurityReport,
  type BuildSecurityReportParameters,
  type BuildSecurityReportReturnType,
  type ContractInfo,
  type HolderInfo,
  type LiquidityInfo,
  type SecurityReport,
} from './buildSecurityReport.js';
export {
  createTokenSecurityService,
  type CreateTokenSecurityServiceParameters,
  type CreateTokenSecurityServiceReturnType,
  type GetReportParameters,
  type TokenSecurityService,
} from './createTokenSecurityService.js';
export {
  createGoPlusSource,
  type CreateGoPlusSourceParameters,
  type CreateGoPlusSourceReturnType,
} from './createGoPlusSource.js';
export type { FetchLike } from './internal/requestJson.js';
export {
  createDexScreenerSource,
  type CreateDexScreenerSourceParameters,
  type CreateDexScreenerSourceReturnType,
} from './createDexScreenerSource.js';
export {
  createSplMintSource,
  type CreateSplMintSourceParameters,
  type CreateSplMintSourceReturnType,
  type RawMintAccount,
} from './createSplMintSource.js';
export {
  withProviderDeadline,
  type WithProviderDeadlineParameters,
  type WithProviderDeadlineReturnType,
} from './withProviderDeadline.js';
