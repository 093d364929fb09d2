import {
  parseAddress,
  type ChainInfo,
  checkAcquiredTokens,
  computeAmountOutMin,
  decodeUint256,
  getSwapTokenList,
  priceInNative,
  quoteSwap,
  type ResolvedSwapToken,
  type Refusal,
  resolveSwapToken,
  type SwapQuote,
  type SwapToken,
  type SwapTokenInput,
} from '@org/chain-evm';
import type { SecurityReport } from '@org/token-safety';
import type { JsonRpcProvider } from 'ethers';
import type { ChainProviders } from '../ChainProviders.js';
import { routersOf } from '../dca/readWalletFunds.js';
import type { SecurityService } from '../SecurityService.js';
import { allowanceCallData } from './readAllowance.js';

/** A chain with its provider and a resolved pair of tokens: what every quote of a swap starts from. */
export interface SwapPair {
  readonly chain: ChainInfo;
  readonly provider: JsonRpcProvider;
  readonly timeoutMs: number;
  readonly tokenIn: ResolvedSwapToken;
  readonly tokenOut: ResolvedSwapToken;
}

/** One fresh quote of a pair, and what was read on the way. */
export interface PlannedSwap {
  readonly quote: SwapQuote;
  /** The quote less the slippage cap. */
  readonly amountOutMin: bigint;
  /**
   * What the gateway would charge for what is spent (before gas): exact for native in, priced on chain for an
   * ERC-20 (null when it cannot be priced); only computed when asked (`price: true`).
   */
  readonly valueWei: bigint | null;
  /** The recent safety report of the token bought (null for the native currency). */
  readonly report: SecurityReport | null;
  /** The safety verdict on that report (what the gateway's gate would say); null when allowed or not asked. */
  readonly verdict: Refusal | null;
  /**
   * Token in's allowance from `allowanceOwner` to each router a swap may call (lowercase router address), read in
   * the quote's own batch at its block; a router whose allowance could not be read is absent. Empty when not asked
   * or when token in is native.
   */
  readonly allowances: ReadonlyMap<string, bigint>;
}

/** Parameters of {@link SwapPlanner.plan}. */
export interface PlanSwapParameters {
  readonly pair: SwapPair;
  /** Base units of token in. */
  readonly amountIn: bigint;
  readonly slippageBps: number;
  /** Price what is spent in ETH-equivalent wei, read while the route is quoted. */
  readonly price: boolean;
  /** Judge the recent safety report of the token bought (informs a quote; the gateway decides on a fresh one). */
  readonly verdict: boolean;
  /** Also read token in's allowance from this owner to each router, in the quote's batch (no extra request). */
  readonly allowanceOwner?: `0x${string}` | undefined;
}

const MAX_CACHED_TOKENS = 1_000;

/**
 * The chain-facing half of a swap, shared by `/swap/*` and the DCA executor: resolves the tokens of a pair on a
 * chain (token list first; an address off the list is read from the chain once and remembered — token metadata
 * does not change), then quotes it over Uniswap V2/V3 with the fee-on-transfer declarations of the tokens' recent
 * safety reports, and optionally prices what is spent as the gateway would. Nothing here signs: building the
 * intent and running it through the gateway is `buildSwapIntent` / `executeSwapIntent`.
 *
 * @example
 * ```ts
 * const pair = await planner.resolvePair({ chain: 'base', tokenIn: 'USDC', tokenOut: 'ETH' });
 * const { quote, amountOutMin } = await planner.plan({ pair, amountIn: 10_000_000n, slippageBps: 50, price: false, verdict: false });
 * ```
 */
export class SwapPlanner {
  readonly #providers: ChainProviders;
  readonly #security: SecurityService;
  readonly #extraTokens: ReadonlyMap<number, readonly SwapTokenInput[]>;
  readonly #minLiquidityWei: bigint;
  readonly #twapBound: { maxTwapDeviationBps?: number };
  /** Tokens read from the chain (off the list), by `chainId:address`. */
  readonly #read = new Map<string, ResolvedSwapToken>();

