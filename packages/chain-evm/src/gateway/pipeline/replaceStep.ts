import { Transaction } from 'ethers';
import type { ChainInfo } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import { ExecutionMovedError } from '../ExecutionMovedError.js';
import { UNSETTLED_STATUSES } from '../store/storeInput.js';
import type { BroadcastTransaction, ExecutionRecord, FeeQuote, Hex } from '../types.js';
import { broadcastStep } from './broadcastStep.js';
import { feeBudgetOf } from './feeBudgetOf.js';
import type { GatewayContext } from './GatewayContext.js';
import { killSwitchStep } from './killSwitchStep.js';
import { maxFeeOf } from './maxFeeOf.js';
import { moveExecution } from './moveExecution.js';
import { signGatewayTransaction } from './signGatewayTransaction.js';
import { topUpFeesStep } from './topUpFeesStep.js';
import { writeExecution } from './writeExecution.js';

/** What {@link replaceStep} did. */
export type ReplaceStepReturnType =
  /** Replaced: wait on every hash, with these fees as the next replacement's floor. */
  | { readonly kind: 'replaced'; readonly record: ExecutionRecord; readonly fees: FeeQuote }
  /** Nothing now (at the fee ceiling, or the record moved under the write): try again after the next wait. */
  | { readonly kind: 'wait'; readonly record: ExecutionRecord }
  /** No replacement from now on (kill switch, an operator's cancel, the governor refused the fee): only wait. */
  | { readonly kind: 'stop'; readonly record: ExecutionRecord }
  /** Settled by another writer meanwhile: nothing to wait for. */
  | { readonly kind: 'settled' };

/**
 * One replacement of a stuck transaction — decided on the record and the kill switch as they are now (the kill switch
 * read first and again immediately before signing): after a kill nothing new is sent, and an operator's cancel owns the nonce. Same nonce, call, value and gas limit; fees at least
 * 12.5% up and what the network asks now, never above the ceiling; its worst case (gas limit × max fee) within the
 * fee budget the governor holds, topped up first when the network asks more (refused → not replaced). Recorded
 * before it is broadcast; a refused broadcast (the original was just mined) is left to the receipt wait.
 *
 * @example
 * ```ts
 * const step = await replaceStep(ctx, { provider, chain, record, fees });
 * ```
 */
export async function replaceStep(
  ctx: GatewayContext,
  {
    provider,
    chain,
    record,
    fees,
  }: {
    readonly provider: RpcSender;
    readonly chain: ChainInfo;
    readonly record: ExecutionRecord;
    readonly fees: FeeQuote;
  },
): Promise<ReplaceStepReturnType> {
  let current = await ctx.store.get(record.id);
  if (!current || !UNSETTLED_STATUSES.includes(current.status)) return { kind: 'settled' };
  if (current.cancelRequestedAt !== null || (await killSwitchStep(ctx, 'signing')))
    return { kind: 'stop', record: current };
  const latest = await ctx.steps.estimateFees({ provider, chain }).catch(() => fees);
  const next = ctx.steps.bumpFees({
    previous: fees,
    current: latest,
    ceilingWei: ctx.settings.feeCeilingWei,
  });
  if (next === null) return { kind: 'wait', record: current };
  const last = current.transactions.at(-1) as BroadcastTransaction;
  const need = last.gasLimit * maxFeeOf(next);
  if (need > feeBudgetOf(ctx.settings, current)) {
    const topped = await topUpFeesStep(ctx, { record: current, need, maxFeePerGas: maxFeeOf(next) });
    if (!topped.ok) return { kind: 'stop', record: topped.record };
    current = topped.record;
  }
  // Read again right before signing: the fee read and the top-up took time, and a kill may have landed in it.
  if (await killSwitchStep(ctx, 'signing')) return { kind: 'stop', record: current };
  const call = Transaction.from(last.raw);
  const tx = await signGatewayTransaction(ctx, {
    chainId: chain.id,
    nonce: last.nonce,
    to: current.to,
    data: call.data as Hex,
    value: call.value,
    gasLimit: last.gasLimit,
    fees: next,
  });
  try {
    current = await writeExecution(ctx, current, { transaction: tx });
  } catch (error) {
    // Moved meanwhile (a cancel request, a reconcile pass): not sent; look again next round.
    if (!(error instanceof ExecutionMovedError)) throw error;
    return { kind: 'wait', record: error.record };
  }
  current = (await moveExecution(ctx, current, ['signed'], { status: 'pending' })) ?? current;
  try {
    await broadcastStep(ctx, { provider, chainId: chain.id, raw: tx.raw });
    ctx.emit({ type: 'broadcast', executionId: current.id, hash: tx.hash, nonce: tx.nonce });
  } catch {
    // Refused (e.g. the original was just mined): the receipt wait finds it.
  }
  return { kind: 'replaced', record: current, fees: next };
}
