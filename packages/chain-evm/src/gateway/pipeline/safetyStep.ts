import type { Address, ChainInfo } from '../../chains/chains.js';
import { isSwapLike } from '../actions/isSwapLike.js';
import { checkAcquiredTokens } from '../checkAcquiredTokens.js';
import { checkTaxedBuyRoute } from '../checkTaxedBuyRoute.js';
import type { Refusal } from '../checkPolicy.js';
import type { ConfirmationRecord, ExecutionIntent } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/**
 * The safety of every token the intent acquires: the token-safety report of each (read in parallel) and the
 * verdict on them — `unsafe` is the refusal (`TOKEN_UNSAFE`, `TOKEN_SAFETY_UNKNOWN`, a buy or sell tax above the limit, a taxed buy on
 * a route that does not check what the wallet receives) or
 * `null`; `safety` is what a held action shows the operator.
 *
 * @example
 * ```ts
 * const { unsafe, safety } = await safetyStep(ctx, { chain, intent });
 * ```
 */
export async function safetyStep(
  ctx: GatewayContext,
  { chain, intent }: { readonly chain: ChainInfo; readonly intent: ExecutionIntent },
): Promise<{ readonly safety: ConfirmationRecord['safety']; readonly unsafe: Refusal | null }> {
  const reports = await Promise.all(
    intent.acquires.map((t) => ctx.tokenSafety.getReport({ chain: chain.id, address: t.token })),
  );
  const safety = reports.map((r, i) => ({
    token: intent.acquires[i]?.token as Address,
    isHoneypot: r.tax.isHoneypot,
    buyTax: r.tax.buyTax,
    sellTax: r.tax.sellTax,
  }));
  const acquired =
    reports.length === 0
      ? null
      : checkAcquiredTokens({
          reports,
          ...(intent.maxSellTaxBps === undefined ? {} : { maxSellTaxBps: intent.maxSellTaxBps }),
          ...(intent.maxBuyTaxBps === undefined ? {} : { maxBuyTaxBps: intent.maxBuyTaxBps }),
        });
  // A taxed buy on a route that checks the pool's output, not the wallet's, is a harm like an excessive tax.
  const unsafe =
    acquired !== null && acquired.code !== 'TOKEN_SAFETY_UNKNOWN'
      ? acquired
      : (checkTaxedBuyRoute({
          intent,
          chain,
          reports,
          swapLike: isSwapLike({ actions: ctx.actions, action: intent.action }),
        }) ?? acquired);
  return { safety, unsafe };
}
