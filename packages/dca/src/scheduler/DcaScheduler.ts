import type { DcaExecutor } from '../DcaExecutor.js';
import { DcaValidationError } from '../errors/DcaValidationError.js';
import { DEFAULT_MAX_FEE_SHARE_BPS } from '../fees/checkFillWorthGas.js';
import { uuidv7 } from '../internal/uuidv7.js';
import type { DcaBlockEffect } from '../order/blockEffects.js';
import type { DcaStore } from '../store/DcaStore.js';
import type { DcaOrder } from '../types.js';
import type { DcaEventSink } from './DcaEvent.js';
import { emitEvent } from './emitEvent.js';
import { type DcaTickSummary, type OrderContext, processOrder } from './processOrder.js';

/** Parameters of the {@link DcaScheduler} constructor. */
export interface DcaSchedulerParameters {
  readonly store: DcaStore;
  readonly executor: DcaExecutor;
  /** Receives `dca.filled`, `dca.skipped`, `dca.blocked`, `dca.failed`, `dca.paused`, `dca.completed`. */
  readonly events?: DcaEventSink;
  /** Lease owner id of this instance (default a fresh UUIDv7). Give each instance its own. */
  readonly owner?: string;
  /** Orders processed at the same time (default 4); one order never runs two fills at once. */
  readonly concurrency?: number;
  /** Orders claimed per round (default 100). */
  readonly batchSize?: number;
  /** Most orders one tick processes (default 1000); the rest wait for the next tick. */
  readonly maxOrdersPerTick?: number;
  /**
   * Lease on a claimed order, ms (default 15 min): must exceed the longest work on one order,
   * `2 × executeTimeoutMs + 3 × readTimeoutMs`. Exactly-once does not rest on it (the store's unique slot and the
   * executor's idempotency key do); it keeps instances from working on the same order at once.
   */
  readonly leaseMs?: number;
  /**
   * How late a slot may run and still be on time, ms (default the larger of 5 min and 2 × `tickMs`); later, the
   * catch-up policy decides. A slot that fell due after the previous tick of this instance began is on time anyway,
   * unless that tick began more than `leaseMs + graceMs` earlier (then the scheduler was stopped, not slow).
   */
  readonly graceMs?: number;
  /** The period of the timer that calls `tick`, ms (0 or absent: none); the default grace follows it. */
  readonly tickMs?: number;
  /** Auto-pause after this many failed fills in a row (default 3). */
  readonly maxConsecutiveFailures?: number;
  /** Skip a fill whose worst-case fee exceeds this share of its value, bps (default 500 = 5 %). */
  readonly maxFeeShareBps?: number;
  /** When to look again at a fill left pending or with an unknown outcome, ms (default 30 s). */
  readonly pendingRecheckMs?: number;
  /** Time-out of `balance`, `quote` and `lookup`, ms (default 30 s). */
  readonly readTimeoutMs?: number;
  /** Time-out of `execute`, ms (default 5 min); past it the fill stays running and is finished through `lookup`. */
  readonly executeTimeoutMs?: number;
  /** Overrides of `DCA_BLOCK_EFFECTS` (what a block code does to the order). */
  readonly blockEffects?: Readonly<Record<string, DcaBlockEffect>>;
  /** Infrastructure errors (a store failure, a faulty event sink): the scheduler goes on. */
  readonly onError?: (error: unknown, context: { readonly orderId: string | null }) => void;
}

function option(value: number | undefined, fallback: number, name: string, min: number, max: number): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < min || v > max) {
    throw new DcaValidationError({ field: name, message: `expected an integer from ${min} to ${max}` });
  }
  return v;
}

const MAX_TIMER = 2_147_483_647;
const MIN_GRACE_MS = 300_000;

/** The default grace: 5 min, or two tick periods when ticks are sparser (a slot may wait a whole tick). */
function defaultGraceMs(tickMs: number): number {
  return Math.max(MIN_GRACE_MS, 2 * tickMs);
}

/**
 * Runs due fills. `tick(now)` claims due orders from the store (with a lease, so several instances never run the
 * same order), finishes fills left open (asking the executor again with the same idempotency key), then runs each
 * order's due slots through the executor — bounded concurrency across orders, never two fills of one order at once.
 * No clock inside: the caller passes `now` (see `startDcaTimer` for the interval loop).
 *
 * @example
 * ```ts
 * const scheduler = new DcaScheduler({ store, executor, events: (e) => bus.publish(e) });
 * const summary = await scheduler.tick(Date.now()); // { claimed, filled, skipped, … }
 * ```
 */
export class DcaScheduler {
  readonly #p: Omit<OrderContext, 'summary' | 'emit' | 'previousTickAt'>;
  /** When the previous tick began (null before the first). */
  #previousTickAt: number | null = null;
  readonly #events: DcaEventSink | undefined;
  readonly #onError: (error: unknown, context: { readonly orderId: string | null }) => void;
  readonly #concurrency: number;
  readonly #batchSize: number;
  readonly #maxOrdersPerTick: number;
  readonly #leaseMs: number;
  readonly #inFlight = new Set<string>();

