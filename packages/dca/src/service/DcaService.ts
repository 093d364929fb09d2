import type { DcaExecutor } from '../DcaExecutor.js';
import { BaseError } from '../errors/BaseError.js';
import { DcaExecutorError } from '../errors/DcaExecutorError.js';
import { DcaFeeTooHighError } from '../errors/DcaFeeTooHighError.js';
import { DcaOrderNotFoundError } from '../errors/DcaOrderNotFoundError.js';
import { DcaValidationError } from '../errors/DcaValidationError.js';
import { checkFillWorthGas, DEFAULT_MAX_FEE_SHARE_BPS } from '../fees/checkFillWorthGas.js';
import { createOrder, type DcaOrderInput } from '../order/createOrder.js';
import { fillAmount } from '../order/fillAmount.js';
import { type DcaCommand, transitionOrder } from '../order/transitionOrder.js';
import { callExecutor } from '../scheduler/callExecutor.js';
import type { DcaEventSink, DcaEventType } from '../scheduler/DcaEvent.js';
import { reopenReorgedFill } from '../order/reopenReorgedFill.js';
import { emitEvent } from '../scheduler/emitEvent.js';
import { collectDcaStats } from '../stats/collectDcaStats.js';
import type { DcaStats } from '../stats/computeDcaStats.js';
import type { DcaStore, ListOrdersParameters } from '../store/DcaStore.js';
import type { DcaFill, DcaOrder, DcaPage, DcaQuote } from '../types.js';

/** Parameters of the {@link DcaService} constructor. */
export interface DcaServiceParameters {
  readonly store: DcaStore;
  /** The most slippage an order may ask for, bps (the app's `MAX_SLIPPAGE_BPS`). */
  readonly maxSlippageBps: number;
  /**
   * When given, `create` quotes the order's first fill and refuses it with `DCA_FEE_TOO_HIGH` when, at today's gas,
   * the fill would be skipped as not worth its fee (so would every other).
   */
  readonly executor?: DcaExecutor;
  /** Default 500 (5 %); use the scheduler's value. */
  readonly maxFeeShareBps?: number;
  /**
   * With an executor: called with the creation quote of the first fill once the fee rule passed; throw to refuse an
   * order that could never fill (e.g. a fill worth more than the spend governor's per-transaction cap). What it
   * throws is what `create` throws; nothing is stored.
   */
  readonly checkFirstFill?: (parameters: DcaCheckFirstFillParameters) => void | Promise<void>;
  /** Time-out of the creation quote, ms (default 30 s). */
  readonly quoteTimeoutMs?: number;
  /** Receives `dca.paused`, `dca.resumed` and `dca.cancelled` for user commands. */
  readonly events?: DcaEventSink;
  /** The clock (default `Date.now`). */
  readonly now?: () => number;
  /** A faulty event sink. */
  readonly onError?: (error: unknown) => void;
}

/** What {@link DcaServiceParameters.checkFirstFill} is given. */
export interface DcaCheckFirstFillParameters {
  /** The order about to be stored. */
  readonly order: DcaOrder;
  /** The first fill's input, base units. */
  readonly amountIn: bigint;
  /** Its quote (value and worst-case fee in wei). */
  readonly quote: DcaQuote;
}

/** Parameters of {@link DcaService.create}. */
export interface DcaCreateParameters {
  readonly input: DcaOrderInput;
  /** Default a fresh UUIDv7. */
  readonly id?: string;
}

/** Parameters of {@link DcaService.fills}. */
export interface DcaFillsParameters {
  readonly orderId: string;
  readonly limit: number;
  readonly cursor?: string;
}

const COMMAND_EVENTS: Record<DcaCommand['type'], { type: DcaEventType; reason: string }> = {
  pause: { type: 'dca.paused', reason: 'Paused by a user.' },
  resume: { type: 'dca.resumed', reason: 'Resumed by a user: it runs again from the next slot.' },
  cancel: { type: 'dca.cancelled', reason: 'Cancelled by a user.' },
};
const MAX_ATTEMPTS = 5;

/**
 * The user-facing operations on orders, for an HTTP layer or an operator CLI: create (validated, optionally
 * refused when not worth its gas), read, list, pause, resume, cancel, stats. Commands are compare-and-set on the
 * order's `(status, version)`, re-read and decided again when the scheduler wrote in between; an illegal move
 * throws `DCA_INVALID_TRANSITION`, an unknown id `DCA_ORDER_NOT_FOUND`.
 *
 * @example
 * ```ts
 * const service = new DcaService({ store, maxSlippageBps: 300 });
 * const order = await service.create({ input });
 * await service.pause(order.id);
 * ```
 */
export class DcaService {
  readonly #store: DcaStore;
  readonly #maxSlippageBps: number;
  readonly #executor: DcaExecutor | undefined;
  readonly #maxFeeShareBps: number;
  readonly #checkFirstFill: DcaServiceParameters['checkFirstFill'];
  readonly #quoteTimeoutMs: number;
  readonly #events: DcaEventSink | undefined;
  readonly #now: () => number;
  readonly #onError: (error: unknown) => void;

