// Validation shared by the transaction builders. Internal: not exported from the package entry.
import { parseAddress } from '../address/parseAddress.js';
import type { Address } from '../chains/chains.js';
import { MAX_UINT256 } from './constants.js';
import { SwapError } from './SwapError.js';

/**
 * Validates what every swap builder takes: amounts are uint256 (`amountIn` > 0), the deadline a positive unix
 * time in seconds, the recipient a valid address (never the zero address: tokens sent there are burnt).
 *
 * @example
 * ```ts
 * const recipient = checkSwapInputs({ amounts: { amountIn, amountOutMin }, positive: ['amountIn'], deadline, recipient: to });
 * ```
 */
export function checkSwapInputs({
  amounts,
  positive,
  deadline,
  recipient,
}: {
  amounts: Record<string, bigint>;
  positive: readonly string[];
  deadline: bigint;
  recipient: string;
}): Address {
  for (const [name, value] of Object.entries(amounts)) {
    const min = positive.includes(name) ? 1n : 0n;
    if (typeof value !== 'bigint' || value < min || value > MAX_UINT256) {
      throw new SwapError(
        'INVALID_AMOUNT',
        `${name} must be ${min === 1n ? 'a positive' : 'a non-negative'} uint256`,
        {
          details: String(value),
        },
      );
    }
  }
  if (typeof deadline !== 'bigint' || deadline <= 0n || deadline > MAX_UINT256) {
    throw new SwapError('INVALID_SWAP_PARAMETER', 'deadline must be a positive unix time in seconds', {
      details: String(deadline),
    });
  }
  const to = parseAddress({ address: recipient });
  if (BigInt(to) === 0n) {
    throw new SwapError('INVALID_SWAP_PARAMETER', 'The recipient may not be the zero address');
  }
  return to;
}
