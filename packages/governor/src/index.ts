export { computeRemaining, type ComputeRemainingParameters } from './computeRemaining.js';
export { type CreatePolicyParameters, type CreatePolicyReturnType, createPolicy } from './createPolicy.js';
export { DEFAULT_LIMITS } from './defaultLimits.js';
export { BaseError, type BaseErrorParameters } from './errors/BaseError.js';
export { GovernorConfigurationError } from './errors/GovernorConfigurationError.js';
export { InvalidAmountError } from './errors/InvalidAmountError.js';
export { LedgerError } from './errors/LedgerError.js';
export { ReservationNotFoundError } from './errors/ReservationNotFoundError.js';
export { ReservationSettledError } from './errors/ReservationSettledError.js';
export {
  type EstimateValueParameters,
  type EstimateValueReturnType,
  estimateValue,
  VALUE_KEYS,
  type ValueKey,
} from './estimateValue.js';
export { type EvaluateParameters, type EvaluateReturnType, evaluate, MAX_ACTION_LENGTH } from './evaluate.js';
export { type EvaluateExtensionParameters, evaluateExtension } from './evaluateExtension.js';
export { formatEther } from './formatEther.js';
export {
  type CommitParameters,
  type ConfirmFn,
  type ExtendParameters,
  type ExtendReturnType,
  type ConfirmPayload,
  Governor,
  type GovernorEvent,
  type GovernorListener,
  type GovernorParameters,
  type SetLimitsParameters,
  type GovernorStatus,
  type OpenReservation,
  type ReleaseParameters,
  type ReserveParameters,
  type ReserveReturnType,
  type WindowSpendStatus,
} from './Governor.js';
export { MemorySpendLedger } from './MemorySpendLedger.js';
export { parseEther } from './parseEther.js';
export type {
  DailyWindow,
  Decision,
  DecisionCode,
  LedgerCommitParameters,
  LedgerExtendParameters,
  LedgerExtendReturnType,
  LedgerKillSwitchParameters,
  LedgerReleaseParameters,
  LedgerReserveParameters,
  LedgerReserveReturnType,
  LedgerSnapshot,
  LedgerSnapshotParameters,
  LedgerStatusParameters,
  LedgerStatusReturnType,
  Policy,
  Remaining,
  ReservationRecord,
  ReservationStatus,
  SpendLedger,
  SpendRequest,
  WindowSpend,
} from './types.js';
export { type WindowStartParameters, windowStart } from './windowStart.js';
