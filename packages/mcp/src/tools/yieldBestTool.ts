import { objectOutput } from './objectOutput.js';
import { readTool } from './readTool.js';
import { amountInput, chainInput } from './schemas.js';

/** `yield_best`: the highest risk-adjusted opportunity for an asset (`GET /yield/best`). */
export const yieldBestTool = readTool({
  name: 'yield_best',
  title: 'Best yield for an asset',
  description:
    'The highest risk-adjusted yield opportunity for an asset, with its score, every term and input; best is null with the reason when nothing passes the checks. Single-asset pools only unless exposure is multi or any (multi-asset pools carry impermanent loss and need both tokens). Reads only.',
  input: {
    asset: { type: 'string', minLength: 1, maxLength: 64 },
    amount: amountInput,
    chain: chainInput,
    project: { type: 'string', maxLength: 100 },
    minApy: { type: 'number', minimum: 0 },
    minTvl: { type: 'number', minimum: 0 },
    stablecoin: { type: 'boolean' },
    exposure: { type: 'string', enum: ['single', 'multi', 'any'] },
    source: { type: 'string', enum: ['all', 'defillama', 'onchain'] },
  },
  required: ['asset'],
  output: objectOutput({
    asset: { type: 'string' },
    best: { type: ['object', 'null'] },
    reason: { type: ['string', 'null'] },
  }),
  path: '/yield/best',
});
