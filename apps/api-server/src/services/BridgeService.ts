import {
  type Address,
  BridgeProviderError,
  type BridgeQuoteRequest,
  buildRevokeIntent,
  type ChainInfo,
  checkAcquiredTokens,
  checkBridgeQuote,
  checkBridgeRequote,
  checkBridgeValueLoss,
  type ExecutionGateway,
  type ExecutionIntent,
  type ExecutionRecord,
  type ExecutionStore,
  type IdempotencyStore,
  type LifiClient,
  type LifiQuote,
  priceInNative,
  resolveBridgeAllowlist,
  type ResolvedSwapToken,
  resolveSwapToken,
  type SwapToken,
} from '@org/chain-evm';
import { formatEther, type Governor } from '@org/governor';
import { readTokenBalance } from '../approvals/readTokenBalance.js';
import { previewGovernorSpend } from '../yield/previewGovernorSpend.js';
import { formatUnits } from 'ethers';
import type { BridgeFollower, BridgeStart } from '../bridge/BridgeFollower.js';
import { bridgeOf, followOf } from '../bridge/BridgeFollower.js';
import type { BookedQuote, BridgeQuoteBook } from '../bridge/BridgeQuoteBook.js';
import type { BridgeConfig } from '../bridge/parseBridgeConfig.js';
import type {
  BridgeChainsDto,
  BridgeExecuteRequestDto,
  BridgeExecutionDto,
  BridgeQuoteDto,
  BridgeTransferDto,
} from '../dto/bridge.js';
import type { TokenAmountDto } from '../dto/swap.js';
import { bridgeProviderProblem } from '../bridge/bridgeProviderProblem.js';
import { readTokenAllowance } from '../bridge/readTokenAllowance.js';
import { toBridgeChainsDto } from '../bridge/toBridgeChainsDto.js';
import { toBridgeQuoteDto } from '../bridge/toBridgeQuoteDto.js';
import { toBridgeTransferDto } from '../bridge/toBridgeTransferDto.js';
import { valueBridgeQuote } from '../bridge/valueBridgeQuote.js';
import { ApiProblem } from '../http/ApiProblem.js';
import { parseDecimalAmount } from '../http/parseDecimalAmount.js';
import type { ChainProviders } from './ChainProviders.js';
import { executionHttpStatus } from './executionHttpStatus.js';
import { runIdempotent } from './runIdempotent.js';
import type { SecurityService } from './SecurityService.js';
import { toExecutionDto } from './toExecutionDto.js';

const NATIVE: Address = '0x0000000000000000000000000000000000000000';

/** The parameters of a quote, as a client sends them (human units). */
export interface BridgeQuoteInput {
  fromChain?: string | undefined;
  toChain?: string | undefined;
  token?: string | undefined;
  toToken?: string | undefined;
  amount?: string | undefined;
  slippageBps?: number | undefined;
}

/** Parameters of {@link BridgeService}. */
export interface BridgeServiceParameters {
  config: BridgeConfig;
  providers: ChainProviders;
  security: SecurityService;
  client: LifiClient;
  book: BridgeQuoteBook;
  follower: BridgeFollower;
  /** The gateway's execution records (the approval reset's record is read from it). */
  store: ExecutionStore;
  gateway: ExecutionGateway | undefined;
  idempotency: IdempotencyStore;
  registry: readonly ChainInfo[];
  /** Chain id → the chain's token list (symbols a request may name). */
  tokens: (chain: ChainInfo) => readonly SwapToken[];
  maxSlippageBps: number;
  minLiquidityWei: bigint;
  /** The spend governor: a bridge's approval is previewed against its caps and kill switch first (M14). */
  governor?: Governor;
}

/**
 * Bridges through LI.FI (`/bridge/*`): the chains and routes both sides support, checked quotes, and execution
 * through the gateway — exact approval, the bridge call (action `bridge`), the approval reset to zero after
 * settlement — with the transfer followed to the other chain by the {@link BridgeFollower}. Quote and execute share
 * one class (as `SwapService` does): execute re-runs the quote path on the same checks.
 *
 * @example
 * ```ts
 * const bridge = new BridgeService({ config: config.bridge, providers, security, client, book, follower, store, … });
 * const quote = await bridge.quote({ fromChain: 'devnet', toChain: 'devnet-b', token: 'USDC', amount: '100' });
 * await bridge.execute({ quoteId: quote.id }, 'idempotency-key-1');
 * ```
 */
