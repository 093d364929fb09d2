export type { SqliteDatabaseLike, SqliteStatementLike } from './gateway/store/SqliteDatabaseLike.js';
export {
  SqliteExecutionStore,
  type SqliteExecutionStoreParameters,
} from './gateway/store/SqliteExecutionStore.js';
export {
  SqliteIdempotencyStore,
  type SqliteIdempotencyStoreParameters,
} from './gateway/store/SqliteIdempotencyStore.js';
export {
  SqliteOutstandingApprovalStore,
  type SqliteOutstandingApprovalStoreParameters,
} from './gateway/store/SqliteOutstandingApprovalStore.js';
export {
  SqliteConfirmationStore,
  type SqliteConfirmationStoreParameters,
} from './gateway/store/SqliteConfirmationStore.js';
export {
  SqliteApprovalScanStore,
  type SqliteApprovalScanStoreParameters,
} from './approvals/store/SqliteApprovalScanStore.js';
export { SqliteWatchStore, type SqliteWatchStoreParameters } from './watcher/store/SqliteWatchStore.js';
export {
  SqliteSharePriceStore,
  type SqliteSharePriceStoreParameters,
} from './yield/store/SqliteSharePriceStore.js';
export { SqliteNonceStore, type SqliteNonceStoreParameters } from './gateway/nonces/SqliteNonceStore.js';
