import type { ChainInfo } from '../chains/chains.js';
import { v2RouterInterface } from '../swap/swapInterfaces.js';
import type { SafetyVerdictInput } from './checkAcquiredTokens.js';
import type { Refusal } from './checkPolicy.js';
import type { ExecutionIntent } from './types.js';

/** Parameters of {@link checkTaxedBuyRoute}. */
export interface CheckTaxedBuyRouteParameters {
  /** The intent to check. */
  readonly intent: ExecutionIntent;
  /** Whether the intent's action module is a swap (`ActionModule.swapLike`: `swap`, `dca-fill`); others pass. */
  readonly swapLike: boolean;
  /** The configured chain of the intent. */
  readonly chain: ChainInfo;
  /** One report per token the intent acquires. */
  readonly reports: readonly SafetyVerdictInput[];
}

/** The router functions that enforce `amountOutMin` on the recipient's balance delta, not on the pool's output. */
const BALANCE_CHECKED = new Set(
  [
    'swapExactTokensForTokensSupportingFeeOnTransferTokens',
    'swapExactETHForTokensSupportingFeeOnTransferTokens',
    'swapExactTokensForETHSupportingFeeOnTransferTokens',
  ].map((name) => v2RouterInterface.getFunction(name)?.selector as string),
);

/**
 * Pure: a swap (any action whose module is `swapLike`: `swap`, `dca-fill`) that acquires a token with a known buy tax must settle against what the wallet receives. Only the
 * Uniswap V2 Router02's `…SupportingFeeOnTransferTokens` functions check `amountOutMin` against the recipient's
 * balance; V3 and the plain V2 functions check the pool's output, so a 90% buy tax would pass their minimum and
 * the wallet would get a tenth of it. Any other swap of such a token → `FEE_ON_TRANSFER_ROUTE_REQUIRED` (a proven
 * harm: refused, never held). An unknown buy tax is the safety gate's business (`TOKEN_SAFETY_UNKNOWN`). `null`
 * means allowed.
 *
 * @example
 * ```ts
 * checkTaxedBuyRoute({ intent, chain, reports, swapLike: true }); // null, or { code: 'FEE_ON_TRANSFER_ROUTE_REQUIRED', … }
 * ```
 */
export function checkTaxedBuyRoute({
  intent,
  chain,
  reports,
  swapLike,
}: CheckTaxedBuyRouteParameters): Refusal | null {
  if (!swapLike) return null;
  // Stryker disable next-line ConditionalExpression: equivalent — an unknown (null) tax is never > 0 either
  const taxed = reports.find((r) => typeof r.tax.buyTax === 'number' && r.tax.buyTax > 0);
  if (taxed === undefined) return null;
  const v2Router = chain.contracts.uniswapV2?.router02;
  const onV2 = typeof v2Router === 'string' && v2Router.toLowerCase() === intent.to.toLowerCase();
  if (onV2 && BALANCE_CHECKED.has(intent.data.slice(0, 10).toLowerCase())) return null;
  return {
    code: 'FEE_ON_TRANSFER_ROUTE_REQUIRED',
    reason:
      `${taxed.token} takes a ${taxed.tax.buyTax}% buy tax: only the Uniswap V2 …SupportingFeeOnTransferTokens ` +
      'functions check what the wallet receives (V3 and plain V2 check the pool’s output)',
  };
}
