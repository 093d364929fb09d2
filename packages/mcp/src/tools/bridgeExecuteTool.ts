import { executeTool } from './executeTool.js';
import { amountInput, chainInput, tokenInput } from './schemas.js';

/** `bridge_execute`: a bridge transfer through the execution gateway (`POST /bridge/execute`). */
export const bridgeExecuteTool = executeTool({
  name: 'bridge_execute',
  title: 'Execute a bridge transfer',
  description:
    "Bridges tokens to another chain: by quoteId (from bridge_quote) or by the quote's parameters; re-quoted when older than the server's TTL (BRIDGE_REQUOTE_DROPPED when the new minimum is lower). Follow the transfer with follow_execution.",
  input: {
    quoteId: { type: 'string', maxLength: 100 },
    fromChain: chainInput,
    toChain: chainInput,
    token: tokenInput,
    toToken: tokenInput,
    amount: amountInput,
    slippageBps: { type: 'integer', minimum: 0, maximum: 5000 },
  },
  path: '/bridge/execute',
});
