import {
  type ChainInfo,
  checkAcquiredTokens,
  computeAmountOutMin,
  getSwapTokenList,
  quoteSwap,
  type ResolvedSwapToken,
  resolveSwapToken,
  type SwapToken,
  type SwapTokenInput,
} from '@org/chain-evm';
import { formatEther } from '@org/governor';
import { formatUnits } from 'ethers';
import type { SwapQuoteDto, SwapTokenListDto, TokenAmountDto } from '../dto/swap.js';
import { ApiProblem } from '../http/ApiProblem.js';
import { parseDecimalAmount } from '../http/parseDecimalAmount.js';
import type { ChainProviders } from './ChainProviders.js';
import type { SecurityService } from './SecurityService.js';

/** Swaps on Uniswap V2/V3: the token lists and quotes (`/swap/tokens`, `/swap/quote`). */
export class SwapService {
  readonly #providers: ChainProviders;
  readonly #security: SecurityService;
  readonly #extraTokens: ReadonlyMap<number, readonly SwapTokenInput[]>;
  readonly #maxSlippageBps: number;

  constructor({
    providers,
    security,
    extraTokens,
    maxSlippageBps,
  }: {
    providers: ChainProviders;
    security: SecurityService;
    /** Tokens added to a chain's list (the devnet's deployed tokens). */
    extraTokens: ReadonlyMap<number, readonly SwapTokenInput[]>;
    maxSlippageBps: number;
  }) {
    this.#providers = providers;
    this.#security = security;
    this.#extraTokens = extraTokens;
    this.#maxSlippageBps = maxSlippageBps;
  }

  tokens(chain: string | undefined): SwapTokenListDto {
    const info = this.#providers.resolve(chain);
    return {
      chain: { id: info.id, name: info.name },
      native: { symbol: info.nativeSymbol, decimals: info.nativeDecimals },
      tokens: this.#list(info).map((t) => ({ ...t })),
    };
  }

  async quote(p: {
    chain: string | undefined;
    tokenIn: string;
    tokenOut: string;
    amountIn: string;
    slippageBps?: number;
  }): Promise<SwapQuoteDto> {
    const slippageBps = p.slippageBps ?? Math.min(50, this.#maxSlippageBps);
    if (!Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps > this.#maxSlippageBps) {
      throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
        fields: { slippageBps: `must be an integer from 0 to ${this.#maxSlippageBps} (MAX_SLIPPAGE_BPS)` },
      });
    }
    const { chain, provider, timeoutMs } = await this.#providers.get(p.chain);
    const tokens = this.#list(chain);
    const [tokenIn, tokenOut] = await Promise.all([
      resolveSwapToken({ chain, token: p.tokenIn, tokens, provider, timeoutMs }),
      resolveSwapToken({ chain, token: p.tokenOut, tokens, provider, timeoutMs }),
    ]);
    const amountIn = parseDecimalAmount({ field: 'amountIn', text: p.amountIn, decimals: tokenIn.decimals });
    const [report, feeIn] = await Promise.all([
      tokenOut.native ? Promise.resolve(null) : this.#security.evmReport(chain.id, tokenOut.address),
      tokenIn.native ? Promise.resolve(null) : this.#security.evmReport(chain.id, tokenIn.address),
    ]);
    const transferFeeBps = {
      ...(feeIn?.tax.sellTax ? { tokenIn: Math.ceil(feeIn.tax.sellTax * 100) } : {}),
      ...(report?.tax.sellTax ? { tokenOut: Math.ceil(report.tax.sellTax * 100) } : {}),
    };
    const quote = await quoteSwap({
      provider,
      chain,
      tokenIn: tokenIn.ref,
      tokenOut: tokenOut.ref,
      amountIn,
      timeoutMs,
      ...(Object.keys(transferFeeBps).length > 0 ? { transferFeeBps } : {}),
    });
    const amountOutMin = computeAmountOutMin({ amountOut: quote.amountOut, slippageBps });
    const verdict = report ? checkAcquiredTokens({ reports: [report] }) : null;
    return {
      chain: { id: chain.id, name: chain.name },
      amountIn: amount(chain, tokenIn, amountIn),
      amountOut: amount(chain, tokenOut, quote.amountOut),
      amountOutMin: amount(chain, tokenOut, amountOutMin),
      slippageBps,
      route: {
        protocol: quote.route.protocol,
        router: quote.route.router,
        path: [...quote.route.path],
        fees: [...quote.route.fees],
        pools: [...quote.route.pools],
      },
      priceImpactBps: quote.priceImpactBps === null ? null : quote.priceImpactBps.toString(),
      gasEstimate: quote.gasEstimate.toString(),
      // On-chain pricing of ERC-20s spent lands with the gateway's pricing step; until then only native ETH in
      // has a known value (fail closed: null, never 0 and never the raw amount).
      value: tokenIn.native ? { eth: formatEther(amountIn), wei: amountIn.toString() } : null,
      safety: report
        ? {
            allowed: verdict === null,
            code: verdict?.code ?? null,
            reason: verdict?.reason ?? null,
            isHoneypot: report.tax.isHoneypot,
            sellTax: report.tax.sellTax,
            isSafe: report.isSafe,
            safetyScore: report.safetyScore,
          }
        : null,
      blockNumber: Number(quote.blockNumber),
    };
  }

  #list(chain: ChainInfo): readonly SwapToken[] {
    const extraTokens = this.#extraTokens.get(chain.id);
    return getSwapTokenList({ chain, ...(extraTokens ? { extraTokens } : {}) });
  }
}

function amount(chain: ChainInfo, token: ResolvedSwapToken, base: bigint): TokenAmountDto {
  return {
    symbol: token.native ? chain.nativeSymbol : token.symbol,
    token: token.native ? 'native' : token.address,
    amount: formatUnits(base, token.decimals),
    amountBase: base.toString(),
    decimals: token.decimals,
  };
}
