import { objectOutput } from './objectOutput.js';
import { readTool } from './readTool.js';
import { amountInput, chainInput, tokenInput } from './schemas.js';

/** `bridge_quote`: LI.FI's quote, checked before it is shown (`GET /bridge/quote`). */
export const bridgeQuoteTool = readTool({
  name: 'bridge_quote',
  title: 'Bridge quote',
  description:
    "A bridge quote from LI.FI, checked by the server (allowlisted contracts, calldata decoded: receiver = the wallet, no destination call): amounts, minimum out, fees, duration, the value charged and the destination token's safety, and an id for bridge_execute. Reads only.",
  input: {
    fromChain: chainInput,
    toChain: chainInput,
    token: tokenInput,
    toToken: tokenInput,
    amount: amountInput,
    slippageBps: { type: 'integer', minimum: 0, maximum: 5000 },
  },
  required: ['fromChain', 'toChain', 'token', 'amount'],
  output: objectOutput({
    id: { type: 'string' },
    freshUntil: { type: 'string' },
    amountOut: { type: 'object' },
    amountOutMin: { type: 'object' },
  }),
  path: '/bridge/quote',
});
