import { LIFI_DEFAULT_MAX_PRICE_IMPACT_BPS } from './createLifiClient.js';
import { lifiSlippageToBps } from './lifiSlippageToBps.js';
import type { BridgeQuoteRequest, BridgeRefusal, LifiQuote } from './types.js';

/** Parameters of {@link checkBridgeSlippage}. */
export interface CheckBridgeSlippageParameters {
  readonly quote: LifiQuote;
  readonly request: BridgeQuoteRequest;
  /** The policy ceiling (`MAX_SLIPPAGE_BPS`), basis points. */
  readonly maxSlippageBps: number;
}

/**
 * Pure: the slippage asked is within the ceiling, and the slippage LI.FI echoes is not above it either
 * (`BRIDGE_SLIPPAGE_TOO_HIGH` — it catches `slippage: 1`, which LI.FI reads as 100%); the minimum out is at least
 * `toAmount × (1 − ceiling)` (`BRIDGE_MIN_OUT_TOO_LOW`); the `maxPriceImpact` sent is below LI.FI's 10% default
 * (`BRIDGE_PRICE_IMPACT_TOO_HIGH`). `null` means within bounds.
 *
 * @example
 * ```ts
 * checkBridgeSlippage({ quote, request, maxSlippageBps: 100 }); // null, or { code: 'BRIDGE_MIN_OUT_TOO_LOW', … }
 * ```
 */
export function checkBridgeSlippage({
  quote,
  request,
  maxSlippageBps,
}: CheckBridgeSlippageParameters): BridgeRefusal | null {
  if (
    !Number.isInteger(request.slippageBps) ||
    request.slippageBps < 0 ||
    request.slippageBps > maxSlippageBps
  ) {
    return {
      code: 'BRIDGE_SLIPPAGE_TOO_HIGH',
      reason: `slippage of ${request.slippageBps} bps asked, the ceiling is ${maxSlippageBps} bps`,
    };
  }
  if (quote.action.slippage !== null) {
    const echoed = lifiSlippageToBps(quote.action.slippage);
    if (echoed === null || echoed > request.slippageBps) {
      return {
        code: 'BRIDGE_SLIPPAGE_TOO_HIGH',
        reason: `the quote applies a slippage of ${quote.action.slippage} (${echoed ?? '?'} bps), ${request.slippageBps} bps asked`,
      };
    }
  }
  const floor = (quote.estimate.toAmount * BigInt(10_000 - maxSlippageBps)) / 10_000n;
  if (quote.estimate.toAmountMin < floor) {
    return {
      code: 'BRIDGE_MIN_OUT_TOO_LOW',
      reason: `minimum out ${quote.estimate.toAmountMin} is below ${floor} (${quote.estimate.toAmount} less ${maxSlippageBps} bps)`,
    };
  }
  if (
    !Number.isInteger(request.maxPriceImpactBps) ||
    request.maxPriceImpactBps < 1 ||
    request.maxPriceImpactBps >= LIFI_DEFAULT_MAX_PRICE_IMPACT_BPS
  ) {
    return {
      code: 'BRIDGE_PRICE_IMPACT_TOO_HIGH',
      reason: `maxPriceImpact of ${request.maxPriceImpactBps} bps is not below LI.FI's default ${LIFI_DEFAULT_MAX_PRICE_IMPACT_BPS} bps`,
    };
  }
  return null;
}
