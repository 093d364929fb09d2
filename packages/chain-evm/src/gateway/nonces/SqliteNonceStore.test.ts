import { tempDatabases } from '../store/testing/tempDatabases.js';
import { SqliteNonceStore } from './SqliteNonceStore.js';
import { describeNonceStoreContract } from './testing/nonceStoreContract.js';

const { connect } = tempDatabases('nonce-store-');
let n = 0;

// `another()` opens a second connection to the same file: another process's view of the rows.
describeNonceStoreContract('SqliteNonceStore', () => {
  const file = `nonces-${n++}.db`;
  return {
    store: new SqliteNonceStore({ database: connect(file) }),
    another: () => new SqliteNonceStore({ database: connect(file) }),
  };
});
