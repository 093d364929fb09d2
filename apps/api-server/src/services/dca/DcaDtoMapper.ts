import type { ChainInfo } from '@org/chain-evm';
import {
  type DcaFill,
  type DcaInterval,
  type DcaOrder,
  type DcaPrice,
  type DcaStats,
  formatPrice,
  INTERVAL_NAMES,
  priceOf,
} from '@org/dca';
import { formatEther } from '@org/governor';
import { formatUnits } from 'ethers';
import type {
  DcaAmountDto,
  DcaFillDto,
  DcaIntervalDto,
  DcaOrderDto,
  DcaPairStatsDto,
  DcaPriceDto,
  DcaTokenDto,
} from '../../dto/dca.js';
import type { EthAmountDto } from '../../dto/governor.js';

/** How a token of an order is shown: its symbol and decimals (null when they cannot be read right now). */
export interface DcaTokenView {
  readonly symbol: string | null;
  /** `native` or the address. */
  readonly token: string;
  readonly decimals: number | null;
}

/** Resolves a token of a chain for display (never throws: an unreadable token shows in base units). */
export type DcaTokenViews = (chainId: number, token: string) => Promise<DcaTokenView>;

const iso = (ms: number) => new Date(ms).toISOString();
const eth = (wei: bigint): EthAmountDto => ({ eth: formatEther(wei), wei: wei.toString() });

/**
 * Turns `@org/dca` records into the HTTP DTOs: amounts as human decimals plus base units, prices as human decimals
 * plus the exact fraction, times as ISO 8601. Token symbols and decimals come from `views` (the swap token list,
 * else the chain, remembered).
 *
 * @example
 * ```ts
 * const mapper = new DcaDtoMapper({ registry, views });
 * const dto = await mapper.order(order);
 * ```
 */
export class DcaDtoMapper {
  readonly #registry: readonly ChainInfo[];
  readonly #views: DcaTokenViews;

  constructor({ registry, views }: { registry: readonly ChainInfo[]; views: DcaTokenViews }) {
    this.#registry = registry;
    this.#views = views;
  }

  async order(order: DcaOrder): Promise<DcaOrderDto> {
    const [tokenIn, tokenOut] = await this.#pair(order.chainId, order.tokenIn, order.tokenOut);
    const t = order.totals;
    return {
      id: order.id,
      status: order.status,
      chain: this.#chain(order.chainId),
      tokenIn: token(tokenIn),
      tokenOut: token(tokenOut),
      amountPerFill: amount(tokenIn, order.amountPerFill),
      interval: interval(order.interval),
      firstRunAt: iso(order.firstRunAt),
      nextRunAt: order.nextRunAt === null ? null : iso(order.nextRunAt),
      nextSlot: order.nextSlot,
      maxFills: order.maxFills,
      maxTotalIn: order.maxTotalIn === null ? null : amount(tokenIn, order.maxTotalIn),
      slippageBps: order.slippageBps,
      minPrice: order.minPrice === null ? null : price(order.minPrice, tokenIn, tokenOut),
      maxPrice: order.maxPrice === null ? null : price(order.maxPrice, tokenIn, tokenOut),
      catchUp: order.catchUp,
      totals: {
        spent: amount(tokenIn, t.spent),
        received: amount(tokenOut, t.received),
        fills: t.fills,
        skipped: t.skipped,
        blocked: t.blocked,
        failed: t.failed,
        averagePrice: priceOrNull(priceOf({ amountIn: t.spent, amountOut: t.received }), tokenIn, tokenOut),
      },
      consecutiveFailures: order.consecutiveFailures,
      lastError:
        order.lastError === null
          ? null
          : {
              code: order.lastError.code,
              reason: order.lastError.reason,
              slot: order.lastError.slot,
              at: iso(order.lastError.at),
            },
      pausedReason:
        order.pausedReason === null
          ? null
          : {
              code: order.pausedReason.code,
              reason: order.pausedReason.reason,
              fillCode: order.pausedReason.fillCode,
              slot: order.pausedReason.slot,
              at: iso(order.pausedReason.at),
            },
      openSlot: order.openSlot,
      createdAt: iso(order.createdAt),
      updatedAt: iso(order.updatedAt),
      version: order.version,
    };
  }

