import { describeOutstandingApprovalStoreContract } from '../gateway/store/testing/outstandingApprovalStoreContract.js';
import { PostgresOutstandingApprovalStore } from './PostgresOutstandingApprovalStore.js';
import { postgresTestPool } from './testing/postgresTestPool.js';

const db = postgresTestPool('chain_outstanding');

describeOutstandingApprovalStoreContract(
  'PostgresOutstandingApprovalStore',
  () => new PostgresOutstandingApprovalStore({ pool: db.pool(), schema: db.schema() }),
);
