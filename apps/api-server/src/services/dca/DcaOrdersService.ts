import { type ChainInfo, checkAcquiredTokens, type IdempotencyStore } from '@org/chain-evm';
import {
  type DcaOrderInput,
  type DcaOrderStatus,
  type DcaService,
  type DcaTickSummary,
  parsePrice,
} from '@org/dca';
import type {
  DcaOrderCreateRequestDto,
  DcaOrderDetailDto,
  DcaOrderDto,
  DcaOrderPageDto,
  DcaStatsDto,
} from '../../dto/dca.js';
import { ApiProblem } from '../../http/ApiProblem.js';
import { parseDecimalAmount } from '../../http/parseDecimalAmount.js';
import { runIdempotent } from '../runIdempotent.js';
import type { SecurityService } from '../SecurityService.js';
import type { SwapPlanner } from '../swap/SwapPlanner.js';
import { DcaDtoMapper, type DcaTokenView } from './DcaDtoMapper.js';
import type { DcaRuntime } from './DcaRuntime.js';
import { dcaProblemOf } from './dcaProblemOf.js';

const STATUSES: readonly DcaOrderStatus[] = ['active', 'paused', 'cancelled', 'completed'];
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

const invalid = (fields: Record<string, string>) =>
  new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, { fields });

/** Parameters of {@link DcaOrdersService}. */
export interface DcaOrdersServiceParameters {
  /** `@org/dca`'s service over the app's store, with the gateway executor (creation quotes the first fill). */
  readonly dca: DcaService;
  readonly planner: SwapPlanner;
  readonly security: SecurityService;
  /** The chain registry (configured). */
  readonly registry: readonly ChainInfo[];
  readonly idempotency: IdempotencyStore;
  /** The scheduler at run time (ticks, status). */
  readonly runtime: DcaRuntime;
  /** The most slippage an order may ask for (`MAX_SLIPPAGE_BPS`). */
  readonly maxSlippageBps: number;
  /** False without a wallet: orders cannot be created (503 `WALLET_NOT_CONFIGURED`). */
  readonly canExecute: boolean;
}

/**
 * `/dca/*`: recurring buys over HTTP. Validates at the edge (human decimals → base units, prices → exact fractions,
 * tokens resolved on the chain's list or read on chain, the token bought safe to acquire now), then hands the order
 * to `@org/dca` (which refuses it with `DCA_FEE_TOO_HIGH` when, at today's gas, its fills would all be skipped), and
 * maps records to DTOs. Commands are the package's compare-and-set transitions (409 `DCA_INVALID_TRANSITION`).
 *
 * @example
 * ```ts
 * const { status, body } = await orders.create({ tokenIn: 'USDC', tokenOut: 'ETH', amountPerFill: '25', interval: 'weekly' }, undefined);
 * ```
 */
export class DcaOrdersService {
  readonly #p: DcaOrdersServiceParameters;
  readonly #mapper: DcaDtoMapper;

  constructor(parameters: DcaOrdersServiceParameters) {
    this.#p = parameters;
    this.#mapper = new DcaDtoMapper({ registry: parameters.registry, views: (c, t) => this.#view(c, t) });
  }

