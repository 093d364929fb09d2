import type { Refusal } from '../checkPolicy.js';

/** Parameters of {@link judgeValueLoss}. */
export interface JudgeValueLossParameters {
  /** The value charged to the governor for what the swap spends (ETH-equivalent wei). */
  readonly chargedWei: bigint;
  /** What the simulated swap delivers to the wallet, valued by the same pricing rules (ETH-equivalent wei). */
  readonly receivedWei: bigint;
  /** The most of the charged value the swap may lose to slippage, pool fees and price impact, in basis points. */
  readonly maxLossBps: number;
}

/**
 * Pure: a swap whose simulated output is worth less than the value charged minus the allowed loss is refused
 * `EFFECT_VALUE_LOSS` (a route through a pool pushed off its price, a minimum that inherited a manipulated quote).
 * Integer arithmetic on wei; `null` = the output is worth enough.
 *
 * @example
 * ```ts
 * judgeValueLoss({ chargedWei: 10n ** 18n, receivedWei: 9n * 10n ** 17n, maxLossBps: 500 }); // EFFECT_VALUE_LOSS
 * ```
 */
export function judgeValueLoss({
  chargedWei,
  receivedWei,
  maxLossBps,
}: JudgeValueLossParameters): Refusal | null {
  if (!Number.isInteger(maxLossBps) || maxLossBps < 0 || maxLossBps > 10_000) {
    throw new RangeError(`maxLossBps must be an integer from 0 to 10000, not ${maxLossBps}`);
  }
  if (receivedWei * 10_000n >= chargedWei * BigInt(10_000 - maxLossBps)) return null;
  return {
    code: 'EFFECT_VALUE_LOSS',
    reason:
      `the simulated swap delivers ${receivedWei} wei of value for ${chargedWei} wei charged: more than ` +
      `${maxLossBps} bps lost to the route`,
  };
}