export class BridgeService {
  readonly #p: BridgeServiceParameters;
  #chains: { at: number; dto: BridgeChainsDto } | undefined;

  constructor(parameters: BridgeServiceParameters) {
    this.#p = parameters;
  }

  /** The allowlist of a source chain: LI.FI's pinned contracts plus `BRIDGE_ALLOWED_CONTRACTS_<CHAIN>`. */
  allowlist(chainId: number): readonly Address[] {
    return resolveBridgeAllowlist({
      chainId,
      configured: this.#p.config.allowedContracts.get(chainId) ?? [],
    });
  }

  /** `GET /bridge/chains`: LI.FI's chains that are configured here, with our allowlists and LI.FI's routes. */
  async chains(): Promise<BridgeChainsDto> {
    const cached = this.#chains;
    if (cached && Date.now() - cached.at < 300_000) return cached.dto;
    const configured = this.#p.providers.configured();
    const [lifiChains, tools] = await Promise.all([
      this.#provider(() => this.#p.client.getChains()),
      this.#provider(() => this.#p.client.getTools({ chains: configured.map((c) => c.id) })),
    ]);
    const dto = toBridgeChainsDto({ configured, lifiChains, tools, allowlist: (id) => this.allowlist(id) });
    this.#chains = { at: Date.now(), dto };
    return dto;
  }

