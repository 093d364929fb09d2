import {
  aggregate3,
  buildApproveTransaction,
  buildSwapTransaction,
  type ChainInfo,
  checkAcquiredTokens,
  decodeReceivedAmounts,
  decodeUint256,
  type ConfirmationRecord,
  type ExecutionGateway,
  type ExecutionIntent,
  type ExecutionRecord,
  type GatewayReceipt,
  type IdempotencyStore,
  computeAmountOutMin,
  getSwapTokenList,
  priceInNative,
  quoteSwap,
  type ResolvedSwapToken,
  resolveSwapToken,
  type SwapToken,
  type SwapTokenInput,
} from '@org/chain-evm';
import { formatEther } from '@org/governor';
import { formatUnits } from 'ethers';
import type {
  SwapExecuteRequestDto,
  SwapExecutionDto,
  SwapQuoteDto,
  SwapTokenListDto,
  TokenAmountDto,
} from '../dto/swap.js';
import { ApiProblem } from '../http/ApiProblem.js';
import { parseDecimalAmount } from '../http/parseDecimalAmount.js';
import type { ChainProviders } from './ChainProviders.js';
import { executionHttpStatus } from './executionHttpStatus.js';
import { runIdempotent } from './runIdempotent.js';
import type { SecurityService } from './SecurityService.js';
import { toConfirmationDto } from './toConfirmationDto.js';
import { toExecutionDto } from './toExecutionDto.js';

interface QuoteInput {
  chain: string | undefined;
  tokenIn: string;
  tokenOut: string;
  amountIn: string;
  slippageBps?: number;
}

/** Swaps on Uniswap V2/V3: token lists, quotes and execution through the gateway (`/swap/*`). */
export class SwapService {
  readonly #providers: ChainProviders;
  readonly #security: SecurityService;
  readonly #extraTokens: ReadonlyMap<number, readonly SwapTokenInput[]>;
  readonly #maxSlippageBps: number;
  readonly #minLiquidityWei: bigint;
  readonly #twapBound: { maxTwapDeviationBps?: number };
  readonly #gateway: ExecutionGateway | undefined;
  readonly #idempotency: IdempotencyStore;
  readonly #registry: readonly ChainInfo[];
  readonly #holdSeconds: number;

  constructor({
    providers,
    security,
    extraTokens,
    maxSlippageBps,
    gateway,
    idempotency,
    registry,
    minLiquidityWei,
    maxTwapDeviationBps,
    holdSeconds = 0,
  }: {
    /** How long a swap may wait for an operator's approval (0 when nothing is held): added to its deadline. */
    holdSeconds?: number;
    /**
     * The gateway's liquidity floor (the same value a quote shows is what execute charges), applied to a pool's
     * depth; quotes route only through pools that deep.
     */
    minLiquidityWei: bigint;
    /** The V3 TWAP bound of the pricing rules (`PRICING_MAX_TWAP_DEVIATION_BPS`; default 500). */
    maxTwapDeviationBps?: number;
    providers: ChainProviders;
    security: SecurityService;
    /** The one signer; absent when no wallet is configured (execute answers 503 WALLET_NOT_CONFIGURED). */
    gateway: ExecutionGateway | undefined;
    idempotency: IdempotencyStore;
    registry: readonly ChainInfo[];
    /** Tokens added to a chain's list (the devnet's deployed tokens). */
    extraTokens: ReadonlyMap<number, readonly SwapTokenInput[]>;
    maxSlippageBps: number;
  }) {
    this.#providers = providers;
    this.#security = security;
    this.#extraTokens = extraTokens;
    this.#maxSlippageBps = maxSlippageBps;
    this.#gateway = gateway;
    this.#idempotency = idempotency;
    this.#registry = registry;
    this.#minLiquidityWei = minLiquidityWei;
    this.#twapBound = maxTwapDeviationBps === undefined ? {} : { maxTwapDeviationBps };
    this.#holdSeconds = holdSeconds;
  }

  tokens(chain: string | undefined): SwapTokenListDto {
    const info = this.#providers.resolve(chain);
    return {
      chain: { id: info.id, name: info.name },
      native: { symbol: info.nativeSymbol, decimals: info.nativeDecimals },
      tokens: this.#list(info).map((t) => ({ ...t })),
    };
  }

