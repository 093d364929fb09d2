export type {
  DcaBalanceParameters,
  DcaExecuteParameters,
  DcaExecution,
  DcaExecutor,
  DcaLookupParameters,
  DcaQuoteParameters,
} from './DcaExecutor.js';
export { BaseError, type BaseErrorParameters } from './errors/BaseError.js';
export { DcaExecutorError, type DcaExecutorErrorCode } from './errors/DcaExecutorError.js';
export { DcaFillStoppedError } from './errors/DcaFillStoppedError.js';
export { DcaFeeTooHighError } from './errors/DcaFeeTooHighError.js';
export { DcaInvalidTransitionError } from './errors/DcaInvalidTransitionError.js';
export { DcaOrderNotFoundError } from './errors/DcaOrderNotFoundError.js';
export { DcaStoreError, type DcaStoreErrorCode } from './errors/DcaStoreError.js';
export { DcaValidationError } from './errors/DcaValidationError.js';
export {
  type CheckFillWorthGasParameters,
  type CheckFillWorthGasReturnType,
  checkFillWorthGas,
  DEFAULT_MAX_FEE_SHARE_BPS,
} from './fees/checkFillWorthGas.js';
export {
  type BlockEffectOfParameters,
  blockEffectOf,
  DCA_BLOCK_EFFECTS,
  type DcaBlockEffect,
} from './order/blockEffects.js';
export {
  type CreateOrderParameters,
  createOrder,
  type DcaOrderInput,
  FIRST_RUN_MAX_AHEAD_MS,
  FIRST_RUN_PAST_TOLERANCE_MS,
} from './order/createOrder.js';
export { fillAmount } from './order/fillAmount.js';
export { fillIdempotencyKey } from './order/fillIdempotencyKey.js';
export { type ReopenReorgedFillReturnType, reopenReorgedFill } from './order/reopenReorgedFill.js';
export { type DcaFillStop, type FillStopReasonParameters, fillStopReason } from './order/fillStopReason.js';
export { type DcaCommand, type TransitionOrderParameters, transitionOrder } from './order/transitionOrder.js';
export { type FormatPriceParameters, formatPrice } from './price/formatPrice.js';
export { type ParsePriceParameters, parsePrice } from './price/parsePrice.js';
export { type PriceOfParameters, priceOf } from './price/priceOf.js';
export { type NextSlotAfterParameters, nextSlotAfter } from './schedule/nextSlotAfter.js';
export {
  INTERVAL_NAMES,
  MAX_INTERVAL_MONTHS,
  MAX_INTERVAL_SECONDS,
  MIN_INTERVAL_SECONDS,
  parseInterval,
} from './schedule/parseInterval.js';
export {
  type DuePlan,
  MAX_RECORDED_MISSED_SLOTS,
  type PlanDueSlotsParameters,
  planDueSlots,
} from './schedule/planDueSlots.js';
export { type DcaSchedule, type SlotTimeParameters, slotTime } from './schedule/slotTime.js';
export type { DcaEvent, DcaEventSink, DcaEventType } from './scheduler/DcaEvent.js';
export { DcaScheduler, type DcaSchedulerParameters } from './scheduler/DcaScheduler.js';
export type { DcaTickSummary } from './scheduler/processOrder.js';
export { type DcaTimer, type StartDcaTimerParameters, startDcaTimer } from './scheduler/startDcaTimer.js';
export {
  type DcaCheckFirstFillParameters,
  type DcaCreateParameters,
  type DcaFillsParameters,
  DcaService,
  type DcaServiceParameters,
} from './service/DcaService.js';
export { collectDcaStats } from './stats/collectDcaStats.js';
export {
  computeDcaStats,
  type DcaErrorStats,
  type DcaPairStats,
  type DcaStats,
} from './stats/computeDcaStats.js';
export type {
  ClaimDueParameters,
  DcaStore,
  DcaWrite,
  ListFillsParameters,
  ListOrdersParameters,
  ReleaseLeaseParameters,
} from './store/DcaStore.js';
export { MemoryDcaStore } from './store/MemoryDcaStore.js';
export type {
  DcaCatchUp,
  DcaFill,
  DcaFillStatus,
  DcaInterval,
  DcaIntervalName,
  DcaOrder,
  DcaOrderError,
  DcaOrderStatus,
  DcaPage,
  DcaPauseCode,
  DcaPauseReason,
  DcaPrice,
  DcaQuote,
  DcaTotals,
} from './types.js';
