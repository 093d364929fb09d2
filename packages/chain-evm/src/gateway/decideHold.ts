import type { Refusal } from './checkPolicy.js';
import type { ConfirmMode, HoldReason } from './types.js';

/** Parameters of {@link decideHold}. */
export interface DecideHoldParameters {
  readonly mode: ConfirmMode;
  /** Value priced on chain (native + tokens spent, gas not counted); null when unknown. */
  readonly valueWei: bigint | null;
  /** What the value and safety checks refused, if anything. */
  readonly refusal: Refusal | null;
}

/** What {@link decideHold} answers. */
export type DecideHoldReturnType =
  | { readonly kind: 'proceed' }
  | { readonly kind: 'refuse'; readonly refusal: Refusal }
  | { readonly kind: 'hold'; readonly reason: HoldReason; readonly detail: string };

/** Refusals an operator may lift by approving: the value or the safety is unknown — nothing proven harmful. */
const HOLDABLE: Readonly<Record<string, HoldReason>> = {
  VALUE_UNKNOWN: 'value-unknown',
  TOKEN_SAFETY_UNKNOWN: 'safety-unknown',
};

/**
 * The confirmation rule (pure): does this action run, wait for an operator, or get refused? Only an unknown value
 * or unknown token safety can be held instead of refused (modes `unknown` and `all`); a confirmed honeypot, a veto
 * or a known excessive tax are refused in every mode. Otherwise `above` holds what is worth more than its threshold
 * and `all` holds everything that moves value (an exact approval or a revoke moves none and runs at once).
 *
 * @example
 * ```ts
 * decideHold({ mode: { kind: 'above', thresholdWei: parseEther('0.01') }, valueWei: parseEther('0.02'), refusal: null });
 * // { kind: 'hold', reason: 'above-threshold', detail: '…' }
 * ```
 */
export function decideHold({ mode, valueWei, refusal }: DecideHoldParameters): DecideHoldReturnType {
  if (refusal) {
    const reason = HOLDABLE[refusal.code];
    if (reason && (mode.kind === 'unknown' || mode.kind === 'all')) {
      return { kind: 'hold', reason, detail: refusal.reason };
    }
    return { kind: 'refuse', refusal };
  }
  if (valueWei === null) {
    // Not reachable from the gateway (an unknown value is a refusal); fail closed if it ever is.
    return { kind: 'refuse', refusal: { code: 'VALUE_UNKNOWN', reason: 'the value is unknown' } };
  }
  if (mode.kind === 'all' && valueWei > 0n) {
    return { kind: 'hold', reason: 'all', detail: `every action waits for approval (worth ${valueWei} wei)` };
  }
  // Stryker disable next-line ConditionalExpression: equivalent — only the 'above' mode has a threshold (a value > undefined is false)
  if (mode.kind === 'above' && valueWei > mode.thresholdWei) {
    return {
      kind: 'hold',
      reason: 'above-threshold',
      detail: `worth ${valueWei} wei, above the ${mode.thresholdWei} wei threshold`,
    };
  }
  return { kind: 'proceed' };
}
