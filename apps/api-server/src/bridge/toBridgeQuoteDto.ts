import { type ChainInfo, checkAcquiredTokens, type LifiQuote, type ResolvedSwapToken } from '@org/chain-evm';
import { formatEther } from '@org/governor';
import type { SecurityReport } from '@org/token-safety';
import { formatUnits } from 'ethers';
import type { BridgeQuoteDto } from '../dto/bridge.js';
import type { TokenAmountDto } from '../dto/swap.js';

/**
 * The client's view of a checked bridge quote: amounts in human and base units, fees, gas, duration, tools, the
 * target and spender, the value the governor would be charged, and the safety verdict on the destination token.
 *
 * @example
 * ```ts
 * book.add({ quote, request, createdAt, dto: (id) => toBridgeQuoteDto({ id, createdAt, ttlMs, …, quote, report, valueWei }) });
 * ```
 */
export function toBridgeQuoteDto(p: {
  id: string;
  createdAt: number;
  ttlMs: number;
  from: ChainInfo;
  to: ChainInfo;
  fromToken: ResolvedSwapToken;
  toToken: ResolvedSwapToken;
  amount: bigint;
  slippageBps: number;
  /** The value lost by the least that may arrive (`checkBridgeValueLoss`). */
  lossBps: number;
  quote: LifiQuote;
  /** The destination token's report (null for a native coin). */
  report: SecurityReport | null;
  /** What the governor would be charged before gas; null when unpriceable. */
  valueWei: bigint | null;
}): BridgeQuoteDto {
  const { quote, report } = p;
  const tx = quote.transactionRequest;
  const verdict = report ? checkAcquiredTokens({ reports: [report] }) : null;
  return {
    id: p.id,
    createdAt: new Date(p.createdAt).toISOString(),
    freshUntil: new Date(p.createdAt + p.ttlMs).toISOString(),
    fromChain: { id: p.from.id, name: p.from.name },
    toChain: { id: p.to.id, name: p.to.name },
    amountIn: tokenAmount(p.from, p.fromToken, p.amount),
    amountOut: tokenAmount(p.to, p.toToken, quote.estimate.toAmount),
    amountOutMin: tokenAmount(p.to, p.toToken, quote.estimate.toAmountMin),
    slippageBps: p.slippageBps,
    lossBps: p.lossBps,
    fees: quote.estimate.feeCosts.map((fee) => ({
      name: fee.name,
      included: fee.included,
      amount: {
        symbol: fee.token.symbol,
        token: fee.token.address,
        amount: formatUnits(fee.amount, fee.token.decimals),
        amountBase: fee.amount.toString(),
        decimals: fee.token.decimals,
      },
    })),
    gasWei: quote.estimate.gasCosts.reduce((sum, gas) => sum + gas.amount, 0n).toString(),
    durationSeconds: quote.estimate.executionDurationSeconds,
    tool: quote.tool,
    tools: [...new Set(quote.includedSteps.map((s) => s.tool))],
    target: tx.to,
    spender: quote.estimate.approvalAddress,
    nativeValue: eth(tx.value),
    value: p.valueWei === null ? null : eth(p.valueWei),
    safety: report
      ? {
          allowed: verdict === null,
          code: verdict?.code ?? null,
          reason: verdict?.reason ?? null,
          isHoneypot: report.tax.isHoneypot,
          buyTax: report.tax.buyTax,
          sellTax: report.tax.sellTax,
          isSafe: report.isSafe,
          safetyScore: report.safetyScore,
        }
      : null,
  };
}

function eth(wei: bigint) {
  return { eth: formatEther(wei), wei: wei.toString() };
}

function tokenAmount(chain: ChainInfo, token: ResolvedSwapToken, base: bigint): TokenAmountDto {
  return {
    symbol: token.native ? chain.nativeSymbol : token.symbol,
    token: token.native ? 'native' : token.address,
    amount: formatUnits(base, token.decimals),
    amountBase: base.toString(),
    decimals: token.decimals,
  };
}
