export type { PostgresClientLike, PostgresPoolLike } from './postgres/PostgresPoolLike.js';
export { PostgresSpendLedger, type PostgresSpendLedgerParameters } from './postgres/PostgresSpendLedger.js';
export {
  PostgresTransactions,
  type PostgresSchemaMigrations,
  type PostgresTransactionsParameters,
} from './postgres/PostgresTransactions.js';