  constructor(parameters: DcaSchedulerParameters) {
    const { store, executor } = parameters;
    if (typeof store?.claimDue !== 'function') {
      throw new DcaValidationError({ field: 'store', message: 'expected a DcaStore' });
    }
    for (const method of ['balance', 'quote', 'execute', 'lookup'] as const) {
      if (typeof executor?.[method] !== 'function') {
        throw new DcaValidationError({ field: 'executor', message: `expected a DcaExecutor (no ${method})` });
      }
    }
    const owner = parameters.owner ?? uuidv7();
    if (typeof owner !== 'string' || owner.length === 0 || owner.length > 256) {
      throw new DcaValidationError({ field: 'owner', message: 'expected a non-empty string' });
    }
    this.#p = {
      store,
      executor,
      owner,
      graceMs: option(
        parameters.graceMs,
        defaultGraceMs(option(parameters.tickMs, 0, 'tickMs', 0, MAX_TIMER)),
        'graceMs',
        0,
        Number.MAX_SAFE_INTEGER,
      ),
      maxConsecutiveFailures: option(parameters.maxConsecutiveFailures, 3, 'maxConsecutiveFailures', 1, 1000),
      maxFeeShareBps: option(
        parameters.maxFeeShareBps,
        DEFAULT_MAX_FEE_SHARE_BPS,
        'maxFeeShareBps',
        0,
        10_000,
      ),
      pendingRecheckMs: option(parameters.pendingRecheckMs, 30_000, 'pendingRecheckMs', 1, MAX_TIMER),
      readTimeoutMs: option(parameters.readTimeoutMs, 30_000, 'readTimeoutMs', 1, MAX_TIMER),
      executeTimeoutMs: option(parameters.executeTimeoutMs, 300_000, 'executeTimeoutMs', 1, MAX_TIMER),
      blockEffects: parameters.blockEffects ?? {},
    };
    this.#events = parameters.events;
    this.#onError = parameters.onError ?? (() => {});
    this.#concurrency = option(parameters.concurrency, 4, 'concurrency', 1, 256);
    this.#batchSize = option(parameters.batchSize, 100, 'batchSize', 1, 1000);
    this.#maxOrdersPerTick = option(parameters.maxOrdersPerTick, 1000, 'maxOrdersPerTick', 1, 1_000_000);
    this.#leaseMs = option(parameters.leaseMs, 900_000, 'leaseMs', 1, MAX_TIMER);
    // The longest work on one claimed order: finishing an open fill (lookup, execute) and then the next slot
    // (balance, quote, execute). A lease shorter than that could expire while this instance still works.
    const longest = 2 * this.#p.executeTimeoutMs + 3 * this.#p.readTimeoutMs;
    if (this.#leaseMs <= longest) {
      throw new DcaValidationError({
        field: 'leaseMs',
        message: `must exceed 2 × executeTimeoutMs + 3 × readTimeoutMs (${longest} ms)`,
      });
    }
  }

  /** This instance's lease owner id. */
  get owner(): string {
    return this.#p.owner;
  }

  /**
   * One pass at time `now` (Unix ms): claim due orders in rounds of `batchSize` until none is left or
   * `maxOrdersPerTick` were processed, run them, and report the counts. An order is processed at most once per
   * tick; an infrastructure error on one order is reported to `onError` and does not stop the others.
   */
  async tick(now: number): Promise<DcaTickSummary> {
    if (!Number.isSafeInteger(now) || now < 0) {
      throw new DcaValidationError({ field: 'now', message: 'expected Unix milliseconds' });
    }
    const summary: DcaTickSummary = {
      claimed: 0,
      filled: 0,
      pending: 0,
      skipped: 0,
      blocked: 0,
      failed: 0,
      paused: 0,
      completed: 0,
      errors: 0,
    };
    const previousTickAt = this.#previousTickAt;
    this.#previousTickAt = previousTickAt === null ? now : Math.max(previousTickAt, now);
    const ctx: OrderContext = {
      ...this.#p,
      // A gap between ticks longer than a lease and a grace is not a slow tick but a stop (downtime, suspension).
      previousTickAt:
        previousTickAt !== null &&
        previousTickAt < now &&
        now - previousTickAt <= this.#leaseMs + this.#p.graceMs
          ? previousTickAt
          : null,
      summary,
      emit: (event) =>
        emitEvent(this.#events, event, (error) => this.#onError(error, { orderId: event.orderId })),
    };
    const seen = new Set<string>();
    while (seen.size < this.#maxOrdersPerTick) {
      const limit = Math.min(this.#batchSize, this.#maxOrdersPerTick - seen.size);
      const batch = await this.#p.store.claimDue({
        now,
        limit,
        owner: this.#p.owner,
        leaseMs: this.#leaseMs,
      });
      const fresh = batch.filter((order) => !seen.has(order.id));
      for (const order of batch) if (seen.has(order.id)) await this.#release(order.id);
      if (fresh.length === 0) break;
      for (const order of fresh) seen.add(order.id);
      summary.claimed += fresh.length;
      await this.#runAll(fresh, (order) => this.#run(ctx, order, now));
      if (batch.length < limit) break;
    }
    return summary;
  }

  async #run(ctx: OrderContext, order: DcaOrder, now: number): Promise<void> {
    if (this.#inFlight.has(order.id)) return; // an overlapping call runs it: never two fills of one order
    this.#inFlight.add(order.id);
    let released = false;
    try {
      released = await processOrder(ctx, order, now);
    } catch (error) {
      ctx.summary.errors++;
      this.#onError(error, { orderId: order.id });
    } finally {
      if (!released) await this.#release(order.id);
      this.#inFlight.delete(order.id);
    }
  }

  async #release(orderId: string): Promise<void> {
    try {
      await this.#p.store.releaseLease({ orderId, owner: this.#p.owner });
    } catch (error) {
      this.#onError(error, { orderId }); // the lease expires on its own
    }
  }

  /** Runs `work` over `orders` with at most `concurrency` at a time. */
  async #runAll(orders: readonly DcaOrder[], work: (order: DcaOrder) => Promise<void>): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < orders.length) {
        const order = orders[next++] as DcaOrder;
        await work(order);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.#concurrency, orders.length) }, worker));
  }
}
