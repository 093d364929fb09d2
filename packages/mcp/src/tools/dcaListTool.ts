import { objectOutput } from './objectOutput.js';
import { readTool } from './readTool.js';

/** `dca_list`: DCA orders, newest first (`GET /dca/orders`). */
export const dcaListTool = readTool({
  name: 'dca_list',
  title: 'List recurring buys',
  description: 'DCA orders, newest first, optionally of one status; cursor pages. Reads only.',
  input: {
    status: { type: 'string', enum: ['active', 'paused', 'cancelled', 'completed'] },
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    cursor: { type: 'string', maxLength: 200 },
  },
  output: objectOutput({ items: { type: 'array' }, nextCursor: { type: ['string', 'null'] } }),
  path: '/dca/orders',
  openWorld: false,
});
