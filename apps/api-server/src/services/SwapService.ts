import {
  type ChainInfo,
  type ConfirmationRecord,
  type ExecutionGateway,
  type ExecutionRecord,
  type IdempotencyStore,
  type ResolvedSwapToken,
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
import { buildSwapIntent } from './swap/buildSwapIntent.js';
import { executeSwapIntent } from './swap/executeSwapIntent.js';
import type { KeyedMutex } from './swap/KeyedMutex.js';
import type { SwapPlanner } from './swap/SwapPlanner.js';
import { swapLockRuns } from './swap/swapLockRuns.js';
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
  readonly #planner: SwapPlanner;
  readonly #maxSlippageBps: number;
  readonly #gateway: ExecutionGateway | undefined;
  readonly #idempotency: IdempotencyStore;
  readonly #registry: readonly ChainInfo[];
  readonly #holdSeconds: number;
  readonly #swapLock: KeyedMutex;

  constructor({
    providers,
    planner,
    swapLock,
    maxSlippageBps,
    gateway,
    idempotency,
    registry,
    holdSeconds = 0,
  }: {
    /** How long a swap may wait for an operator's approval (0 when nothing is held): added to its deadline. */
    holdSeconds?: number;
    providers: ChainProviders;
    /** Token resolution and quotes (shared with the DCA executor). */
    planner: SwapPlanner;
    /** One ERC-20 swap at a time per (chain, token in, router, wallet): shared with DCA fills. */
    swapLock: KeyedMutex;
    /** The one signer; absent when no wallet is configured (execute answers 503 WALLET_NOT_CONFIGURED). */
    gateway: ExecutionGateway | undefined;
    idempotency: IdempotencyStore;
    registry: readonly ChainInfo[];
    maxSlippageBps: number;
  }) {
    this.#providers = providers;
    this.#planner = planner;
    this.#maxSlippageBps = maxSlippageBps;
    this.#gateway = gateway;
    this.#idempotency = idempotency;
    this.#registry = registry;
    this.#holdSeconds = holdSeconds;
    this.#swapLock = swapLock;
  }

  tokens(chain: string | undefined): SwapTokenListDto {
    const info = this.#providers.resolve(chain);
    return {
      chain: { id: info.id, name: info.name },
      native: { symbol: info.nativeSymbol, decimals: info.nativeDecimals },
      tokens: this.#planner.tokenList(info).map((t) => ({ ...t })),
    };
  }

  async quote(p: QuoteInput): Promise<SwapQuoteDto> {
    return (await this.#prepare(p, 'quote')).dto;
  }

  /**
   * One fresh quote and everything resolved on the way (tokens, provider, fee-on-transfer declarations). For an
   * execute by `wallet`, token in's allowance to each router is read in the quote's batch, with the swap lock's run
   * count of each router taken before it (`allowances`, for `executeSwapIntent`: used only if no swap of the token
   * through that router completed in between).
   */
  async #prepare(p: QuoteInput, mode: 'quote' | 'execute', wallet?: `0x${string}`) {
    const slippageBps = p.slippageBps ?? Math.min(50, this.#maxSlippageBps);
    if (!Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps > this.#maxSlippageBps) {
      throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
        fields: { slippageBps: `must be an integer from 0 to ${this.#maxSlippageBps} (MAX_SLIPPAGE_BPS)` },
      });
    }
    const pair = await this.#planner.resolvePair({
      chain: p.chain,
      tokenIn: p.tokenIn,
      tokenOut: p.tokenOut,
    });
    const { chain, tokenIn, tokenOut } = pair;
    const amountIn = parseDecimalAmount({ field: 'amountIn', text: p.amountIn, decimals: tokenIn.decimals });
    const forQuote = mode === 'quote';
    // What a quote shows about the value and the safety verdict; an execution leaves pricing and the safety verdict
    // to the gateway, which decides on fresh reads.
    // The lock's run counts are taken before the allowances are read (a swap completing after this invalidates them).
    const runs = wallet === undefined ? new Map() : swapLockRuns({ lock: this.#swapLock, pair, wallet });
    const { quote, amountOutMin, valueWei, report, verdict, allowances } = await this.#planner.plan({
      pair,
      amountIn,
      slippageBps,
      price: forQuote,
      verdict: forQuote,
      allowanceOwner: runs.size > 0 ? wallet : undefined,
    });
    const preRead = new Map<string, { value: bigint; runs: number }>();
    for (const [router, value] of allowances) {
      const before = runs.get(router);
      if (before !== undefined) preRead.set(router, { value, runs: before });
    }
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
    return { dto, quote, pair, amountIn, amountOutMin, allowances: preRead };
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
      pair,
      amountIn,
      amountOutMin,
      allowances,
    } = await this.#prepare(
      {
        chain: p.chain,
        tokenIn: p.tokenIn,
        tokenOut: p.tokenOut,
        amountIn: p.amountIn,
        ...(p.slippageBps === undefined ? {} : { slippageBps: p.slippageBps }),
      },
      'execute',
      gateway.address,
    );
    const intent = buildSwapIntent({
      pair,
      quote,
      amountOutMin,
      recipient: gateway.address,
      // A swap that may wait for an operator keeps its deadline beyond the wait (the approval runs this calldata).
      deadline: BigInt(Math.floor(Date.now() / 1000) + deadlineSeconds + this.#holdSeconds),
      action: 'swap',
      maxSellTaxBps,
      maxBuyTaxBps,
      description: `swap ${quoteDto.amountIn.amount} ${quoteDto.amountIn.symbol ?? ''} for at least ${quoteDto.amountOutMin.amount} ${quoteDto.amountOutMin.symbol ?? ''} (${quote.route.protocol})`,
    });
    const { record, approval, confirmation } = await executeSwapIntent({
      gateway,
      pair,
      intent,
      amountIn,
      amountInText: quoteDto.amountIn.amount,
      idempotencyKey,
      approvalKey: idempotencyKey ? `${idempotencyKey}:approve` : undefined,
      // Read in the quote's batch: no request of its own unless a swap of the token through the router ran since.
      allowance: allowances.get(intent.to.toLowerCase()),
      lock: this.#swapLock,
    });
    // An approval that did not confirm is the answer (the swap was not attempted).
    if (record === null) {
      return this.#answer(approval as ExecutionRecord, approval, pair.chain, pair.tokenOut, confirmation);
    }
    return this.#answer(record, approval, pair.chain, pair.tokenOut, confirmation);
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
      confirmation: confirmation ? toConfirmationDto(confirmation, this.#registry, record.status) : null,
    };
    return { status: executionHttpStatus(record, execution.txHash), body };
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
