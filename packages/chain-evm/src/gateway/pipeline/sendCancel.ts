import { resolveChain } from '../../chains/resolveChain.js';
import { CancelError } from '../../errors/CancelError.js';
import type { ExecutionRecord, FeeQuote } from '../types.js';
import { broadcastStep } from './broadcastStep.js';
import { feeBudgetOf } from './feeBudgetOf.js';
import type { GatewayContext } from './GatewayContext.js';
import { maxFeeOf } from './maxFeeOf.js';
import { moveExecution } from './moveExecution.js';
import { shortMessageOf } from './shortMessageOf.js';
import { signGatewayTransaction } from './signGatewayTransaction.js';
import { writeExecution } from './writeExecution.js';

/** Gas of a cancel: a plain transfer to the wallet itself. */
const CANCEL_GAS = 21_000n;

/**
 * Sends the operator's same-nonce cancel of a `signed`/`pending` execution: a 0-value transfer to the wallet itself
 * with the execution's nonce, paying more than every transaction of it (each fee at least +12.5%, and what the
 * network asks now; never above the fee ceiling), within the fee budget the governor holds for it. The one thing
 * sent while the kill switch is engaged. Recorded before it is broadcast; whichever transaction is mined settles the
 * execution. Throws {@link CancelError} (`CANCEL_ABOVE_FEE_CEILING`, `CANCEL_FEE_NOT_RESERVED` — nothing signed;
 * `CANCEL_NOT_SENT` — the node refused it).
 *
 * @example
 * ```ts
 * const withCancel = await sendCancel(ctx, record);
 * ```
 */
export async function sendCancel(ctx: GatewayContext, record: ExecutionRecord): Promise<ExecutionRecord> {
  const chain = resolveChain({ chain: record.chainId, registry: ctx.chains });
  const provider = await ctx.provider(chain.id);
  const last = record.transactions.at(-1);
  if (!last) throw new CancelError('EXECUTION_NOT_CANCELLABLE', `Execution ${record.id} has no transaction.`);
  let maxFeePerGas = 0n;
  let maxPriorityFeePerGas = 0n;
  for (const t of record.transactions) {
    if (t.maxFeePerGas > maxFeePerGas) maxFeePerGas = t.maxFeePerGas;
    const tip = t.maxPriorityFeePerGas ?? 0n;
    if (tip > maxPriorityFeePerGas) maxPriorityFeePerGas = tip;
  }
  const previous: FeeQuote =
    last.maxPriorityFeePerGas === null
      ? { kind: 'legacy', gasPrice: maxFeePerGas }
      : { kind: 'eip1559', baseFeePerGas: 0n, maxFeePerGas, maxPriorityFeePerGas };
  const network = await ctx.steps.estimateFees({ provider, chain }).catch(() => previous);
  const ceilingWei = ctx.settings.feeCeilingWei;
  const fees = ctx.steps.bumpFees({ previous, current: network, ceilingWei });
  if (fees === null) {
    throw new CancelError(
      'CANCEL_ABOVE_FEE_CEILING',
      `A cancel must pay more than ${maxFeePerGas} wei/gas, above the fee ceiling of ${ceilingWei}.`,
    );
  }
  const budget = feeBudgetOf(ctx.settings, record);
  if (CANCEL_GAS * maxFeeOf(fees) > budget) {
    throw new CancelError(
      'CANCEL_FEE_NOT_RESERVED',
      `The cancel may cost ${CANCEL_GAS * maxFeeOf(fees)} wei, more than the ${budget} wei held for the fees.`,
    );
  }
  const tx = await signGatewayTransaction(ctx, {
    chainId: chain.id,
    nonce: last.nonce,
    to: ctx.address,
    data: '0x',
    value: 0n,
    gasLimit: CANCEL_GAS,
    fees,
  });
  let current = await writeExecution(ctx, record, { transaction: tx });
  try {
    await broadcastStep(ctx, { provider, chainId: chain.id, raw: tx.raw });
  } catch (error) {
    current = (await moveExecution(ctx, current, ['signed'], { status: 'pending' })) ?? current;
    if (ctx.steps.isDefinitelyNotSent(error)) {
      throw new CancelError('CANCEL_NOT_SENT', 'The node refused the cancel.', {
        details: shortMessageOf(error),
      });
    }
    // Uncertain: it may be out there; the reconciler sends it again (cancels are sent even after a kill).
    return current;
  }
  current = (await moveExecution(ctx, current, ['signed'], { status: 'pending' })) ?? current;
  ctx.emit({
    type: 'cancel',
    executionId: record.id,
    hash: tx.hash,
    nonce: tx.nonce,
    by: record.cancelRequestedBy ?? 'operator',
  });
  return current;
}
