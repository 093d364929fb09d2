import { executeTool } from './executeTool.js';
import { addressInput, chainInput } from './schemas.js';

/** `approval_revoke`: sets one approval back to zero (`POST /approval/revoke`). */
export const approvalRevokeTool = executeTool({
  name: 'approval_revoke',
  title: 'Revoke an approval',
  description:
    'Revokes one approval of the wallet: approve(spender, 0) or setApprovalForAll(operator, false); the state is read back from the chain. NOTHING_TO_REVOKE when there is none.',
  input: {
    chain: chainInput,
    token: addressInput,
    spender: addressInput,
    kind: { type: 'string', enum: ['erc20', 'operator'] },
  },
  required: ['token', 'spender'],
  path: '/approval/revoke',
  // It spends gas and takes a permission away (destructive); a second revoke finds nothing left to revoke.
  annotations: { idempotentHint: true },
});
