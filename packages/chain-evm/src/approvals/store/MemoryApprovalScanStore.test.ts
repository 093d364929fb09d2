import { MemoryApprovalScanStore } from './MemoryApprovalScanStore.js';
import { describeApprovalScanStoreContract } from './testing/approvalScanStoreContract.js';

describeApprovalScanStoreContract('MemoryApprovalScanStore', () => new MemoryApprovalScanStore());