  constructor(parameters: DcaServiceParameters) {
    if (typeof parameters?.store?.commit !== 'function') {
      throw new DcaValidationError({ field: 'store', message: 'expected a DcaStore' });
    }
    this.#store = parameters.store;
    this.#maxSlippageBps = parameters.maxSlippageBps;
    this.#executor = parameters.executor;
    this.#maxFeeShareBps = parameters.maxFeeShareBps ?? DEFAULT_MAX_FEE_SHARE_BPS;
    this.#checkFirstFill = parameters.checkFirstFill;
    this.#quoteTimeoutMs = parameters.quoteTimeoutMs ?? 30_000;
    this.#events = parameters.events;
    this.#now = parameters.now ?? Date.now;
    this.#onError = parameters.onError ?? (() => {});
    // Checked once here rather than at the first create.
    checkFillWorthGas({ valueWei: 1n, worstCaseFeeWei: 0n, maxFeeShareBps: this.#maxFeeShareBps });
  }

  /**
   * Validates and stores a new active order. With an executor, its first fill is quoted first and the order is
   * refused (`DCA_FEE_TOO_HIGH`) when that fill is not worth its gas; a quote that fails throws
   * `DCA_EXECUTOR_ERROR`/`DCA_EXECUTOR_TIMEOUT` and nothing is stored.
   */
  async create({ input, id }: DcaCreateParameters): Promise<DcaOrder> {
    const order = createOrder({
      input,
      now: this.#now(),
      maxSlippageBps: this.#maxSlippageBps,
      ...(id === undefined ? {} : { id }),
    });
    const executor = this.#executor;
    if (executor !== undefined) {
      const amountIn = fillAmount(order);
      const quote = await callExecutor('quote', this.#quoteTimeoutMs, (signal) =>
        executor.quote({ order, amountIn, signal }),
      );
      if (typeof quote?.valueWei !== 'bigint' || typeof quote.worstCaseFeeWei !== 'bigint') {
        throw new DcaExecutorError('DCA_EXECUTOR_ERROR', 'The executor returned an invalid quote.');
      }
      const { worthIt, shareBps } = checkFillWorthGas({
        valueWei: quote.valueWei,
        worstCaseFeeWei: quote.worstCaseFeeWei,
        maxFeeShareBps: this.#maxFeeShareBps,
      });
      if (!worthIt) throw new DcaFeeTooHighError({ shareBps, maxFeeShareBps: this.#maxFeeShareBps });
      await this.#checkFirstFill?.({ order, amountIn, quote });
    }
    await this.#store.insertOrder(order);
    return order;
  }

  /** The order; `DCA_ORDER_NOT_FOUND` when unknown. */
  async get(orderId: string): Promise<DcaOrder> {
    const order = await this.#store.getOrder(orderId);
    if (order === null) throw new DcaOrderNotFoundError({ orderId });
    return order;
  }

  /** An order's fill history, newest slot first; `DCA_ORDER_NOT_FOUND` when the order is unknown. */
  async fills({ orderId, limit, cursor }: DcaFillsParameters): Promise<DcaPage<DcaFill>> {
    await this.get(orderId);
    return this.#store.listFills(cursor === undefined ? { orderId, limit } : { orderId, limit, cursor });
  }

  /** Orders, newest first, optionally of one status. */
  async list(parameters: ListOrdersParameters): Promise<DcaPage<DcaOrder>> {
    return this.#store.listOrders(parameters);
  }

  /** active → paused. */
  async pause(orderId: string): Promise<DcaOrder> {
    return this.#command(orderId, { type: 'pause' });
  }

  /** paused → active, from the next slot at or after now (no burst of missed fills). */
  async resume(orderId: string): Promise<DcaOrder> {
    return this.#command(orderId, { type: 'resume' });
  }

  /** active | paused → cancelled (terminal). */
  async cancel(orderId: string): Promise<DcaOrder> {
    return this.#command(orderId, { type: 'cancel' });
  }

  /** Statistics over every order. */
  /**
   * A filled fill whose swap's block was reorganized away (issue 32): re-opened `pending` (`REORGED`), no longer
   * counted, followed again by the scheduler and counted once when it settles ({@link reopenReorgedFill}). Resolves
   * the fill as re-opened, or `null` when there is nothing to do (not filled, or the order has another open slot:
   * ask again later). A compare-and-set; a concurrent write is decided again on the fresh state.
   */
  async reopenReorgedFill({ orderId, slot }: { orderId: string; slot: number }): Promise<DcaFill | null> {
    for (let attempt = 1; ; attempt++) {
      const order = await this.get(orderId);
      const fill = await this.#store.getFill(orderId, slot);
      if (fill === null) return null;
      const r = reopenReorgedFill({ order, fill, now: this.#now() });
      if (!r.reopened) return null;
      try {
        await this.#store.commit({
          order: r.order,
          expected: { status: order.status, version: order.version },
          updateFill: { fill: r.fill, expectedStatus: 'filled' },
        });
        return r.fill;
      } catch (error) {
        const code = error instanceof BaseError ? error.code : null;
        if ((code !== 'DCA_VERSION_CONFLICT' && code !== 'DCA_FILL_CONFLICT') || attempt >= MAX_ATTEMPTS) {
          throw error;
        }
      }
    }
  }

  async stats(): Promise<DcaStats> {
    return collectDcaStats({ store: this.#store });
  }

  async #command(orderId: string, command: DcaCommand): Promise<DcaOrder> {
    for (let attempt = 1; ; attempt++) {
      const order = await this.get(orderId);
      const now = this.#now();
      const next = transitionOrder({ order, command, now });
      try {
        const stored = await this.#store.commit({
          order: next,
          expected: { status: order.status, version: order.version },
        });
        emitEvent(
          this.#events,
          {
            ...COMMAND_EVENTS[command.type],
            orderId,
            slot: null,
            code: command.type === 'pause' ? 'PAUSED_BY_USER' : null,
            at: now,
            fill: null,
            count: 1,
          },
          this.#onError,
        );
        return stored;
      } catch (error) {
        // The scheduler (or another request) wrote first: decide again on the fresh state.
        if (
          !(error instanceof BaseError && error.code === 'DCA_VERSION_CONFLICT') ||
          attempt >= MAX_ATTEMPTS
        ) {
          throw error;
        }
      }
    }
  }
}
