import { objectOutput } from './objectOutput.js';
import { readTool } from './readTool.js';
import { amountInput, chainInput, ethAmount, tokenInput } from './schemas.js';

/** `swap_quote`: the best route, the least accepted, the value charged and the safety verdict (`GET /swap/quote`). */
export const swapQuoteTool = readTool({
  name: 'swap_quote',
  title: 'Swap quote',
  description:
    'Quotes a swap over Uniswap V2 and V3: amount out, the least accepted after slippage, route, price impact, gas, the ETH-equivalent value the spend governor would charge (null = unknown: execute would be refused) and the token-safety verdict on what is acquired (safety.allowed false: execute would be refused with safety.code). Reads only; nothing is reserved.',
  input: {
    chain: chainInput,
    tokenIn: tokenInput,
    tokenOut: tokenInput,
    amountIn: amountInput,
    slippageBps: { type: 'integer', minimum: 0, maximum: 5000, description: 'Basis points (default 50).' },
  },
  required: ['tokenIn', 'tokenOut', 'amountIn'],
  output: objectOutput({
    amountIn: { type: 'object' },
    amountOut: { type: 'object' },
    amountOutMin: { type: 'object' },
    route: { type: 'object' },
    value: { anyOf: [ethAmount, { type: 'null' }] },
    safety: { type: ['object', 'null'] },
  }),
  path: '/swap/quote',
});
