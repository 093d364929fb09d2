import { objectOutput } from './objectOutput.js';
import { readTool } from './readTool.js';
import { addressInput, chainInput } from './schemas.js';

/** `token_safety`: the fail-closed token security report (`GET /security/token`). */
export const tokenSafetyTool = readTool({
  name: 'token_safety',
  title: 'Token safety report',
  description:
    'A token security report from GoPlus, DexScreener and an on-chain buy/sell simulation: honeypot (true/false/null = unknown), taxes, liquidity, score. isSafe is false whenever anything is unknown. Reads only.',
  input: { chain: chainInput, address: addressInput },
  required: ['address'],
  output: objectOutput({
    token: { type: 'string' },
    isSafe: { type: 'boolean' },
    safetyScore: { type: 'number' },
    riskLevel: { type: 'string' },
    tax: { type: 'object' },
    warnings: { type: 'array', items: { type: 'string' } },
  }),
  path: '/security/token',
});
