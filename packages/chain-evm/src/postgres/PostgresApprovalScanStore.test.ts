import { describeApprovalScanStoreContract } from '../approvals/store/testing/approvalScanStoreContract.js';
import { PostgresApprovalScanStore } from './PostgresApprovalScanStore.js';
import { postgresTestPool } from './testing/postgresTestPool.js';

const db = postgresTestPool('chain_approval_scans');

describeApprovalScanStoreContract(
  'PostgresApprovalScanStore',
  () => new PostgresApprovalScanStore({ pool: db.pool(), schema: db.schema() }),
);
