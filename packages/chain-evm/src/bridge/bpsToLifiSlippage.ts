import { BridgeProviderError } from './BridgeProviderError.js';

/**
 * Our slippage (integer basis points) as the decimal fraction LI.FI's `slippage` and `maxPriceImpact` take, exactly:
 * 50 → `"0.005"` (0.5%), 100 → `"0.01"`, 1 → `"0.0001"`. Never `1` for 1%: LI.FI reads `slippage=1` as 100%
 * (an agent kit shipped that bug). Out of 0–10,000 or not an integer → `BRIDGE_INVALID_PARAMETER`.
 *
 * @example
 * ```ts
 * bpsToLifiSlippage(50); // '0.005'
 * ```
 */
export function bpsToLifiSlippage(bps: number): string {
  if (!Number.isInteger(bps) || bps < 0 || bps > 10_000) {
    throw new BridgeProviderError(
      'BRIDGE_INVALID_PARAMETER',
      'Slippage must be whole basis points, 0–10000',
      {
        details: `got ${String(bps)}`,
      },
    );
  }
  const whole = Math.floor(bps / 10_000);
  const fraction = String(bps % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