  /** `GET /bridge/quote`: a fresh LI.FI quote, every check passed (422 with the check's code otherwise), booked. */
  async quote(input: BridgeQuoteInput): Promise<BridgeQuoteDto> {
    return (await this.#quote(input)).dto;
  }

  async #quote(input: BridgeQuoteInput): Promise<BookedQuote> {
    const wallet = this.#p.gateway?.address;
    if (wallet === undefined) {
      throw new ApiProblem(
        503,
        'WALLET_NOT_CONFIGURED',
        'No wallet is configured',
        'a quote is for the wallet',
      );
    }
    const slippageBps = input.slippageBps ?? Math.min(50, this.#p.maxSlippageBps);
    if (!Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps > this.#p.maxSlippageBps) {
      throw validation(
        'slippageBps',
        `must be an integer from 0 to ${this.#p.maxSlippageBps} (MAX_SLIPPAGE_BPS)`,
      );
    }
    for (const field of ['fromChain', 'toChain', 'token', 'amount'] as const) {
      if (typeof input[field] !== 'string' || input[field] === '') throw validation(field, 'is required');
    }
    const from = await this.#p.providers.get(input.fromChain);
    const to = await this.#p.providers.get(input.toChain);
    if (from.chain.id === to.chain.id) throw validation('toChain', 'must be another chain than fromChain');
    if (from.chain.providers.lifi === null || to.chain.providers.lifi === null) {
      throw new ApiProblem(422, 'BRIDGE_CHAIN_UNSUPPORTED', 'LI.FI does not serve this chain pair');
    }
    const [fromToken, toToken] = await Promise.all([
      resolveSwapToken({
        chain: from.chain,
        token: input.token as string,
        tokens: this.#p.tokens(from.chain),
        provider: from.provider,
        timeoutMs: from.timeoutMs,
      }),
      resolveSwapToken({
        chain: to.chain,
        token: input.toToken ?? (input.token as string),
        tokens: this.#p.tokens(to.chain),
        provider: to.provider,
        timeoutMs: to.timeoutMs,
      }),
    ]);
    const amount = parseDecimalAmount({
      field: 'amount',
      text: input.amount as string,
      decimals: fromToken.decimals,
    });
    const request: BridgeQuoteRequest = {
      fromChainId: from.chain.id,
      toChainId: to.chain.id,
      fromToken: fromToken.native ? NATIVE : fromToken.address,
      toToken: toToken.native ? NATIVE : toToken.address,
      fromAmount: amount,
      wallet,
      slippageBps,
      maxPriceImpactBps: this.#p.config.maxPriceImpactBps,
      sameAsset: sameAssetOf(from.chain, fromToken, to.chain, toToken),
    };
    const createdAt = Date.now();
    const { quote, lossBps } = await this.#fetchChecked(request);
    // The destination token's safety, on its own chain (unknown → fail closed, as everywhere).
    const report = toToken.native ? null : await this.#p.security.evmReport(to.chain.id, toToken.address);
    const priced = fromToken.native
      ? null
      : await priceInNative({
          provider: from.provider,
          chain: from.chain,
          amounts: [{ token: fromToken.address, amount }],
          minLiquidityWei: this.#p.minLiquidityWei,
          timeoutMs: from.timeoutMs,
        })
          .then((r) => r.totalWei)
          .catch(() => null);
    const tx = quote.transactionRequest;
    const valueWei = fromToken.native ? tx.value : priced === null ? null : priced + tx.value;
    return this.#p.book.add({
      quote,
      request,
      createdAt,
      dto: (id) =>
        toBridgeQuoteDto({
          id,
          createdAt,
          ttlMs: this.#p.config.quoteTtlMs,
          from: from.chain,
          to: to.chain,
          fromToken,
          toToken,
          amount,
          slippageBps,
          lossBps,
          quote,
          report,
          valueWei,
        }),
    });
  }

  /** A quote from LI.FI that passed every check (422 with the check's code otherwise). */
  async #fetchChecked(request: BridgeQuoteRequest): Promise<{ quote: LifiQuote; lossBps: number }> {
    const quote = await this.#provider(() =>
      this.#p.client.getQuote({
        fromChain: request.fromChainId,
        toChain: request.toChainId,
        fromToken: request.fromToken,
        toToken: request.toToken,
        fromAddress: request.wallet,
        fromAmount: request.fromAmount,
        slippageBps: request.slippageBps,
        maxPriceImpactBps: request.maxPriceImpactBps,
      }),
    );
    const checked = checkBridgeQuote({
      quote,
      request,
      allowlist: this.allowlist(request.fromChainId),
      maxSlippageBps: this.#p.maxSlippageBps,
    });
    if (!checked.ok) {
      throw new ApiProblem(
        422,
        checked.refusal.code,
        'The bridge quote failed a check',
        checked.refusal.reason,
      );
    }
    return { quote, lossBps: await this.#checkValue(request, quote) };
  }

  /**
   * The value the quote promises to deliver (valued on the destination chain) against the value sent: a loss above
   * `BRIDGE_MAX_PRICE_IMPACT_BPS` + the slippage asked + the listed fees is 422 `BRIDGE_VALUE_LOSS_TOO_HIGH`, values
   * that cannot be compared 422 `BRIDGE_VALUE_UNKNOWN` — before anything is signed.
   */
  async #checkValue(request: BridgeQuoteRequest, quote: LifiQuote): Promise<number> {
    const [from, to] = await Promise.all([
      this.#p.providers.get(String(request.fromChainId)),
      this.#p.providers.get(String(request.toChainId)),
    ]);
    const values = await valueBridgeQuote({
      request,
      quote,
      from,
      to,
      minLiquidityWei: this.#p.minLiquidityWei,
    });
    const checked = values
      ? checkBridgeValueLoss({
          ...values,
          maxPriceImpactBps: request.maxPriceImpactBps,
          slippageBps: request.slippageBps,
        })
      : null;
    const refusal = checked
      ? checked.refusal
      : {
          code: 'BRIDGE_VALUE_UNKNOWN',
          reason: 'the value sent and the value delivered cannot both be priced in one unit',
        };
    if (refusal) {
      throw new ApiProblem(422, refusal.code, 'The bridge quote loses too much value', refusal.reason, {
        lossBps: checked?.lossBps ?? null,
      });
    }
    return checked?.lossBps ?? 0;
  }

  /**
   * `POST /bridge/execute`. With an `Idempotency-Key`, a repeat of the same body returns the first answer and never
   * executes twice; a quote id is executed at most once whatever the key.
   */
  async execute(
    body: BridgeExecuteRequestDto,
    idempotencyKey: string | undefined,
  ): Promise<{ status: number; body: BridgeExecutionDto }> {
    return runIdempotent({
      store: this.#p.idempotency,
      key: idempotencyKey,
      body,
      scope: 'bridge-execute',
      run: (key) => this.#execute(body, key),
    });
  }

  async #execute(
    body: BridgeExecuteRequestDto,
    idempotencyKey: string | undefined,
  ): Promise<{ status: number; body: BridgeExecutionDto }> {
    const gateway = this.#p.gateway;
    if (gateway === undefined) {
      throw new ApiProblem(
        503,
        'WALLET_NOT_CONFIGURED',
        'No wallet is configured',
        'set WALLET_PRIVATE_KEY or WALLET_KEYSTORE_PATH',
      );
    }
    let booked: BookedQuote;
    if ('quoteId' in body) {
      const extra = Object.keys(body).find((k) => k !== 'quoteId');
      if (extra) throw validation(extra, 'give either quoteId or the quote parameters, not both');
      const taken = this.#p.book.take(body.quoteId);
      if (taken.kind === 'unknown') {
        throw new ApiProblem(
          404,
          'BRIDGE_QUOTE_NOT_FOUND',
          'No such quote (unknown, expired or from before a restart)',
        );
      }
      if (taken.kind === 'used') {
        throw new ApiProblem(409, 'BRIDGE_QUOTE_USED', 'This quote was already executed: ask for a new one');
      }
      booked = taken.quote;
    } else {
      booked = await this.#quote(body);
      // Executed at once: nobody else may take it.
      this.#p.book.take(booked.id);
    }
    let { quote } = booked;
    let freshLossBps = booked.dto.lossBps;
    const { request } = booked;
    if (Date.now() - booked.createdAt > this.#p.config.quoteTtlMs) {
      const { quote: fresh, lossBps } = await this.#fetchChecked(request);
      const compared = checkBridgeRequote({
        first: { toAmount: quote.estimate.toAmount, toAmountMin: quote.estimate.toAmountMin },
        second: { toAmountMin: fresh.estimate.toAmountMin },
        slippageBps: request.slippageBps,
      });
      if (compared.refusal) {
        throw new ApiProblem(
          409,
          compared.refusal.code,
          'The fresh quote dropped below what was accepted',
          compared.refusal.reason,
          {
            firstToAmount: compared.firstToAmount.toString(),
            firstToAmountMin: compared.firstToAmountMin.toString(),
            secondToAmountMin: compared.secondToAmountMin.toString(),
            floor: compared.floor.toString(),
          },
        );
      }
      quote = fresh;
      freshLossBps = lossBps;
    }
    const native = request.fromToken === NATIVE;
    const toChain = this.#p.providers.resolve(String(request.toChainId));
    // The destination token's safety, fresh, on its own chain: unknown → refused (fail closed).
    if (request.toToken !== NATIVE) {
      const report = await this.#p.security.evmReport(toChain.id, request.toToken);
      const verdict = checkAcquiredTokens({ reports: [report] });
      if (verdict)
        throw new ApiProblem(
          403,
          verdict.code,
          'The destination token is not safe to receive',
          verdict.reason,
        );
    }
    const tx = quote.transactionRequest;
    const spender = quote.estimate.approvalAddress;
    const fromChain = this.#p.providers.resolve(String(request.fromChainId));
    const dto = {
      ...booked.dto,
      ...(quote === booked.quote ? {} : { ...this.#refreshed(booked.dto, quote), lossBps: freshLossBps }),
    };
    const start: BridgeStart = {
      provider: 'lifi',
      tool: quote.tool,
      quoteId: booked.id,
      fromChainId: request.fromChainId,
      toChainId: request.toChainId,
      fromToken: request.fromToken,
      toToken: request.toToken,
      toTokenDecimals: dto.amountOutMin.decimals,
      toTokenSymbol: dto.amountOutMin.symbol,
      toChainName: this.#p.providers.resolve(String(request.toChainId)).name,
      fromAmount: request.fromAmount.toString(),
      toAmount: quote.estimate.toAmount.toString(),
      toAmountMin: quote.estimate.toAmountMin.toString(),
      spender: native ? null : spender,
      durationSeconds: quote.estimate.executionDurationSeconds,
    };
    const intent: ExecutionIntent = {
      chainId: request.fromChainId,
      action: 'bridge',
      to: tx.to,
      data: tx.data,
      value: tx.value,
      spends: native
        ? []
        : [
            {
              token: request.fromToken,
              amount: request.fromAmount,
              decimals: dto.amountIn.decimals,
              ...(dto.amountIn.symbol ? { symbol: dto.amountIn.symbol } : {}),
            },
          ],
      acquires: [],
      bridge: {
        toChainId: request.toChainId,
        toToken: request.toToken,
        minAmountOut: quote.estimate.toAmountMin,
        maxSlippageBps: request.slippageBps,
        sameAsset: request.sameAsset === true,
        // Stored with the record before anything is signed: a restart follows the transfer from it.
        follow: followOf(start),
      },
      description: `bridge ${dto.amountIn.amount} ${dto.amountIn.symbol ?? ''} from ${fromChain.name} to ${toChain.name} for at least ${dto.amountOutMin.amount} ${dto.amountOutMin.symbol ?? ''} (${quote.tool})`,
    };
    let action = intent;
    if (!native) {
      const allowance = await this.#allowance(
        request.fromChainId,
        request.fromToken,
        gateway.address,
        spender,
      );
      if (allowance !== request.fromAmount) {
        // The exact approval travels with the bridge (G3): simulated with it, held with it, sent by the gateway only
        // when the bridge is decided — never for a bridge that is held, then denied or left to expire.
        action = {
          ...intent,
          prerequisiteApproval: {
            token: request.fromToken,
            spender,
            amount: request.fromAmount,
            decimals: dto.amountIn.decimals,
            ...(dto.amountIn.symbol ? { symbol: dto.amountIn.symbol } : {}),
          },
        };
        // Previewed first (M14): above the balance → 409, beyond the caps or killed → 403; nothing signed.
        const assessed = await gateway.assess(action);
        if (assessed.refusal === null) await this.#preview(request, gateway.address, assessed);
      }
    }
    const executed = await gateway.execute(action, idempotencyKey ? { idempotencyKey } : {});
    const { record } = executed;
    const approval = executed.prerequisite ?? null;
    // Settle at once what is settled (the record, the approval reset); the follower carries on with the transfer.
    const stepped = await this.#p.follower.step(record.id, start).catch(() => ({ record, done: false }));
    const current = stepped.record ?? record;
    if (current.status === 'confirmed' || !stepped.done) this.#p.follower.follow(record.id, start);
    const bridge = bridgeOf(current);
    const resetId = bridge?.approvalReset?.executionId ?? null;
    const reset = resetId ? await this.#recordOf(resetId) : null;
    return this.#answer(current, approval, reset, dto, bridge ? toBridgeTransferDto(bridge) : null);
  }

  /**
   * The preview of a bridge that needs an approval, before the gateway sees it: the wallet holds the amount (an
   * approval never exceeds the balance: 409 `INSUFFICIENT_BALANCE` otherwise, nothing sent) and the governor's caps
   * and kill switch would let the bridge through (403 with the governor's code otherwise, before anything is
   * signed). An unknown value is left to the gateway (refused, or held with its approval).
   */
  async #preview(
    request: { fromChainId: number; fromToken: Address; fromAmount: bigint },
    wallet: Address,
    assessed: { valueWei: bigint | null },
  ): Promise<void> {
    const { chain, provider, timeoutMs } = await this.#p.providers.get(String(request.fromChainId));
    const held = await readTokenBalance({
      chain,
      provider,
      timeoutMs,
      token: request.fromToken,
      owner: wallet,
    });
    if (held < request.fromAmount) {
      throw new ApiProblem(
        409,
        'INSUFFICIENT_BALANCE',
        'The wallet holds less than the amount to bridge: nothing was approved or sent',
        `holds ${held} base units of ${request.fromToken}, the bridge needs ${request.fromAmount}`,
      );
    }
    if (assessed.valueWei === null) return;
    if (this.#p.governor !== undefined) {
      await previewGovernorSpend({
        governor: this.#p.governor,
        action: 'bridge',
        valueWei: assessed.valueWei,
      });
    }
  }

  /**
   * Resets the bridge's approval to zero when anything is left of it (a transfer that pulled less, a reverted or
   * refused bridge after the approval), through the gateway (action `revoke`); `not-needed` when nothing is left.
   */
  async resetApproval(
    record: ExecutionRecord,
    start: BridgeStart,
  ): Promise<{ executionId: string | null; status: string }> {
    const gateway = this.#p.gateway;
    if (start.spender === null || gateway === undefined) return { executionId: null, status: 'not-needed' };
    const token = start.fromToken as Address;
    const left = await this.#allowance(record.chainId, token, gateway.address, start.spender as Address);
    if (left === 0n) return { executionId: null, status: 'not-needed' };
    const revoked = await gateway.execute(
      buildRevokeIntent({ chainId: record.chainId, token, spender: start.spender, kind: 'erc20' }),
      { idempotencyKey: `bridge-reset:${record.id}` },
    );
    return { executionId: revoked.record.id, status: revoked.record.status };
  }

  #refreshed(dto: BridgeQuoteDto, quote: LifiQuote): Partial<BridgeQuoteDto> {
    const to = dto.amountOut;
    const amount = (base: bigint): TokenAmountDto => ({
      ...to,
      amount: formatUnits(base, to.decimals),
      amountBase: base.toString(),
    });
    return {
      amountOut: amount(quote.estimate.toAmount),
      amountOutMin: amount(quote.estimate.toAmountMin),
      target: quote.transactionRequest.to,
      spender: quote.estimate.approvalAddress,
      nativeValue: {
        eth: formatEther(quote.transactionRequest.value),
        wei: quote.transactionRequest.value.toString(),
      },
      durationSeconds: quote.estimate.executionDurationSeconds,
    };
  }

  async #recordOf(id: string): Promise<ExecutionRecord | null> {
    return this.#p.store.get(id);
  }

  #answer(
    record: ExecutionRecord,
    approval: ExecutionRecord | null,
    reset: ExecutionRecord | null,
    quote: BridgeQuoteDto,
    transfer: BridgeTransferDto | null,
  ): { status: number; body: BridgeExecutionDto } {
    const execution = toExecutionDto(record, this.#p.registry);
    return {
      status: executionHttpStatus(record, execution.txHash),
      body: {
        execution,
        approval: approval ? toExecutionDto(approval, this.#p.registry) : null,
        approvalReset: reset ? toExecutionDto(reset, this.#p.registry) : null,
        quote,
        transfer,
      },
    };
  }

  async #allowance(chainId: number, token: Address, owner: Address, spender: Address): Promise<bigint> {
    const { chain, provider, timeoutMs } = await this.#p.providers.get(String(chainId));
    return readTokenAllowance({ chain, provider, timeoutMs, token, owner, spender });
  }

  async #provider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof BridgeProviderError) throw bridgeProviderProblem(error);
      throw error;
    }
  }
}

/**
 * The same asset on both chains by our own token lists: both the native coin of chains with one native currency, or
 * two tokens of one symbol and one number of decimals.
 */
function sameAssetOf(
  fromChain: ChainInfo,
  from: ResolvedSwapToken,
  toChain: ChainInfo,
  to: ResolvedSwapToken,
): boolean {
  if (from.native || to.native) {
    return from.native === to.native && fromChain.nativeSymbol === toChain.nativeSymbol;
  }
  return (
    from.symbol !== null &&
    to.symbol !== null &&
    from.symbol.toUpperCase() === to.symbol.toUpperCase() &&
    from.decimals === to.decimals
  );
}

function validation(field: string, message: string): ApiProblem {
  return new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
    fields: { [field]: message },
  });
}
