import { objectOutput } from './objectOutput.js';
import { readTool } from './readTool.js';
import { chainInput } from './schemas.js';

/** `gas_recommendation`: slow / standard / fast fees (`GET /gas/recommendation`). */
export const gasTool = readTool({
  name: 'gas_recommendation',
  title: 'Gas fees',
  description:
    'Slow, standard and fast fees of a chain (max fee and priority fee in gwei and wei), the next base fee and its trend. Reads only.',
  input: { chain: chainInput },
  output: objectOutput({ chain: { type: 'object' }, kind: { type: 'string' }, tiers: { type: 'object' } }),
  path: '/gas/recommendation',
});
