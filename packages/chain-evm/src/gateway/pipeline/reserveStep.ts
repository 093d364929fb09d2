import type { ExecutionIntent, ExecutionRecord, FeeQuote } from '../types.js';
import { worstCaseFeeWei } from '../worstCaseFeeWei.js';
import type { Refusal } from '../checkPolicy.js';
import type { GatewayContext } from './GatewayContext.js';
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

/** Waits before each attempt to release a reservation whose record could not be written (about 2 s in all). */
const RELEASE_RETRY_MS = [0, 100, 400, 1_600] as const;

/**
 * The release, retried: the write that failed and the first release often fail together (the database connection
 * just dropped, and the pool hands out a dead one before it notices), and a reservation no record names is released
 * by no one else — it would count against the caps for good. After the last attempt it stays counted (fail closed).
 */
async function releaseWithRetries(ctx: GatewayContext, id: string): Promise<void> {
  for (const wait of RELEASE_RETRY_MS) {
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      await ctx.governor.release({ id });
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'RESERVATION_NOT_FOUND' || code === 'RESERVATION_ALREADY_SETTLED') return;
    }
  }
}
