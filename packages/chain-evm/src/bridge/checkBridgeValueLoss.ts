import type { BridgeRefusal } from './types.js';

/** Parameters of {@link checkBridgeValueLoss}: every value in ONE unit (base units of one asset, or wei). */
export interface CheckBridgeValueLossParameters {
  /** The value of the amount sent. */
  readonly sentValue: bigint;
  /** The value of the least the quote promises to deliver (`toAmountMin`), valued on the destination chain. */
  readonly deliveredValue: bigint;
  /** The value of the fees the quote lists as taken from the amount (`feeCosts[].included`). */
  readonly feesValue: bigint;
  /** `BRIDGE_MAX_PRICE_IMPACT_BPS`. */
  readonly maxPriceImpactBps: number;
  /** The slippage asked (the quote's minimum is its estimate less this). */
  readonly slippageBps: number;
}

/** Return type of {@link checkBridgeValueLoss}: the loss in basis points of what is sent, and a refusal above the bound. */
export interface CheckBridgeValueLossReturnType {
  readonly refusal: BridgeRefusal | null;
  /** `(sent − delivered) / sent` in basis points, rounded up; 0 when nothing is lost. */
  readonly lossBps: number;
}

/**
 * Pure: a bridge never delivers much less than it sends. The least the quote promises (valued on the destination
 * chain) may fall short of what is sent (valued on the source chain) by at most the price impact allowed plus the
 * slippage asked (both in bps of the value sent) plus the fees the quote lists; beyond that it is refused
 * `BRIDGE_VALUE_LOSS_TOO_HIGH` before anything is signed. A value sent of 0 or less, a negative value, or a bound
 * outside 0…10,000 bps is refused too (`BRIDGE_VALUE_UNKNOWN`): nothing is assumed.
 *
 * @example
 * ```ts
 * checkBridgeValueLoss({ sentValue: 100_000_000n, deliveredValue: 49_450_500n, feesValue: 100_000n,
 *   maxPriceImpactBps: 300, slippageBps: 50 }); // { refusal: { code: 'BRIDGE_VALUE_LOSS_TOO_HIGH', … }, lossBps: 5055 }
 * ```
 */
export function checkBridgeValueLoss(
  parameters: CheckBridgeValueLossParameters,
): CheckBridgeValueLossReturnType {
  const { sentValue, deliveredValue, feesValue, maxPriceImpactBps, slippageBps } = parameters;
  const bps = maxPriceImpactBps + slippageBps;
  if (
    sentValue <= 0n ||
    deliveredValue < 0n ||
    feesValue < 0n ||
    !Number.isInteger(maxPriceImpactBps) ||
    !Number.isInteger(slippageBps) ||
    maxPriceImpactBps < 0 ||
    slippageBps < 0 ||
    bps > 10_000
  ) {
    return {
      refusal: { code: 'BRIDGE_VALUE_UNKNOWN', reason: 'the values sent and delivered cannot be compared' },
      lossBps: 0,
    };
  }
  // Negative when more is delivered than sent (a gain): never refused, 0 bps.
  const loss = sentValue - deliveredValue;
  const lossBps = Math.max(0, Number((loss * 10_000n + sentValue - 1n) / sentValue));
  const allowed = (sentValue * BigInt(bps)) / 10_000n + feesValue;
  if (loss > allowed) {
    return {
      refusal: {
        code: 'BRIDGE_VALUE_LOSS_TOO_HIGH',
        reason: `the quote delivers at least ${deliveredValue} for ${sentValue} sent: a loss of ${loss} (${lossBps} bps), above the ${allowed} allowed (${maxPriceImpactBps} bps price impact + ${slippageBps} bps slippage + ${feesValue} of listed fees)`,
      },
      lossBps,
    };
  }
  return { refusal: null, lossBps };
}
