export { parseAddress, type ParseAddressParameters } from './address/parseAddress.js';
export {
  type Address,
  type ChainContracts,
  type ChainInfo,
  type ChainProviderIds,
  chains,
  type UniswapV2Contracts,
  type UniswapV3Contracts,
} from './chains/chains.js';
export {
  type ChainContractsInput,
  type ConfigureChainsParameters,
  configureChains,
} from './chains/configureChains.js';
export { type ResolveChainParameters, resolveChain } from './chains/resolveChain.js';
export { BaseError, type BaseErrorParameters } from './errors/BaseError.js';
export { InvalidAddressError } from './errors/InvalidAddressError.js';
export { RpcError, type RpcErrorCode } from './errors/RpcError.js';
export { UnsupportedChainError } from './errors/UnsupportedChainError.js';
export { WalletError, type WalletErrorCode } from './errors/WalletError.js';
export { type CreateRpcProviderParameters, createRpcProvider } from './rpc/createRpcProvider.js';
export { type RpcCallParameters, rpcCall } from './rpc/rpcCall.js';
export { type VerifyChainIdParameters, verifyChainId } from './rpc/verifyChainId.js';
export { type CreateRandomWalletReturnType, createRandomWallet } from './wallet/createRandomWallet.js';
export {
  type GetNativeBalanceParameters,
  type GetNativeBalanceReturnType,
  getNativeBalance,
} from './wallet/getNativeBalance.js';
export { type LoadKeystoreParameters, loadKeystore } from './wallet/loadKeystore.js';
export { WalletManager } from './wallet/WalletManager.js';
export { type WalletFromPrivateKeyParameters, walletFromPrivateKey } from './wallet/walletFromPrivateKey.js';
export {
  type CreateOnChainEvidenceSourceParameters,
  type CreateOnChainEvidenceSourceReturnType,
  createOnChainEvidenceSource,
  type JsonRpcSender,
} from './token-evidence/createOnChainEvidenceSource.js';
export { TOKEN_SWAP_SIMULATOR_BYTECODE } from './token-evidence/tokenSwapSimulatorBytecode.js';
export {
  type Aggregate3Call,
  type Aggregate3Parameters,
  type Aggregate3Result,
  type Aggregate3ReturnType,
  aggregate3,
  type RpcSender,
} from './multicall/aggregate3.js';
export { decodeUint256 } from './multicall/decodeUint256.js';
export { multicall3BlockNumberCall } from './multicall/multicall3BlockNumberCall.js';
export { multicall3EthBalanceCall } from './multicall/multicall3EthBalanceCall.js';
export type {
  BroadcastTransaction,
  ConfirmationPatch,
  ConfirmationRecord,
  ConfirmationStatus,
  ConfirmationStore,
  ConfirmMode,
  HoldReason,
  BridgeIntent,
  ExecutionAction,
  ExecutionIntent,
  ExecutionIntentSummary,
  ExecutionPage,
  ExecutionRecord,
  ExecutionRecordPatch,
  ExecutionStatus,
  ExecutionStore,
  ExpectedExecutionState,
  UpdateExecutionParameters,
  AddTransactionParameters,
  FeeQuote,
  Hex,
  IdempotencyState,
  IdempotencyStore,
  IdempotentResponse,
  ListExecutionsParameters,
  NonceManager,
  NonceResync,
  SignedNonceTransaction,
  TokenAmount,
  PrerequisiteApproval,
  WithNonceParameters,
} from './gateway/types.js';
export { StoreError, type StoreErrorCode } from './errors/StoreError.js';
export { MemoryExecutionStore } from './gateway/store/MemoryExecutionStore.js';
export { MemoryConfirmationStore } from './gateway/store/MemoryConfirmationStore.js';
export { ConfirmationError, type ConfirmationErrorCode } from './errors/ConfirmationError.js';
export { type DecideHoldParameters, type DecideHoldReturnType, decideHold } from './gateway/decideHold.js';
export {
  approveConfirmation,
  type ConfirmationDecisionStores,
  denyConfirmation,
  expireConfirmation,
} from './gateway/decideConfirmation.js';
export { MemoryIdempotencyStore } from './gateway/store/MemoryIdempotencyStore.js';
export { MemoryOutstandingApprovalStore } from './gateway/store/MemoryOutstandingApprovalStore.js';
export type {
  NewOutstandingApproval,
  OutstandingApproval,
  OutstandingApprovalPatch,
  OutstandingApprovalStatus,
  OutstandingApprovalStore,
} from './gateway/store/OutstandingApprovalStore.js';
export {
  type ReconcileOutstandingApprovalsParameters,
  type ReconcileOutstandingApprovalsReturnType,
  reconcileOutstandingApprovals,
} from './gateway/approvals/reconcileOutstandingApprovals.js';
export { checkPrerequisiteApproval } from './gateway/checkPrerequisiteApproval.js';
export { isOwnApprovalReset } from './gateway/isOwnApprovalReset.js';
export { ExecutionGateway } from './gateway/ExecutionGateway.js';
export { ExecutionMovedError } from './gateway/ExecutionMovedError.js';
export { SenderWindow, type SenderWindowParameters, type SenderWindowSlot } from './gateway/SenderWindow.js';
export { CancelError, type CancelErrorCode } from './errors/CancelError.js';
export { type RequestCancelParameters, requestCancel } from './gateway/requestCancel.js';
export { isCancelTransaction } from './gateway/isCancelTransaction.js';
export {
  type TransitionExecutionParameters,
  transitionExecution,
} from './gateway/store/transitionExecution.js';
export type {
  ApproveHeldParameters,
  AssessReturnType,
  CancelExecutionParameters,
  ExecuteOptions,
  ExecuteReturnType,
  ExecutionGatewayParameters,
  GatewayEvent,
  GatewayReceipt,
  GatewaySettings,
  GatewaySteps,
  SimulateStepResult,
} from './gateway/gatewayTypes.js';
export { type CheckPolicyParameters, checkPolicy, type Refusal } from './gateway/checkPolicy.js';
export type { ActionCheckParameters, ActionModule, ActionTable } from './gateway/actions/ActionModule.js';
export { defaultActionModules } from './gateway/actions/defaultActionModules.js';
export { swapAction } from './gateway/actions/swapAction.js';
export { dcaFillAction } from './gateway/actions/dcaFillAction.js';
export { approveAction } from './gateway/actions/approveAction.js';
export { revokeAction } from './gateway/actions/revokeAction.js';
export { wrapAction } from './gateway/actions/wrapAction.js';
export { unwrapAction } from './gateway/actions/unwrapAction.js';
export {
  type CreateDepositActionParameters,
  createDepositAction,
} from './gateway/actions/createDepositAction.js';
export {
  type CreateBridgeActionParameters,
  createBridgeAction,
} from './gateway/actions/createBridgeAction.js';
export { checkSwapIntent } from './gateway/actions/checkSwapIntent.js';
export {
  type DecodedSwapCall,
  type DecodeSwapCalldataParameters,
  decodeSwapCalldata,
} from './gateway/actions/decodeSwapCalldata.js';
export {
  type CheckAcquiredTokensParameters,
  checkAcquiredTokens,
  DEFAULT_MAX_BUY_TAX_BPS,
  DEFAULT_MAX_SELL_TAX_BPS,
  type SafetyVerdictInput,
} from './gateway/checkAcquiredTokens.js';
export {
  type CheckTaxedBuyRouteParameters,
  checkTaxedBuyRoute,
} from './gateway/checkTaxedBuyRoute.js';
export { SwapError, type SwapErrorCode } from './swap/SwapError.js';
export type {
  ResolvedSwapToken,
  SwapQuote,
  SwapRoute,
  SwapRouteQuote,
  SwapToken,
  SwapTokenRef,
  SwapTransactionRequest,
} from './swap/types.js';
export { WELL_KNOWN_TOKENS } from './swap/wellKnownTokens.js';
export {
  type GetSwapTokenListParameters,
  getSwapTokenList,
  type SwapTokenInput,
} from './swap/getSwapTokenList.js';
export { type DevnetTokenListParameters, devnetTokenList } from './swap/devnetTokenList.js';
export { type ResolveSwapTokenParameters, resolveSwapToken } from './swap/resolveSwapToken.js';
export { type QuoteSwapParameters, quoteSwap } from './swap/quoteSwap.js';
export { type SelectBestRouteParameters, selectBestRoute } from './swap/selectBestRoute.js';
export { type ComputeAmountOutMinParameters, computeAmountOutMin } from './swap/computeAmountOutMin.js';
export { type EncodeV3PathParameters, encodeV3Path } from './swap/encodeV3Path.js';
export { type BuildSwapTransactionParameters, buildSwapTransaction } from './swap/buildSwapTransaction.js';
export {
  type BuildV2SwapTransactionParameters,
  buildV2SwapTransaction,
} from './swap/buildV2SwapTransaction.js';
export {
  type BuildV3SwapTransactionParameters,
  buildV3SwapTransaction,
} from './swap/buildV3SwapTransaction.js';
export {
  type BuildApproveTransactionParameters,
  buildApproveTransaction,
} from './swap/buildApproveTransaction.js';
export { type BuildSwapExactOutputParameters, buildSwapExactOutput } from './swap/buildSwapExactOutput.js';
export {
  type DecodeReceivedAmountsParameters,
  decodeReceivedAmounts,
  type ReceiptLog,
  type ReceivedAmount,
} from './swap/decodeReceivedAmounts.js';
export { type BumpFeesParameters, bumpFees, MIN_REPLACEMENT_BUMP_BPS } from './gateway/steps/bumpFees.js';
export { type CreateGatewayStepsParameters, createGatewaySteps } from './gateway/steps/createGatewaySteps.js';
export {
  type CreateMemoryNonceManagerParameters,
  createMemoryNonceManager,
} from './gateway/steps/createMemoryNonceManager.js';
export type {
  AllocateNonceParameters,
  AllocateNonceReturnType,
  NonceCursor,
  NonceOutboxKind,
  NonceOutboxRow,
  NonceStore,
  ReplaceNonceOutboxParameters,
} from './gateway/nonces/NonceStore.js';
export { MemoryNonceStore } from './gateway/nonces/MemoryNonceStore.js';
export {
  type CreateDurableNonceManagerParameters,
  createDurableNonceManager,
  type DurableNonceManager,
} from './gateway/nonces/createDurableNonceManager.js';
export {
  type OutboxDecision,
  type RecoverNonceOutboxParameters,
  type RecoverNonceOutboxReturnType,
  recoverNonceOutbox,
} from './gateway/nonces/recoverNonceOutbox.js';
export { SenderWindowFullError } from './gateway/nonces/SenderWindowFullError.js';
export { decodeRevertReason } from './gateway/steps/decodeRevertReason.js';
export {
  type EstimateFeesParameters,
  estimateFees,
  FEE_HISTORY_BLOCKS,
  MIN_PRIORITY_FEE_WEI,
  PRIORITY_PERCENTILE,
} from './gateway/steps/estimateFees.js';
export { isDefinitelyNotSent } from './gateway/steps/isDefinitelyNotSent.js';
export { isNonceTaken } from './gateway/steps/isNonceTaken.js';
export { FOLLOW_MINED_BLOCKS } from './gateway/pipeline/followMinedPass.js';
export {
  type PriceInNativeParameters,
  type PriceInNativeReturnType,
  PRICING_TOKENS_PER_REQUEST,
  type PriceRoute,
  priceInNative,
} from './gateway/steps/priceInNative.js';
// Pricing rules (shared by the gateway's valuation, portfolio, approval risk, the watcher and quotes).
export { type DepthWithinBandParameters, depthWithinBand } from './pricing/depthWithinBand.js';
export { PricingError, type PricingErrorCode } from './pricing/PricingError.js';
export {
  DEFAULT_DEPTH_BAND_BPS,
  DEFAULT_MAX_TWAP_DEVIATION_BPS,
  DEFAULT_MIN_LIQUIDITY_WEI,
  DEFAULT_TWAP_WINDOW_SECONDS,
} from './pricing/pricingDefaults.js';
export { resolvePricingRules } from './pricing/resolvePricingRules.js';
export { type TwapDeviationBpsParameters, twapDeviationBps } from './pricing/twapDeviationBps.js';
export type { PriceSourceRejection, PricingRules } from './pricing/types.js';
export { type V3VirtualReservesParameters, v3VirtualReserves } from './pricing/v3VirtualReserves.js';
export {
  GAS_MARGIN_BPS,
  type SimulateTransactionParameters,
  type SimulateTransactionReturnType,
  simulateTransaction,
} from './gateway/steps/simulateTransaction.js';
export {
  type EffectsMode,
  type SimulateExecutionParameters,
  simulateExecution,
} from './gateway/steps/simulateExecution.js';
export { gasLimitFromGasUsed } from './gateway/steps/gasLimitFromGasUsed.js';
export {
  type AssetTransfer,
  NATIVE_ASSET,
  type SimulatedEffects,
} from './gateway/effects/SimulatedEffects.js';
export type {
  EffectsSimulationParameters,
  SimulatedCall,
  EffectsSimulationResult,
  EffectsSimulator,
} from './gateway/effects/EffectsSimulator.js';
export { simulateWithSimulateV1 } from './gateway/effects/simulateWithSimulateV1.js';
export { simulateWithTraceCall } from './gateway/effects/simulateWithTraceCall.js';
export {
  type CreateEffectsSimulationParameters,
  createEffectsSimulation,
} from './gateway/effects/createEffectsSimulation.js';
export { parseTransferLog } from './gateway/effects/parseTransferLog.js';
export { walletDeltas } from './gateway/effects/walletDeltas.js';
export {
  type DeclaredEffects,
  type JudgeEffectsParameters,
  judgeEffects,
} from './gateway/effects/judgeEffects.js';
export { type JudgeValueLossParameters, judgeValueLoss } from './gateway/effects/judgeValueLoss.js';
export { type TokenTaxes, taxAllowanceBps } from './gateway/effects/taxAllowanceBps.js';
export { isSwapLike } from './gateway/actions/isSwapLike.js';
export { type FetchReceiptParameters, fetchReceipt } from './gateway/steps/fetchReceipt.js';
export { type WaitForReceiptParameters, waitForReceipt } from './gateway/steps/waitForReceipt.js';
export {
  type Aggregate3BatchedParameters,
  type Aggregate3BatchedReturnType,
  aggregate3Batched,
} from './multicall/aggregate3Batched.js';
export { tokenMetadataCalls } from './tokens/tokenMetadataCalls.js';
export { decodeTokenMetadata, type TokenMetadata } from './tokens/decodeTokenMetadata.js';
export type {
  Approval,
  ApprovalCandidate,
  ApprovalKind,
  ApprovalRiskFactor,
  ApprovalRiskLevel,
  ApprovalScanCheckpoint,
  ApprovalScanState,
  ApprovalScanStore,
  CommitApprovalScanParameters,
  SpenderCodeKind,
} from './approvals/types.js';
export { APPROVAL_SCAN_CHECKPOINTS } from './approvals/types.js';
export {
  type ApprovalScanReorg,
  type VerifyScanCoverageReturnType,
  verifyScanCoverage,
} from './approvals/verifyScanCoverage.js';
export { ApprovalError, type ApprovalErrorCode } from './approvals/ApprovalError.js';
export {
  APPROVAL_FOR_ALL_TOPIC,
  APPROVAL_TOPIC,
  DEFAULT_LOOKBACK_BLOCKS,
  MAX_ALLOWANCE,
  UNLIMITED_ALLOWANCE_THRESHOLD,
} from './approvals/constants.js';
export {
  type ChainLog,
  type GetLogsAdaptiveParameters,
  type GetLogsAdaptiveReturnType,
  getLogsAdaptive,
} from './approvals/getLogsAdaptive.js';
export {
  type CollectApprovalCandidatesParameters,
  collectApprovalCandidates,
} from './approvals/collectApprovalCandidates.js';
export {
  type PlanScanRangesParameters,
  type PlanScanRangesReturnType,
  planScanRanges,
} from './approvals/planScanRanges.js';
export {
  type ReadApprovalsParameters,
  type ReadApprovalsReturnType,
  readApprovals,
} from './approvals/readApprovals.js';
export {
  type ScanApprovalsParameters,
  type ScanApprovalsReturnType,
  scanApprovals,
} from './approvals/scanApprovals.js';
export { MemoryApprovalScanStore } from './approvals/store/MemoryApprovalScanStore.js';
export { KNOWN_PROTOCOLS, type KnownProtocol } from './approvals/knownProtocols.js';
export { type GetKnownProtocolsParameters, getKnownProtocols } from './approvals/getKnownProtocols.js';
export {
  APPROVAL_RISK_LEVELS,
  APPROVAL_RISK_POINTS,
  type ScoreApprovalRiskParameters,
  type ScoreApprovalRiskReturnType,
  scoreApprovalRisk,
} from './approvals/scoreApprovalRisk.js';
export {
  type ApprovalRisk,
  type AssessApprovalRiskParameters,
  type AssessApprovalRiskReturnType,
  assessApprovalRisk,
} from './approvals/assessApprovalRisk.js';
export {
  type FindFirstBlockAtOrAfterParameters,
  findFirstBlockAtOrAfter,
} from './approvals/findFirstBlockAtOrAfter.js';
export { type InspectSpendersParameters, inspectSpenders } from './approvals/inspectSpenders.js';
export {
  type DecodedApprovalCalldata,
  decodeApprovalCalldata,
} from './approvals/decodeApprovalCalldata.js';
export { type BuildRevokeIntentParameters, buildRevokeIntent } from './approvals/buildRevokeIntent.js';
export { type BuildApproveIntentParameters, buildApproveIntent } from './approvals/buildApproveIntent.js';
export {
  type ApprovalState,
  type ReadApprovalStateParameters,
  readApprovalState,
} from './approvals/readApprovalState.js';
export {
  type RevokeApprovalParameters,
  type RevokeApprovalReturnType,
  revokeApproval,
} from './approvals/revokeApproval.js';
export { type ApproveExactParameters, approveExact } from './approvals/approveExact.js';
export { type ApproveParameters, approve } from './approvals/approve.js';
export type {
  AlertKind,
  AlertSeverity,
  ListAlertsParameters,
  WatchAlert,
  WatchBaseline,
  WatchDeferral,
  WatchedWallet,
  WatchStore,
  WatchSummary,
  WatchThresholds,
} from './watcher/types.js';
export { MemoryWatchStore } from './watcher/store/MemoryWatchStore.js';
export {
  type CheckBaselinesParameters,
  type CheckBaselinesReturnType,
  checkBaselines,
} from './watcher/checkBaselines.js';
export {
  type DetectWatchAlertsParameters,
  detectWatchAlerts,
  type ObservedApproval,
  type ObservedTransfer,
} from './watcher/detectWatchAlerts.js';
export {
  type RunWatchCycleParameters,
  type RunWatchCycleReturnType,
  runWatchCycle,
  TRANSFER_TOPIC,
} from './watcher/runWatchCycle.js';
export {
  GAS_TIER_NAMES,
  GAS_TIERS,
  type GasTier,
  LEGACY_GAS_PRICE_TIERS_BPS,
} from './gas/gasTiers.js';
export type {
  BaseFeeTrend,
  Eip1559GasTier,
  GasRecommendation,
  LegacyGasTier,
} from './gas/types.js';
export {
  type GasRecommendationFromFeeHistoryParameters,
  gasRecommendationFromFeeHistory,
} from './gas/gasRecommendationFromFeeHistory.js';
export { type GetGasRecommendationParameters, getGasRecommendation } from './gas/getGasRecommendation.js';
export { type FeeQuoteForTierParameters, feeQuoteForTier } from './gas/feeQuoteForTier.js';
export {
  type EstimateTransactionCostParameters,
  type EstimateTransactionCostReturnType,
  estimateTransactionCost,
} from './gas/estimateTransactionCost.js';
export { type WorstCaseFeeWeiParameters, worstCaseFeeWei } from './gateway/worstCaseFeeWei.js';
export { DEFAULT_GATEWAY_SETTINGS } from './gateway/ExecutionGateway.js';
export { PortfolioError, type PortfolioErrorCode } from './portfolio/PortfolioError.js';
export {
  type PortfolioAsset,
  type PortfolioHolding,
  type PortfolioPriceSource,
  type PortfolioSnapshot,
  type PortfolioTokenInput,
  type PortfolioTotals,
  type PortfolioUnreadable,
  type PortfolioUsdRoute,
  USD_REFERENCE_WHOLE_UNITS,
} from './portfolio/types.js';
export {
  DEFAULT_PORTFOLIO_BATCH_SIZE,
  MAX_PORTFOLIO_BATCH_SIZE,
  type ReadTokenBalancesParameters,
  type ReadTokenBalancesReturnType,
  readTokenBalances,
  type TokenBalanceRead,
} from './portfolio/readTokenBalances.js';
export {
  type ReadVaultAssetsParameters,
  readVaultAssets,
  type VaultAssetsRead,
} from './portfolio/readVaultAssets.js';
export { type UsdFromWeiParameters, usdFromWei } from './portfolio/usdFromWei.js';
export { type PortfolioTotalsParameters, portfolioTotals } from './portfolio/portfolioTotals.js';
export { defaultUsdToken } from './portfolio/defaultUsdToken.js';
export { type ReadPortfolioParameters, readPortfolio } from './portfolio/readPortfolio.js';
export {
  BridgeProviderError,
  type BridgeProviderErrorCode,
  type BridgeProviderErrorParameters,
  LIFI_ERROR_CODES,
} from './bridge/BridgeProviderError.js';
export type {
  BridgeData,
  BridgeQuoteRequest,
  BridgeRefusal,
  BridgeState,
  DecodedLifiCalldata,
  LifiChain,
  LifiConnection,
  LifiFacetData,
  LifiFeeCost,
  LifiGasCost,
  LifiQuote,
  LifiRateLimit,
  LifiStatus,
  LifiStatusTransaction,
  LifiStatusValue,
  LifiSwapData,
  LifiToken,
  LifiToolError,
  LifiTools,
  LifiTransactionRequest,
} from './bridge/types.js';
export { bpsToLifiSlippage } from './bridge/bpsToLifiSlippage.js';
export { lifiSlippageToBps } from './bridge/lifiSlippageToBps.js';
export { type HeaderReader, parseRateLimitHeaders } from './bridge/parseRateLimitHeaders.js';
export { parseLifiQuote } from './bridge/parseLifiQuote.js';
export { parseLifiStatus } from './bridge/parseLifiStatus.js';
export { parseLifiChains } from './bridge/parseLifiChains.js';
export { parseLifiConnections } from './bridge/parseLifiConnections.js';
export { parseLifiTools } from './bridge/parseLifiTools.js';
export type { LifiFetch } from './bridge/lifiRequest.js';
export {
  type CreateLifiClientParameters,
  createLifiClient,
  type GetLifiConnectionsParameters,
  type GetLifiQuoteParameters,
  type GetLifiStatusParameters,
  LIFI_DEFAULT_MAX_PRICE_IMPACT_BPS,
  type LifiClient,
  type LifiRateLimitStatus,
} from './bridge/createLifiClient.js';
export { LIFI_FACET_FUNCTIONS, type LifiFacetFunction } from './bridge/lifiFacetFunctions.js';
export {
  type DecodeLifiCalldataParameters,
  type DecodeLifiCalldataReturnType,
  decodeLifiCalldata,
} from './bridge/decodeLifiCalldata.js';
export { LIFI_CONTRACTS, type LifiChainContracts } from './bridge/lifiContracts.js';
export {
  type ResolveBridgeAllowlistParameters,
  resolveBridgeAllowlist,
} from './bridge/resolveBridgeAllowlist.js';
export {
  type CheckBridgeQuoteMatchesRequestParameters,
  checkBridgeQuoteMatchesRequest,
} from './bridge/checkBridgeQuoteMatchesRequest.js';
export { type CheckBridgeContractsParameters, checkBridgeContracts } from './bridge/checkBridgeContracts.js';
export {
  type CheckBridgeCalldataParameters,
  type CheckBridgeCalldataReturnType,
  checkBridgeCalldata,
} from './bridge/checkBridgeCalldata.js';
export {
  type CheckBridgeTransactionParameters,
  type CheckBridgeTransactionReturnType,
  checkBridgeTransaction,
} from './bridge/checkBridgeTransaction.js';
export { type CheckBridgeSlippageParameters, checkBridgeSlippage } from './bridge/checkBridgeSlippage.js';
export {
  type CheckBridgeValueLossParameters,
  type CheckBridgeValueLossReturnType,
  checkBridgeValueLoss,
} from './bridge/checkBridgeValueLoss.js';
export { type BridgeDeliveryBound, bridgeDeliveryBound } from './bridge/bridgeDeliveryBound.js';
export {
  type CheckBridgeRequoteParameters,
  type CheckBridgeRequoteReturnType,
  checkBridgeRequote,
} from './bridge/checkBridgeRequote.js';
export {
  type CheckBridgeQuoteParameters,
  type CheckBridgeQuoteReturnType,
  checkBridgeQuote,
} from './bridge/checkBridgeQuote.js';
export {
  type NormalizeBridgeStatusParameters,
  type NormalizeBridgeStatusReturnType,
  normalizeBridgeStatus,
} from './bridge/normalizeBridgeStatus.js';
export { YieldError, type YieldErrorCode } from './yield/YieldError.js';
export type {
  ListSharePricesParameters,
  SharePriceSample,
  SharePriceStore,
  VaultPosition,
  VaultState,
} from './yield/types.js';
export {
  type ReadVaultStatesParameters,
  type ReadVaultStatesReturnType,
  readVaultStates,
} from './yield/readVaultStates.js';
export {
  type MeasureVaultApyParameters,
  type MeasureVaultApyReturnType,
  measureVaultApy,
} from './yield/measureVaultApy.js';
export { MemorySharePriceStore } from './yield/store/MemorySharePriceStore.js';
export {
  type SampleVaultSharePricesParameters,
  type SampleVaultSharePricesReturnType,
  sampleVaultSharePrices,
} from './yield/sampleVaultSharePrices.js';
export { type SharePriceReorg, verifySharePriceSamples } from './yield/verifySharePriceSamples.js';
export { fetchBlockHash } from './rpc/fetchBlockHash.js';
export {
  type CheckDepositPreflightParameters,
  type CheckDepositPreflightReturnType,
  checkDepositPreflight,
  DEFAULT_DEPOSIT_TOLERANCE_BPS,
  DEFAULT_MIN_VAULT_SUPPLY_SHARES,
  type DepositPreflightReads,
  type DepositPreflightRefusalCode,
} from './yield/checkDepositPreflight.js';
export {
  type ReadDepositPreflightParameters,
  type ReadDepositPreflightReturnType,
  readDepositPreflight,
} from './yield/readDepositPreflight.js';
export {
  type ComputeCompoundEconomicsParameters,
  type ComputeCompoundEconomicsReturnType,
  computeCompoundEconomics,
  DEFAULT_COMPOUND_MIN_GAIN_FACTOR_BPS,
  RATE_SCALE,
  YEAR_SECONDS,
} from './yield/computeCompoundEconomics.js';
export {
  type DecodedDepositCalldata,
  DEPOSIT_SELECTOR,
  decodeDepositCalldata,
} from './yield/decodeDepositCalldata.js';
export { encodeDepositCalldata } from './yield/encodeDepositCalldata.js';
export {
  type DepositExecutionResult,
  type DepositJournalEntry,
  type ReadDepositJournalEntryReturnType,
  readDepositJournalEntry,
} from './yield/readDepositJournalEntry.js';
export {
  type ListDepositJournalParameters,
  type ListDepositJournalReturnType,
  listDepositJournal,
} from './yield/listDepositJournal.js';
export {
  type SummarizeVaultCostBasisParameters,
  type SummarizeVaultCostBasisReturnType,
  summarizeVaultCostBasis,
} from './yield/summarizeVaultCostBasis.js';