  /** `GET /dca/orders`. */
  async list({
    status,
    limit = 20,
    cursor,
  }: {
    status?: string;
    limit?: number;
    cursor?: string;
  }): Promise<DcaOrderPageDto> {
    const fields: Record<string, string> = {};
    if (status !== undefined && !STATUSES.includes(status as DcaOrderStatus)) {
      fields.status = `must be one of ${STATUSES.join(', ')}`;
    }
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      fields.limit = 'must be an integer from 1 to 100';
    if (Object.keys(fields).length > 0) throw invalid(fields);
    const page = await this.#call(() =>
      this.#p.dca.list({
        limit,
        ...(status === undefined ? {} : { status: status as DcaOrderStatus }),
        ...(cursor === undefined ? {} : { cursor }),
      }),
    );
    return {
      items: await Promise.all(page.items.map((o) => this.#mapper.order(o))),
      nextCursor: page.nextCursor,
    };
  }

  /** `POST /dca/orders` (201). With an `Idempotency-Key`, a repeat returns the first answer and creates nothing. */
  async create(
    body: DcaOrderCreateRequestDto,
    idempotencyKey: string | undefined,
  ): Promise<{ status: number; body: DcaOrderDto }> {
    return runIdempotent({
      store: this.#p.idempotency,
      key: idempotencyKey,
      body,
      scope: 'POST /dca/orders',
      run: async () => ({ status: 201, body: await this.#create(body) }),
    });
  }

  async #create(body: DcaOrderCreateRequestDto): Promise<DcaOrderDto> {
    if (!this.#p.canExecute) {
      throw new ApiProblem(
        503,
        'WALLET_NOT_CONFIGURED',
        'No wallet is configured',
        'set WALLET_PRIVATE_KEY or WALLET_KEYSTORE_PATH',
      );
    }
    const pair = await this.#p.planner.resolvePair({
      chain: body.chain,
      tokenIn: body.tokenIn,
      tokenOut: body.tokenOut,
    });
    const { chain, tokenIn, tokenOut } = pair;
    // The native token and its wrapped token are one asset: a wrap, not a swap — answered before any safety read (the
    // same token twice is a validation error of `tokenOut`, below).
    const asset = (t: typeof tokenIn) =>
      (t.native ? (chain.contracts.wrappedNative ?? 'native') : t.address).toLowerCase();
    if (tokenIn.native !== tokenOut.native && asset(tokenIn) === asset(tokenOut)) {
      throw new ApiProblem(
        422,
        'SWAP_SAME_TOKEN',
        'Token in and token out are the same asset',
        'the native token and its wrapped token are one asset: that is a wrap, not a swap',
      );
    }
    const fields: Record<string, string> = {};
    const attempt = <T>(field: string, parse: () => T): T | undefined => {
      try {
        return parse();
      } catch (error) {
        const problem = dcaProblemOf(error);
        const named = (problem.extra?.fields as Record<string, string> | undefined)?.[field];
        fields[field] = named ?? problem.title;
        return undefined;
      }
    };
    const amountPerFill = attempt('amountPerFill', () =>
      parseDecimalAmount({ field: 'amountPerFill', text: body.amountPerFill, decimals: tokenIn.decimals }),
    );
    const maxTotalIn =
      body.maxTotalIn === undefined
        ? null
        : attempt('maxTotalIn', () =>
            parseDecimalAmount({
              field: 'maxTotalIn',
              text: body.maxTotalIn as string,
              decimals: tokenIn.decimals,
            }),
          );
    const interval = attempt('interval', () => intervalOf(body));
    const firstRunAt =
      body.firstRunAt === undefined
        ? undefined
        : attempt('firstRunAt', () => timeOf(body.firstRunAt as string));
    const price = (field: 'minPrice' | 'maxPrice') => {
      const value = body[field];
      return value === undefined
        ? null
        : attempt(field, () =>
            parsePrice({ value, decimalsIn: tokenIn.decimals, decimalsOut: tokenOut.decimals, field }),
          );
    };
    const minPrice = price('minPrice');
    const maxPrice = price('maxPrice');
    if (Object.keys(fields).length > 0) throw invalid(fields);
    // The token bought must be safe to acquire now (a fresh report, the gateway's own verdict); the gateway checks
    // again at every fill, and an order whose token turns unsafe pauses itself.
    if (!tokenOut.native) {
      const report = await this.#p.security.evmReport(chain.id, tokenOut.address);
      const refusal = checkAcquiredTokens({ reports: [report] });
      if (refusal !== null) {
        throw new ApiProblem(422, refusal.code, 'The token bought is not safe to acquire', refusal.reason);
      }
    }
    const input: DcaOrderInput = {
      chainId: chain.id,
      tokenIn: tokenIn.native ? chain.nativeSymbol : tokenIn.address,
      tokenOut: tokenOut.native ? chain.nativeSymbol : tokenOut.address,
      amountPerFill: amountPerFill as bigint,
      interval: interval as DcaOrderInput['interval'],
      slippageBps: body.slippageBps ?? Math.min(50, this.#p.maxSlippageBps),
      maxFills: body.maxFills ?? null,
      maxTotalIn: maxTotalIn ?? null,
      minPrice: minPrice ?? null,
      maxPrice: maxPrice ?? null,
      ...(firstRunAt === undefined ? {} : { firstRunAt }),
      ...(body.catchUp === undefined ? {} : { catchUp: body.catchUp }),
    };
    const order = await this.#call(() => this.#p.dca.create({ input }));
    return this.#mapper.order(order);
  }

  /** `GET /dca/orders/{order_id}`: the order and a page of its fills, newest slot first. */
  async get(
    orderId: string,
    { limit = 50, cursor }: { limit?: number; cursor?: string } = {},
  ): Promise<DcaOrderDetailDto> {
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw invalid({ limit: 'must be an integer from 1 to 100' });
    const order = await this.#call(() => this.#p.dca.get(orderId));
    const page = await this.#call(() =>
      this.#p.dca.fills({ orderId, limit, ...(cursor === undefined ? {} : { cursor }) }),
    );
    return {
      order: await this.#mapper.order(order),
      fills: await this.#mapper.fills(order, page.items),
      nextCursor: page.nextCursor,
    };
  }

  /** `POST /dca/orders/{order_id}/pause`. */
  async pause(orderId: string): Promise<DcaOrderDto> {
    return this.#mapper.order(await this.#call(() => this.#p.dca.pause(orderId)));
  }

  /** `POST /dca/orders/{order_id}/resume`: from the next slot at or after now. */
  async resume(orderId: string): Promise<DcaOrderDto> {
    return this.#mapper.order(await this.#call(() => this.#p.dca.resume(orderId)));
  }

  /** `DELETE /dca/orders/{order_id}`. */
  async cancel(orderId: string): Promise<DcaOrderDto> {
    return this.#mapper.order(await this.#call(() => this.#p.dca.cancel(orderId)));
  }

  /** `GET /dca/stats`. */
  async stats(): Promise<DcaStatsDto> {
    const stats = await this.#call(() => this.#p.dca.stats());
    const scheduler = this.#p.runtime.status();
    return {
      orders: { ...stats.orders },
      fills: { ...stats.fills },
      pairs: await this.#mapper.pairs(stats),
      successRateBps: stats.successRateBps,
      nextRunAt: stats.nextRunAt === null ? null : new Date(stats.nextRunAt).toISOString(),
      paused: { ...stats.paused },
      lastErrors: stats.lastErrors.map((e) => ({
        code: e.code,
        orders: e.orders,
        at: new Date(e.at).toISOString(),
        reason: e.reason,
        orderId: e.orderId,
      })),
      scheduler: {
        running: scheduler.running,
        tickSeconds: scheduler.tickSeconds,
        lastTickAt: scheduler.lastTickAt === null ? null : new Date(scheduler.lastTickAt).toISOString(),
      },
    };
  }

  /** One scheduler tick now (the operator; tests that drive the clock). */
  tick(): Promise<DcaTickSummary> {
    return this.#p.runtime.tick();
  }

  async #call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw dcaProblemOf(error);
    }
  }

  async #view(chainId: number, token: string): Promise<DcaTokenView> {
    const chain = this.#p.registry.find((c) => c.id === chainId);
    if (chain === undefined) return { symbol: null, token, decimals: null };
    try {
      const resolved = await this.#p.planner.resolveToken({ chain, token });
      return {
        symbol: resolved.native ? chain.nativeSymbol : resolved.symbol,
        token: resolved.native ? 'native' : resolved.address,
        decimals: resolved.decimals,
      };
    } catch {
      // The node is down and the token is not on the list: show base units rather than fail the read.
      return { symbol: null, token, decimals: null };
    }
  }
}

