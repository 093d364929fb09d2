import { describeNonceStoreContract } from '../gateway/nonces/testing/nonceStoreContract.js';
import { PostgresNonceStore } from './PostgresNonceStore.js';
import { postgresTestPool } from './testing/postgresTestPool.js';

const db = postgresTestPool('chain_nonces');

// `another()` is another instance: its own pool on the same tables.
describeNonceStoreContract('PostgresNonceStore', () => {
  const schema = db.schema();
  return {
    store: new PostgresNonceStore({ pool: db.pool(), schema }),
    another: () => new PostgresNonceStore({ pool: db.newPool(), schema }),
  };
});
