export type { PostgresClientLike, PostgresPoolLike } from './postgres/PostgresPoolLike.js';
export { PostgresDcaStore, type PostgresDcaStoreParameters } from './postgres/PostgresDcaStore.js';
