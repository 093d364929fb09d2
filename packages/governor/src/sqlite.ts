export type { SqliteDatabaseLike, SqliteStatementLike } from './sqlite/SqliteDatabaseLike.js';
export { SqliteSpendLedger, type SqliteSpendLedgerParameters } from './sqlite/SqliteSpendLedger.js';
