import { objectOutput } from './objectOutput.js';
import { readTool } from './readTool.js';
import { chainInput } from './schemas.js';

/** `yield_opportunities`: DefiLlama's pools and the configured vaults (`GET /yield/opportunities`). */
export const yieldOpportunitiesTool = readTool({
  name: 'yield_opportunities',
  title: 'Yield opportunities',
  description:
    "Yield pools from DefiLlama (cached, with its freshness) and the server's ERC-4626 vaults (APY measured on chain), filtered. Reads only.",
  input: {
    chain: chainInput,
    asset: { type: 'string', maxLength: 64, description: 'A symbol or an address of the underlying token.' },
    project: { type: 'string', maxLength: 100 },
    minApy: { type: 'number', minimum: 0 },
    minTvl: { type: 'number', minimum: 0 },
    stablecoin: { type: 'boolean' },
    source: { type: 'string', enum: ['all', 'defillama', 'onchain'] },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
  },
  output: objectOutput({
    provider: { type: 'object' },
    total: { type: 'integer' },
    items: { type: 'array' },
  }),
  path: '/yield/opportunities',
});