/** Exactly one of `interval`, `intervalSeconds`, `intervalMonths`. */
function intervalOf(body: DcaOrderCreateRequestDto): DcaOrderInput['interval'] {
  const given = [body.interval, body.intervalSeconds, body.intervalMonths].filter((v) => v !== undefined);
  if (given.length !== 1) {
    throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
      fields: { interval: 'give exactly one of interval, intervalSeconds, intervalMonths' },
    });
  }
  if (body.interval !== undefined) return body.interval;
  if (body.intervalSeconds !== undefined) return { kind: 'seconds', seconds: body.intervalSeconds };
  return { kind: 'months', months: body.intervalMonths as number };
}

function timeOf(text: string): number {
  const ms = ISO_TIME.test(text) ? Date.parse(text) : Number.NaN;
  if (!Number.isFinite(ms) || !calendarDate(text)) {
    throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
      fields: {
        firstRunAt:
          'must be an existing ISO 8601 time with a zone, e.g. 2025-01-06T09:00:00Z (no 30 February)',
      },
    });
  }
  return ms;
}

/**
 * Whether the date and time fields of an ISO time exist as written (`Date.parse` rolls 2027-02-30 over to 2 March,
 * and 24:00 to the next day): the fields, read back from UTC of the same wall time, must be the ones given.
 */
function calendarDate(text: string): boolean {
  const [year, month, day, hour, minute] = [0, 5, 8, 11, 14].map((at, i) =>
    Number(text.slice(at, at + (i === 0 ? 4 : 2))),
  ) as [number, number, number, number, number];
  const wall = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return (
    year >= 1 &&
    wall.getUTCFullYear() === year &&
    wall.getUTCMonth() === month - 1 &&
    wall.getUTCDate() === day &&
    wall.getUTCHours() === hour &&
    wall.getUTCMinutes() === minute
  );
}
