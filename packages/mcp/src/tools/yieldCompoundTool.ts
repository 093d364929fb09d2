import { executeTool } from './executeTool.js';
import { addressInput, amountInput, chainInput } from './schemas.js';

/** `yield_compound`: deposits idle funds into a configured vault when it pays (`POST /yield/compound`). */
export const yieldCompoundTool = executeTool({
  name: 'yield_compound',
  title: 'Compound into a vault',
  description:
    "Deposits the wallet's idle underlying (or amount) into one of the server's ERC-4626 vaults, only when the expected gain beats the worst-case gas (else status skipped, nothing signed).",
  input: {
    chain: chainInput,
    vault: addressInput,
    amount: amountInput,
    minShares: {
      type: 'string',
      pattern: '^[0-9]{1,78}$',
      description: 'Fewest shares accepted, base units.',
    },
  },
  required: ['vault'],
  path: '/yield/compound',
});
