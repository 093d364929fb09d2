import { executeTool } from './executeTool.js';
import { amountInput, chainInput, tokenInput } from './schemas.js';

/** `swap_execute`: a real swap through the execution gateway (`POST /swap/execute`). */
export const swapExecuteTool = executeTool({
  name: 'swap_execute',
  title: 'Execute a swap',
  description:
    'Swaps tokenIn for tokenOut on chain: a fresh quote, an exact approval when needed, then the swap. Quote first (swap_quote) and check the safety verdict and value.',
  input: {
    chain: chainInput,
    tokenIn: tokenInput,
    tokenOut: tokenInput,
    amountIn: amountInput,
    slippageBps: { type: 'integer', minimum: 0, maximum: 5000, description: 'Basis points (default 50).' },
    maxSellTaxBps: {
      type: 'integer',
      minimum: 0,
      maximum: 10000,
      description:
        'Highest sell tax accepted (default 1000). Never makes a honeypot or an unknown verdict acceptable.',
    },
    maxBuyTaxBps: {
      type: 'integer',
      minimum: 0,
      maximum: 10000,
      description: 'Highest buy tax accepted (default 1000).',
    },
    deadlineSeconds: { type: 'integer', minimum: 30, maximum: 3600 },
  },
  required: ['tokenIn', 'tokenOut', 'amountIn'],
  path: '/swap/execute',
});
