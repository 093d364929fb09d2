import type { ExecutionIntent, ExecutionRecord, FeeQuote } from '../types.js';
import { worstCaseFeeWei } from '../worstCaseFeeWei.js';
import type { Refusal } from '../checkPolicy.js';
import type { GatewayContext } from './GatewayContext.js';
import { releaseWithRetries } from './releaseWithRetries.js';
import { maxFeeOf } from './maxFeeOf.js';
import { writeExecution } from './writeExecution.js';

/** Parameters of {@link reserveStep}. */
export interface ReserveStepParameters {
  readonly record: ExecutionRecord;
  readonly intent: ExecutionIntent;
  /** The priced value (native + tokens spent), or what the operator approved when it was unknown. */
  readonly valueWei: bigint;
  readonly gasLimit: bigint;
  readonly fees: FeeQuote;
  /**
   * True only for the reset to zero of the gateway's own outstanding approval (`isOwnApprovalReset`): when the
   * governor refuses it `KILL_SWITCH_ENGAGED` (it reserves nothing while killed), it goes on without a reservation.
   */
  readonly passesKillSwitch?: boolean;
}

/** What {@link reserveStep} answers. */
export type ReserveStepReturnType =
  /** `reservationId` is null only for an own approval's reset under the kill switch (`passesKillSwitch`). */
  | { readonly record: ExecutionRecord; readonly reservationId: string | null }
  | { readonly refusal: Refusal; readonly reserveWei: bigint };

/**
 * The governor's atomic reservation of the value plus the fee budget — the gas limit × the max fee after every
 * allowed replacement (+12.5% each), never above the ceiling — with its caps and kill switch; a denial is the
 * governor's code. The record names the reservation, its total (`valueWei`) and its fee budget (`feeReservedWei`);
 * when that write fails, the reservation is released at once (nothing will be signed for it: it must not stay
 * counted for ever).
 *
 * @example
 * ```ts
 * const reserved = await reserveStep(ctx, { record, intent, valueWei, gasLimit, fees });
 * if ('refusal' in reserved) return blockExecution(ctx, record, reserved.refusal, { valueWei: reserved.reserveWei });
 * ```
 */
export async function reserveStep(
  ctx: GatewayContext,
  { record, intent, valueWei, gasLimit, fees, passesKillSwitch = false }: ReserveStepParameters,
): Promise<ReserveStepReturnType> {
  const feeBudget = worstCaseFeeWei({
    gasLimit,
    maxFeePerGas: maxFeeOf(fees),
    feeCeilingWei: ctx.settings.feeCeilingWei,
    maxReplacements: ctx.settings.maxReplacements,
  });
  const reserveWei = valueWei + feeBudget;
  const decision = await ctx.governor.reserve({ action: intent.action, value: reserveWei });
  if (passesKillSwitch && !decision.allowed && decision.code === 'KILL_SWITCH_ENGAGED') {
    // The reset of our own approval while killed: nothing is reserved (its fee is bounded by the fee budget).
    const unreserved = await writeExecution(ctx, record, {
      patch: { valueWei: reserveWei, feeReservedWei: feeBudget },
    });
    return { record: unreserved, reservationId: null };
  }
  if (!decision.allowed || decision.reservationId === null) {
    return { refusal: { code: decision.code, reason: decision.reason }, reserveWei };
  }
  const reservationId = decision.reservationId;
  try {
    const reserved = await writeExecution(ctx, record, {
      patch: { valueWei: reserveWei, reservationId, feeReservedWei: feeBudget },
    });
    return { record: reserved, reservationId };
  } catch (error) {
    await releaseWithRetries(ctx, reservationId);
    throw error;
  }
}
