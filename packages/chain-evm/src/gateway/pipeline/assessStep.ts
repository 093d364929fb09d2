import type { ChainInfo } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { Refusal } from '../checkPolicy.js';
import type { AssessReturnType } from '../gatewayTypes.js';
import type { ConfirmationRecord, ExecutionIntent } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';
import { safetyStep } from './safetyStep.js';
import { type AcquiredValue, valueStep } from './valueStep.js';

/** What {@link assessStep} found. */
export interface Assessment extends AssessReturnType {
  readonly safety: ConfirmationRecord['safety'];
  /** The safety refusal on its own (it may hide behind an unknown value in `refusal`). */
  readonly unsafe: Refusal | null;
  /** A swap's acquired minimums valued in the same pricing round (`valueStep`); `null` when not valued. */
  readonly acquired?: readonly AcquiredValue[] | null;
}

/**
 * Value and safety, read in parallel — both always (an operator who approves an unknown value must never skip the
 * safety gate) — and the refusal they add up to: a proven harm first (never held, whatever else is unknown), then
 * an unknown value (`VALUE_UNKNOWN`), then an unknown safety.
 *
 * @example
 * ```ts
 * const assessed = await assessStep(ctx, { provider, chain, intent });
 * assessed.refusal; // null when value and safety are known and fine
 * ```
 */
export async function assessStep(
  ctx: GatewayContext,
  p: { readonly provider: RpcSender; readonly chain: ChainInfo; readonly intent: ExecutionIntent },
): Promise<Assessment> {
  const [{ valueWei, reason, acquired }, { safety, unsafe }] = await Promise.all([
    valueStep(ctx, p),
    safetyStep(ctx, p),
  ]);
  if (unsafe && unsafe.code !== 'TOKEN_SAFETY_UNKNOWN')
    return { refusal: unsafe, valueWei, safety, unsafe, acquired };
  if (valueWei === null) {
    return {
      refusal: { code: 'VALUE_UNKNOWN', reason: reason ?? 'a token spent cannot be priced' },
      valueWei,
      safety,
      unsafe,
      acquired,
    };
  }
  return { refusal: unsafe, valueWei, safety, unsafe, acquired };
}