  constructor({
    providers,
    security,
    extraTokens,
    minLiquidityWei,
    maxTwapDeviationBps,
  }: {
    providers: ChainProviders;
    security: SecurityService;
    /** Tokens added to a chain's list (the devnet's deployed tokens). */
    extraTokens: ReadonlyMap<number, readonly SwapTokenInput[]>;
    /**
     * The gateway's liquidity floor (the same value a quote shows is what execute charges), applied to a pool's
     * depth; quotes route only through pools that deep.
     */
    minLiquidityWei: bigint;
    /** The V3 TWAP bound of the pricing rules (`PRICING_MAX_TWAP_DEVIATION_BPS`; default 500). */
    maxTwapDeviationBps?: number;
  }) {
    this.#providers = providers;
    this.#security = security;
    this.#extraTokens = extraTokens;
    this.#minLiquidityWei = minLiquidityWei;
    this.#twapBound = maxTwapDeviationBps === undefined ? {} : { maxTwapDeviationBps };
  }

  /** The chain's swap token list (the registry's, plus the configured extra tokens). */
  tokenList(chain: ChainInfo): readonly SwapToken[] {
    const extraTokens = this.#extraTokens.get(chain.id);
    return getSwapTokenList({ chain, ...(extraTokens ? { extraTokens } : {}) });
  }

  /** The chain (name, alias or id; the default when omitted) with its provider, and both tokens resolved. */
  async resolvePair({
    chain: name,
    tokenIn,
    tokenOut,
  }: {
    chain: string | undefined;
    tokenIn: string;
    tokenOut: string;
  }): Promise<SwapPair> {
    const { chain, provider, timeoutMs } = await this.#providers.get(name);
    const [resolvedIn, resolvedOut] = await Promise.all([
      this.#resolve(chain, provider, timeoutMs, tokenIn),
      this.#resolve(chain, provider, timeoutMs, tokenOut),
    ]);
    return { chain, provider, timeoutMs, tokenIn: resolvedIn, tokenOut: resolvedOut };
  }

  /**
   * One token of a chain: the native symbol and the token list need no I/O, a token read from the chain before is
   * remembered; any other is read from the chain (the node must answer).
   */
  async resolveToken({ chain, token }: { chain: ChainInfo; token: string }): Promise<ResolvedSwapToken> {
    const known = this.#read.get(tokenCacheKey(chain, token));
    if (known) return known;
    try {
      return await resolveSwapToken({ chain, token, tokens: this.tokenList(chain) });
    } catch {
      const { provider, timeoutMs } = await this.#providers.get(String(chain.id));
      return this.#resolve(chain, provider, timeoutMs, token);
    }
  }

