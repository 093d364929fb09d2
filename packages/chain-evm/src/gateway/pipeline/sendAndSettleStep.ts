import type { ChainInfo } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { ExecuteOptions, ExecuteReturnType } from '../gatewayTypes.js';
import type { ExecutionIntent, ExecutionRecord, FeeQuote } from '../types.js';
import { ExecutionMovedError } from '../ExecutionMovedError.js';
import { blockExecution } from './blockExecution.js';
import { failUnsigned } from './failUnsigned.js';
import type { GatewayContext } from './GatewayContext.js';
import { killSwitchStep } from './killSwitchStep.js';
import { afterBroadcast } from './afterBroadcast.js';
import { receiptStep } from './receiptStep.js';
import { sendFailureStep } from './sendFailureStep.js';
import { settleStep } from './settleStep.js';
import { signStep } from './signStep.js';
import { windowStep } from './windowStep.js';

/** Parameters of {@link sendAndSettleStep}. */
export interface SendAndSettleStepParameters {
  /** The reserved execution. */
  readonly record: ExecutionRecord;
  /** Its reservation (`null` only for the reset of our own approval under the kill switch). */
  readonly reservationId: string | null;
  readonly chain: ChainInfo;
  readonly provider: RpcSender;
  readonly intent: ExecutionIntent;
  readonly gasLimit: bigint;
  readonly fees: FeeQuote;
  /** True only for the reset to zero of the gateway's own outstanding approval (`isOwnApprovalReset`). */
  readonly exempt: boolean;
  readonly options: ExecuteOptions;
}

/**
 * The end of the pipeline, once reserved: the in-flight window → the kill switch re-checked (not for the reset of
 * our own approval) → sign, record and broadcast in the nonce lane → the receipt (replacements within the fee
 * budget) → settle (`afterBroadcast`: once the bytes went out, a store that cannot record never turns the answer
 * into "nothing happened"). A refusal ends it with the record blocked and the reservation released; an error before
 * anything was handed to the record (the database or the ledger failed) fails it `INTERRUPTED` and releases the
 * reservation at once ({@link failUnsigned}).
 *
 * @example
 * ```ts
 * return sendAndSettleStep(ctx, { record, reservationId, chain, provider, intent, gasLimit, fees, exempt: false, options });
 * ```
 */
export async function sendAndSettleStep(
  ctx: GatewayContext,
  {
    record,
    reservationId,
    chain,
    provider,
    intent,
    gasLimit,
    fees,
    exempt,
    options,
  }: SendAndSettleStepParameters,
): Promise<ExecuteReturnType> {
  // Until a transaction is handed to the record nothing of this execution can reach the chain: an error on the way
  // (the database or the ledger failed) fails the record and releases the reservation at once ({@link failUnsigned}).
  const unsigned =
    (at: ExecutionRecord) =>
    async (error: unknown): Promise<never> => {
      if (!(error instanceof ExecutionMovedError) && at.transactions.length === 0 && reservationId !== null)
        await failUnsigned(ctx, at, reservationId, error);
      throw error;
    };
  const window = await windowStep(ctx, { chainId: chain.id }).catch(unsigned(record));
  if ('refusal' in window)
    return blockExecution(ctx, record, window.refusal, { reservationId }).catch(unsigned(record));
  let signed: Awaited<ReturnType<typeof signStep>>;
  try {
    const killedSince = exempt ? null : await killSwitchStep(ctx, 'signing');
    if (killedSince) return await blockExecution(ctx, record, killedSince, { reservationId });
    signed = await signStep(ctx, {
      passesKillSwitch: exempt,
      record,
      intent,
      chain,
      provider,
      gasLimit,
      fees,
      onRecorded: window.slot,
    });
  } catch (error) {
    return unsigned(record)(error);
  } finally {
    window.slot();
  }
  // The kill switch engaged while this send queued in the nonce lane: nothing was signed.
  if ('killed' in signed)
    return blockExecution(ctx, signed.record, signed.killed, { reservationId }).catch(
      unsigned(signed.record),
    );
  if ('error' in signed) return sendFailureStep(ctx, { ...signed, reservationId });
  return afterBroadcast(ctx, signed.record, signed.sent, async (pending) => {
    const receipt = await receiptStep(ctx, { provider, chain, record: pending, fees });
    if (receipt === null) return { record: (await ctx.store.get(record.id)) ?? pending, receipt: null };
    return {
      record: await settleStep(ctx, { id: record.id, receipt, describeResult: options.describeResult }),
      receipt,
    };
  });
}
