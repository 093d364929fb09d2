export type { SqliteDatabaseLike, SqliteStatementLike } from './sqlite/SqliteDatabaseLike.js';
export { SqliteDcaStore, type SqliteDcaStoreParameters } from './sqlite/SqliteDcaStore.js';
