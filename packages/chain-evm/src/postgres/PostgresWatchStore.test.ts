import { watchStoreContract } from '../watcher/store/testing/watchStoreContract.js';
import { PostgresWatchStore } from './PostgresWatchStore.js';
import { postgresTestPool } from './testing/postgresTestPool.js';

const db = postgresTestPool('chain_watch');

watchStoreContract(
  'PostgresWatchStore',
  () => new PostgresWatchStore({ pool: db.pool(), schema: db.schema() }),
);
