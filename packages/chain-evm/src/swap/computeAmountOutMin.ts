import { BPS, MAX_UINT256 } from './constants.js';
import { SwapError } from './SwapError.js';

/** Parameters of {@link computeAmountOutMin}. */
export interface ComputeAmountOutMinParameters {
  /** The quoted output, base units. */
  readonly amountOut: bigint;
  /** Accepted slippage in basis points, an integer 0..10,000 (50 = 0.5%). */
  readonly slippageBps: number | bigint;
}

/**
 * The minimum output to put in a swap: `amountOut × (10,000 − slippageBps) / 10,000`, rounded DOWN (bigint math,
 * never floats), so the minimum never exceeds what the slippage allows. Slippage outside 0..10,000 or not an
 * integer → `INVALID_SLIPPAGE`; a negative or oversized amount → `INVALID_AMOUNT`. The application caps the
 * slippage further (`MAX_SLIPPAGE_BPS`).
 *
 * @example
 * ```ts
 * computeAmountOutMin({ amountOut: 999n, slippageBps: 1 }); // 998n (998.9001 rounded down)
 * ```
 */
export function computeAmountOutMin({ amountOut, slippageBps }: ComputeAmountOutMinParameters): bigint {
  if (typeof amountOut !== 'bigint' || amountOut < 0n || amountOut > MAX_UINT256) {
    throw new SwapError('INVALID_AMOUNT', 'amountOut must be a non-negative integer of base units', {
      details: String(amountOut),
    });
  }
  const valid =
    (typeof slippageBps === 'bigint' || Number.isInteger(slippageBps)) &&
    BigInt(slippageBps) >= 0n &&
    BigInt(slippageBps) <= BPS;
  if (!valid) {
    throw new SwapError('INVALID_SLIPPAGE', 'slippageBps must be an integer from 0 to 10000', {
      details: String(slippageBps),
    });
  }
  return (amountOut * (BPS - BigInt(slippageBps))) / BPS;
}