  async #resolve(
    chain: ChainInfo,
    provider: JsonRpcProvider,
    timeoutMs: number,
    token: string,
  ): Promise<ResolvedSwapToken> {
    const key = tokenCacheKey(chain, token);
    const known = this.#read.get(key);
    if (known) return known;
    const resolved = await resolveSwapToken({
      chain,
      token,
      tokens: this.tokenList(chain),
      provider,
      timeoutMs,
    });
    if (resolved.source === 'chain') {
      this.#read.set(key, resolved);
      if (this.#read.size > MAX_CACHED_TOKENS) {
        const oldest = this.#read.keys().next().value;
        if (oldest !== undefined) this.#read.delete(oldest);
      }
    }
    return resolved;
  }

  /**
   * What `amountIn` of the pair's token in is worth in ETH-equivalent wei, as the gateway prices what is spent: exact
   * for the native currency, else on chain (Uniswap V2/V3 against WETH, pools under the liquidity floor ignored);
   * null when it cannot be priced.
   */
  async price({ pair, amountIn }: { pair: SwapPair; amountIn: bigint }): Promise<bigint | null> {
    const { chain, provider, timeoutMs, tokenIn } = pair;
    if (tokenIn.native) return amountIn;
    const priced = await priceInNative({
      provider,
      chain,
      amounts: [{ token: tokenIn.address, amount: amountIn }],
      minLiquidityWei: this.#minLiquidityWei,
      ...this.#twapBound,
      timeoutMs,
    });
    return priced.totalWei;
  }

  /** One fresh quote of `amountIn` over the pair (see {@link PlanSwapParameters}). */
  async plan({
    pair,
    amountIn,
    slippageBps,
    price,
    verdict,
    allowanceOwner,
  }: PlanSwapParameters): Promise<PlannedSwap> {
    const { chain, provider, timeoutMs, tokenIn, tokenOut } = pair;
    const pricing = price
      ? this.price({ pair, amountIn })
      : Promise.resolve(tokenIn.native ? amountIn : null);
    // Awaited below; until then a rejection must not count as unhandled (it would end the process).
    pricing.catch(() => undefined);
    // Recent reports are enough here: they only choose fee-on-transfer routing and inform the quote. Selling loses
    // the token's sell tax on the way into the pool; buying loses its buy tax on the way out to the wallet — a token
    // out with a buy tax is routed through the V2 `…SupportingFeeOnTransferTokens` functions (the minimum is then
    // enforced on what the wallet receives; the gateway refuses any other route for it).
    const [report, feeIn] = await Promise.all([
      tokenOut.native ? Promise.resolve(null) : this.#security.recentEvmReport(chain.id, tokenOut.address),
      tokenIn.native ? Promise.resolve(null) : this.#security.recentEvmReport(chain.id, tokenIn.address),
    ]);
    const transferFeeBps = {
      ...(feeIn?.tax.sellTax ? { tokenIn: transferFee(feeIn.tax.sellTax) } : {}),
      ...(report?.tax.buyTax ? { tokenOut: transferFee(report.tax.buyTax) } : {}),
    };
    const routers = allowanceOwner === undefined || tokenIn.native ? [] : routersOf(pair);
    const quote = await quoteSwap({
      provider,
      chain,
      tokenIn: tokenIn.ref,
      tokenOut: tokenOut.ref,
      amountIn,
      timeoutMs,
      // Routes only through pools deep enough to be price sources (the gateway's rules).
      minLiquidityWei: this.#minLiquidityWei,
      ...this.#twapBound,
      ...(Object.keys(transferFeeBps).length > 0 ? { transferFeeBps } : {}),
      ...(routers.length > 0
        ? {
            readAlso: routers.map((router) => ({
              target: tokenIn.address,
              callData: allowanceCallData(allowanceOwner as string, router),
              allowFailure: true,
            })),
          }
        : {}),
    });
    const allowances = new Map<string, bigint>();
    routers.forEach((router, i) => {
      const r = quote.alsoRead?.[i];
      const value = r?.success ? decodeUint256(r.returnData) : null;
      if (value !== null) allowances.set(router.toLowerCase(), value);
    });
    return {
      quote,
      amountOutMin: computeAmountOutMin({ amountOut: quote.amountOut, slippageBps }),
      valueWei: await pricing,
      report,
      verdict: report && verdict ? checkAcquiredTokens({ reports: [report] }) : null,
      allowances,
    };
  }
}

/**
 * A measured tax (percent) as the transfer fee a quote declares, in basis points rounded up, at most 9,999 (a
 * 100% tax leaves nothing to quote; the safety gate refuses it anyway).
 */
function transferFee(percent: number): number {
  return Math.min(Math.ceil(percent * 100), 9_999);
}

/**
 * The key of a token read from the chain: an address is checked first (wrong length, `0X`, a bad EIP-55 checksum →
 * `INVALID_ADDRESS`), so that a malformed spelling of a remembered token is refused, never answered from the cache.
 */
function tokenCacheKey(chain: ChainInfo, token: string): string {
  const text = /^0x/i.test(token) ? parseAddress({ address: token }) : token;
  return `${chain.id}:${text.toLowerCase()}`;
}
