import { objectOutput } from './objectOutput.js';
import { readTool } from './readTool.js';
import { addressInput, chainInput } from './schemas.js';

/** `approvals_scan`: every live approval with its risk score, worst first (`GET /approval/risk`). */
export const approvalsScanTool = readTool({
  name: 'approvals_scan',
  title: 'Scan approvals and their risk',
  description:
    'Every live ERC-20 allowance and NFT operator approval of the wallet (or owner), read on chain, each scored from documented factors (unlimited, unknown spender, stale…), worst first, with the value at risk. Reads only.',
  input: { chain: chainInput, owner: addressInput },
  output: objectOutput({
    owner: { type: 'string' },
    approvals: { type: 'array' },
    summary: { type: 'object' },
  }),
  path: '/approval/risk',
});