  async quote(p: QuoteInput): Promise<SwapQuoteDto> {
    return (await this.#prepare(p, 'quote')).dto;
  }

  /** One fresh quote and everything resolved on the way (tokens, provider, fee-on-transfer declarations). */
  async #prepare(p: QuoteInput, mode: 'quote' | 'execute') {
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
    const forQuote = mode === 'quote';
    // What a quote shows about the value: exact for ETH in, priced on chain for an ERC-20 (read while the route is
    // quoted). An execution leaves pricing and the safety verdict to the gateway, which decides on fresh reads.
    const pricing =
      !forQuote || tokenIn.native
        ? Promise.resolve(tokenIn.native ? amountIn : null)
        : priceInNative({
            provider,
            chain,
            amounts: [{ token: tokenIn.address, amount: amountIn }],
            minLiquidityWei: this.#minLiquidityWei,
            ...this.#twapBound,
            timeoutMs,
          }).then((r) => r.totalWei);
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
    });
    const amountOutMin = computeAmountOutMin({ amountOut: quote.amountOut, slippageBps });
    const verdict = report && forQuote ? checkAcquiredTokens({ reports: [report] }) : null;
    const valueWei = await pricing;
    const dto: SwapQuoteDto = {
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
      // What the gateway would charge for what is spent (before gas): exact for ETH in, priced on chain for an ERC-20
      // (null when it cannot be priced: never 0 and never the raw amount).
      value: valueWei === null ? null : { eth: formatEther(valueWei), wei: valueWei.toString() },
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
      blockNumber: Number(quote.blockNumber),
    };
    return { dto, quote, tokenIn, tokenOut, chain, provider, timeoutMs, amountIn, amountOutMin };
  }

  /**
   * `POST /swap/execute`: a fresh quote, `amountOutMin` from it, an exact approval when the router's allowance is
   * short (itself a gateway execution), then the swap through the gateway. With an `Idempotency-Key`, a repeat of
   * the same body returns the first answer and never executes twice.
   */
  async execute(
    body: SwapExecuteRequestDto,
    idempotencyKey: string | undefined,
  ): Promise<{ status: number; body: SwapExecutionDto }> {
    return runIdempotent({
      store: this.#idempotency,
      key: idempotencyKey,
      body,
      run: (key) => this.#execute(body, key),
    });
  }

  async #execute(
    p: SwapExecuteRequestDto,
    idempotencyKey: string | undefined,
  ): Promise<{ status: number; body: SwapExecutionDto }> {
    const gateway = this.#gateway;
    if (gateway === undefined) {
      throw new ApiProblem(
        503,
        'WALLET_NOT_CONFIGURED',
        'No wallet is configured',
        'set WALLET_PRIVATE_KEY or WALLET_KEYSTORE_PATH',
      );
    }
    const deadlineSeconds = p.deadlineSeconds ?? 600;
    if (!Number.isInteger(deadlineSeconds) || deadlineSeconds < 30 || deadlineSeconds > 3_600) {
      throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
        fields: { deadlineSeconds: 'must be an integer from 30 to 3600' },
      });
    }
    const maxSellTaxBps = p.maxSellTaxBps ?? 1_000;
    const maxBuyTaxBps = p.maxBuyTaxBps ?? 1_000;
    for (const [field, limit] of [
      ['maxSellTaxBps', maxSellTaxBps],
      ['maxBuyTaxBps', maxBuyTaxBps],
    ] as const) {
      if (!Number.isInteger(limit) || limit < 0 || limit > 10_000) {
        throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
          fields: { [field]: 'must be an integer from 0 to 10000' },
        });
      }
    }
    const {
      dto: quoteDto,
      quote,
      tokenIn,
      tokenOut,
      chain,
      provider,
      timeoutMs,
      amountIn,
      amountOutMin,
    } = await this.#prepare(
      {
        chain: p.chain,
        tokenIn: p.tokenIn,
        tokenOut: p.tokenOut,
        amountIn: p.amountIn,
        ...(p.slippageBps === undefined ? {} : { slippageBps: p.slippageBps }),
      },
      'execute',
    );
    const router = quote.route.router;
    const tx = buildSwapTransaction({
      chain,
      quote,
      amountOutMin,
      recipient: gateway.address,
      // A swap that may wait for an operator keeps its deadline beyond the wait (the approval runs this calldata).
      deadline: BigInt(Math.floor(Date.now() / 1000) + deadlineSeconds + this.#holdSeconds),
    });
    const swapIntent: ExecutionIntent = {
      chainId: chain.id,
      action: 'swap',
      to: tx.to,
      data: tx.data,
      value: tx.value,
      spends: tokenIn.native ? [] : [{ token: tokenIn.address, amount: amountIn, ...meta(tokenIn) }],
      acquires: tokenOut.native ? [] : [{ token: tokenOut.address, amount: amountOutMin, ...meta(tokenOut) }],
      maxSellTaxBps,
      maxBuyTaxBps,
      description: `swap ${quoteDto.amountIn.amount} ${quoteDto.amountIn.symbol ?? ''} for at least ${quoteDto.amountOutMin.amount} ${quoteDto.amountOutMin.symbol ?? ''} (${quote.route.protocol})`,
    };
    const swapOptions = idempotencyKey ? { idempotencyKey } : {};
    let approval: ExecutionRecord | null = null;
    if (!tokenIn.native) {
      const allowance = await readAllowance(
        provider,
        chain,
        tokenIn.address,
        gateway.address,
        router,
        timeoutMs,
      );
      // An approval is sent only for a swap the gateway would not refuse on its value or on what it acquires:
      // otherwise the swap is executed as is, and the gateway records its refusal (nothing is sent).
      if (allowance < amountIn && (await gateway.assess(swapIntent)).refusal === null) {
        const approveTx = buildApproveTransaction({
          token: tokenIn.address,
          spender: router,
          amount: amountIn,
        });
        const approved = await gateway.execute(
          {
            chainId: chain.id,
            action: 'approve',
            to: approveTx.to,
            data: approveTx.data,
            value: 0n,
            spender: router,
            // An approval moves nothing: only its gas is charged.
            spends: [{ token: tokenIn.address, amount: 0n, ...meta(tokenIn) }],
            acquires: [],
            description: `approve exactly ${quoteDto.amountIn.amount} ${tokenIn.symbol ?? tokenIn.address} to the router`,
          },
          idempotencyKey ? { idempotencyKey: `${idempotencyKey}:approve` } : {},
        );
        approval = approved.record;
        if (approved.record.status !== 'confirmed')
          return this.#answer(approved.record, approval, chain, tokenOut, approved.confirmation);
      }
    }
    const { record, confirmation } = await gateway.execute(swapIntent, swapOptions);
    return this.#answer(record, approval, chain, tokenOut, confirmation);
  }

  #answer(
    record: ExecutionRecord,
    approval: ExecutionRecord | null,
    chain: ChainInfo,
    tokenOut: ResolvedSwapToken,
    confirmation?: ConfirmationRecord,
  ): { status: number; body: SwapExecutionDto } {
    const execution = toExecutionDto(record, this.#registry);
    const receivedBase =
      typeof record.result?.received === 'string' ? (record.result.received as string) : null;
    const body: SwapExecutionDto = {
      execution,
      approval: approval ? toExecutionDto(approval, this.#registry) : null,
      amountReceived: receivedBase === null ? null : amount(chain, tokenOut, BigInt(receivedBase)),
      confirmation: confirmation ? toConfirmationDto(confirmation, this.#registry) : null,
    };
    return { status: executionHttpStatus(record, execution.txHash), body };
  }

  #list(chain: ChainInfo): readonly SwapToken[] {
    const extraTokens = this.#extraTokens.get(chain.id);
    return getSwapTokenList({ chain, ...(extraTokens ? { extraTokens } : {}) });
  }
}

/**
 * A measured tax (percent) as the transfer fee a quote declares, in basis points rounded up, at most 9,999 (a
 * 100% tax leaves nothing to quote; the safety gate refuses it anyway).
 */
function transferFee(percent: number): number {
  return Math.min(Math.ceil(percent * 100), 9_999);
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

function meta(token: ResolvedSwapToken): { symbol?: string; decimals: number } {
  return { ...(token.symbol ? { symbol: token.symbol } : {}), decimals: token.decimals };
}

const ERC20_ALLOWANCE = '0xdd62ed3e';

async function readAllowance(
  provider: { send(method: string, params: unknown[]): Promise<unknown> },
  chain: ChainInfo,
  token: `0x${string}`,
  owner: `0x${string}`,
  spender: `0x${string}`,
  timeoutMs: number,
): Promise<bigint> {
  const word = (a: string) => a.slice(2).toLowerCase().padStart(64, '0');
  const [result] = await aggregate3({
    provider,
    chainId: chain.id,
    multicall3: chain.contracts.multicall3 as `0x${string}`,
    calls: [
      {
        target: token,
        callData: `${ERC20_ALLOWANCE}${word(owner)}${word(spender)}` as `0x${string}`,
        allowFailure: false,
      },
    ],
    timeoutMs,
  });
  const allowance = result ? decodeUint256(result.returnData) : null;
  // Unreadable means unknown: approve exactly again rather than assume.
  return allowance ?? 0n;
}

const WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65';

/**
 * The gateway's `describeResult` for swaps: what the wallet received, read from the receipt's logs (never from the
 * quote) — the ERC-20 acquired (its Transfer logs to the wallet minus those out of it), or native ETH (the router unwrapped WETH: WETH9
 * `Withdrawal(src, wad)` logs). Used whenever a swap settles: at once, after an operator's approval, or by the
 * reconciler. Other actions get no result.
 *
 * @example
 * ```ts
 * new ExecutionGateway({ ...rest, describeResult: describeSwapResult(config.chains) });
 * ```
 */
export function describeSwapResult(
  registry: readonly ChainInfo[],
): (p: { record: ExecutionRecord; receipt: GatewayReceipt }) => Record<string, unknown> {
  return ({ record, receipt }) => {
    if (record.action !== 'swap') return {};
    const tokenOut = record.intent.acquires[0]?.token;
    if (tokenOut !== undefined) {
      // What stayed: a token that takes its buy tax back from the wallet in the same transaction shows the full
      // amount in the Transfer to the wallet and the tax in a Transfer out of it.
      const [got] = decodeReceivedAmounts({
        logs: receipt.logs,
        recipient: record.from,
        token: tokenOut,
        net: true,
      });
      return { received: (got?.amount ?? 0n).toString() };
    }
    const weth = registry.find((c) => c.id === record.chainId)?.contracts.wrappedNative?.toLowerCase();
    let sum = 0n;
    for (const log of receipt.logs) {
      if (log.address.toLowerCase() === weth && log.topics[0] === WITHDRAWAL_TOPIC) sum += BigInt(log.data);
    }
    return { received: sum.toString() };
  };
}
