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