  async fills(order: DcaOrder, fills: readonly DcaFill[]): Promise<DcaFillDto[]> {
    const [tokenIn, tokenOut] = await this.#pair(order.chainId, order.tokenIn, order.tokenOut);
    return fills.map((f) => ({
      slot: f.slot,
      scheduledAt: iso(f.scheduledAt),
      status: f.status,
      code: f.code,
      reason: f.reason,
      amountIn: amount(tokenIn, f.amountIn),
      amountOut: f.amountOut === null ? null : amount(tokenOut, f.amountOut),
      minAmountOut: f.minAmountOut === null ? null : amount(tokenOut, f.minAmountOut),
      price: priceOrNull(f.price, tokenIn, tokenOut),
      txHash: f.txHash,
      blockNumber: f.blockNumber ?? null,
      blockHash: f.blockHash ?? null,
      fee: f.feeWei === null ? null : eth(f.feeWei),
      executionId: f.executionId,
      idempotencyKey: f.idempotencyKey,
      quote:
        f.quote === null
          ? null
          : {
              amountOut: amount(tokenOut, f.quote.amountOut),
              value: eth(f.quote.valueWei),
              worstCaseFee: eth(f.quote.worstCaseFeeWei),
            },
      createdAt: iso(f.createdAt),
      updatedAt: iso(f.updatedAt),
    }));
  }

  async pairs(stats: DcaStats): Promise<DcaPairStatsDto[]> {
    return Promise.all(
      stats.pairs.map(async (p) => {
        const [tokenIn, tokenOut] = await this.#pair(p.chainId, p.tokenIn, p.tokenOut);
        return {
          chain: this.#chain(p.chainId),
          tokenIn: token(tokenIn),
          tokenOut: token(tokenOut),
          orders: p.orders,
          spent: amount(tokenIn, p.spent),
          received: amount(tokenOut, p.received),
          fills: p.fills,
          averagePrice: priceOrNull(p.averagePrice, tokenIn, tokenOut),
        };
      }),
    );
  }

  #pair(chainId: number, tokenIn: string, tokenOut: string): Promise<[DcaTokenView, DcaTokenView]> {
    return Promise.all([this.#views(chainId, tokenIn), this.#views(chainId, tokenOut)]);
  }

  #chain(chainId: number): { id: number; name: string } {
    return { id: chainId, name: this.#registry.find((c) => c.id === chainId)?.name ?? String(chainId) };
  }
}

function token(view: DcaTokenView): DcaTokenDto {
  return { symbol: view.symbol, token: view.token, decimals: view.decimals };
}

function amount(view: DcaTokenView, base: bigint): DcaAmountDto {
  return {
    symbol: view.symbol,
    token: view.token,
    amount: view.decimals === null ? null : formatUnits(base, view.decimals),
    amountBase: base.toString(),
    decimals: view.decimals,
  };
}

function price(p: DcaPrice, tokenIn: DcaTokenView, tokenOut: DcaTokenView): DcaPriceDto {
  return {
    price:
      tokenIn.decimals === null || tokenOut.decimals === null
        ? null
        : formatPrice({ price: p, decimalsIn: tokenIn.decimals, decimalsOut: tokenOut.decimals }),
    numerator: p.numerator.toString(),
    denominator: p.denominator.toString(),
  };
}

function priceOrNull(p: DcaPrice | null, tokenIn: DcaTokenView, tokenOut: DcaTokenView): DcaPriceDto | null {
  return p === null ? null : price(p, tokenIn, tokenOut);
}

function interval(value: DcaInterval): DcaIntervalDto {
  const name =
    Object.entries(INTERVAL_NAMES).find(([, v]) =>
      v.kind === 'seconds'
        ? value.kind === 'seconds' && value.seconds === v.seconds
        : value.kind === 'months' && value.months === v.months,
    )?.[0] ?? null;
  return value.kind === 'seconds'
    ? { kind: 'seconds', seconds: value.seconds, months: null, name }
    : { kind: 'months', seconds: null, months: value.months, name };
}
