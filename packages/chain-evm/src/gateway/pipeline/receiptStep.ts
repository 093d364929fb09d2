import type { ChainInfo } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { GatewayReceipt } from '../gatewayTypes.js';
import type { ExecutionRecord, FeeQuote } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';
import { replaceStep } from './replaceStep.js';

/**
 * Waits for the receipt of any of the execution's hashes, up to `receiptTimeoutMs`; a transaction not mined after
 * `replaceAfterMs` is replaced ({@link replaceStep}), at most `maxReplacements` times. `null` when nothing was mined in
 * time (the execution stays pending, its reservation counted; the reconciler finishes it) or another writer settled
 * it.
 *
 * @example
 * ```ts
 * const receipt = await receiptStep(ctx, { provider, chain, record, fees });
 * ```
 */
export async function receiptStep(
  ctx: GatewayContext,
  {
    provider,
    chain,
    record,
    fees: firstFees,
  }: {
    readonly provider: RpcSender;
    readonly chain: ChainInfo;
    readonly record: ExecutionRecord;
    readonly fees: FeeQuote;
  },
): Promise<GatewayReceipt | null> {
  const { receiptTimeoutMs, replaceAfterMs, maxReplacements } = ctx.settings;
  const deadline = ctx.clock() + receiptTimeoutMs;
  let fees = firstFees;
  let current = record;
  let replacements = 0;
  for (;;) {
    const remaining = deadline - ctx.clock();
    if (remaining <= 0) return null;
    const receipt = await ctx.steps.waitForReceipt({
      provider,
      chainId: chain.id,
      hashes: current.transactions.map((t) => t.hash),
      timeoutMs: replacements < maxReplacements ? Math.min(remaining, replaceAfterMs) : remaining,
    });
    if (receipt) return receipt;
    if (replacements >= maxReplacements || ctx.clock() >= deadline) return null;
    const step = await replaceStep(ctx, { provider, chain, record: current, fees });
    if (step.kind === 'settled') return null;
    current = step.record;
    if (step.kind === 'stop') replacements = maxReplacements;
    if (step.kind === 'replaced') {
      fees = step.fees;
      replacements++;
    }
  }
}
