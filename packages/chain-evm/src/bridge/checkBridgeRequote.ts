import type { BridgeRefusal } from './types.js';

/** Parameters of {@link checkBridgeRequote}. */
export interface CheckBridgeRequoteParameters {
  /** The quote the client accepted. */
  readonly first: { readonly toAmount: bigint; readonly toAmountMin: bigint };
  /** The fresh quote fetched before signing. */
  readonly second: { readonly toAmountMin: bigint };
  /** The slippage the client asked for, basis points. */
  readonly slippageBps: number;
}

/** Return type of {@link checkBridgeRequote}: a refusal or `null`, and both figures for the client. */
export interface CheckBridgeRequoteReturnType {
  readonly refusal: BridgeRefusal | null;
  /** The lowest acceptable minimum: the first quote's output less the slippage asked. */
  readonly floor: bigint;
  readonly firstToAmount: bigint;
  readonly firstToAmountMin: bigint;
  readonly secondToAmountMin: bigint;
}

/**
 * Pure: a re-quote (an old quote refreshed before signing) is compared against the first quote's *output*, not its
 * minimum — LI.FI's SDK compares minimum to minimum, which "can result in almost doubled slippage for the user". A
 * fresh minimum below `first.toAmount × (1 − slippage)` is `BRIDGE_REQUOTE_DROPPED`, with both figures so the client
 * can decide again.
 *
 * @example
 * ```ts
 * const { refusal, floor } = checkBridgeRequote({ first, second, slippageBps: 50 });
 * if (refusal) return conflict(refusal, { floor, secondToAmountMin: second.toAmountMin });
 * ```
 */
export function checkBridgeRequote(parameters: CheckBridgeRequoteParameters): CheckBridgeRequoteReturnType {
  const { first, second, slippageBps } = parameters;
  const bps = Number.isInteger(slippageBps) && slippageBps >= 0 && slippageBps <= 10_000 ? slippageBps : 0;
  const floor = (first.toAmount * BigInt(10_000 - bps)) / 10_000n;
  const figures = {
    floor,
    firstToAmount: first.toAmount,
    firstToAmountMin: first.toAmountMin,
    secondToAmountMin: second.toAmountMin,
  };
  if (second.toAmountMin < floor) {
    return {
      refusal: {
        code: 'BRIDGE_REQUOTE_DROPPED',
        reason: `the fresh quote's minimum ${second.toAmountMin} is below ${floor} (first output ${first.toAmount} less ${bps} bps)`,
      },
      ...figures,
    };
  }
  return { refusal: null, ...figures };
}
