import { objectOutput } from './objectOutput.js';
import { readTool } from './readTool.js';
import { addressInput } from './schemas.js';

/** `portfolio`: native and ERC-20 balances priced on chain (`GET /portfolio/`). */
export const portfolioTool = readTool({
  name: 'portfolio',
  title: 'Portfolio',
  description:
    'Native and ERC-20 balances of the wallet (or another address) on every configured chain (or those named), priced on chain in ETH-equivalent and USD; an unpriceable token is null and counted. Reads only.',
  input: {
    chains: {
      type: 'string',
      maxLength: 500,
      description: 'Comma-separated chain names or ids; default every configured chain.',
    },
    address: addressInput,
    includeZero: { type: 'boolean', description: 'List tokens with a zero balance too.' },
  },
  output: objectOutput({
    address: { type: 'string' },
    chains: { type: 'array' },
    totals: { type: 'object' },
  }),
  path: '/portfolio/',
});
