export type { PostgresClientLike, PostgresPoolLike } from './postgres/PostgresPoolLike.js';
export {
  PostgresExecutionStore,
  type PostgresExecutionStoreParameters,
} from './postgres/PostgresExecutionStore.js';
export {
  PostgresIdempotencyStore,
  type PostgresIdempotencyStoreParameters,
} from './postgres/PostgresIdempotencyStore.js';
export {
  PostgresConfirmationStore,
  type PostgresConfirmationStoreParameters,
} from './postgres/PostgresConfirmationStore.js';
export {
  PostgresSharePriceStore,
  type PostgresSharePriceStoreParameters,
} from './postgres/PostgresSharePriceStore.js';
export {
  PostgresApprovalScanStore,
  type PostgresApprovalScanStoreParameters,
} from './postgres/PostgresApprovalScanStore.js';
export { PostgresWatchStore, type PostgresWatchStoreParameters } from './postgres/PostgresWatchStore.js';
export {
  PostgresOutstandingApprovalStore,
  type PostgresOutstandingApprovalStoreParameters,
} from './postgres/PostgresOutstandingApprovalStore.js';
export { PostgresNonceStore, type PostgresNonceStoreParameters } from './postgres/PostgresNonceStore.js';
