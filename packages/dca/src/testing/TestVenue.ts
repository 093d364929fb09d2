// Test-only implementation of the executor PORT (owned by this package): a swap venue with the gateway's
// idempotency contract — one swap per key, a repeat returns the first outcome — and scripted outcomes. It records
// every call so that tests can prove what the scheduler did (never two swaps for one key, bounded concurrency).
import type {
  DcaBalanceParameters,
  DcaExecuteParameters,
  DcaExecution,
  DcaExecutor,
  DcaLookupParameters,
  DcaQuoteParameters,
} from '../DcaExecutor.js';
import type { DcaQuote } from '../types.js';

/** What the venue does on the first `execute` of a key. */
export type VenueOutcome =
  | DcaExecution
  /** The swap happens, then the answer is lost (a crash or a network cut after broadcast). */
  | { readonly status: 'lost'; readonly result: DcaExecution }
  /** Throws before the venue received anything. */
  | { readonly status: 'unreachable' }
  /** Never answers (until `release()`). */
  | { readonly status: 'hang'; readonly result: DcaExecution };

export interface VenueCall {
  readonly method: 'balance' | 'quote' | 'execute' | 'lookup';
  readonly orderId: string;
  readonly key: string | null;
  readonly amountIn: bigint | null;
  readonly minAmountOut: bigint | null;
}

/** 1 token in (base unit) buys `rate` token out by default; value = amount in × 1e6 wei; fee 1e9 wei. */
export class TestVenue implements DcaExecutor {
  balances = new Map<string, bigint>();
  defaultBalance = 10n ** 30n;
  quoteOf: (amountIn: bigint, orderId: string) => DcaQuote = (amountIn) => ({
    amountOut: amountIn * 2n,
    valueWei: amountIn * 1_000_000n,
    worstCaseFeeWei: 1_000_000_000n,
  });
  /** The outcome of the next first-time executes (shifted per call), then `defaultOutcome`. */
  readonly script: VenueOutcome[] = [];
  defaultOutcome: (p: DcaExecuteParameters) => VenueOutcome = (p) => ({
    status: 'filled',
    amountIn: p.amountIn,
    amountOut: p.amountIn * 2n,
    txHash: `0x${p.slot.toString(16).padStart(64, '0')}`,
    feeWei: 21_000n,
    executionId: `exe-${p.idempotencyKey}`,
  });
  readonly calls: VenueCall[] = [];
  /** What the venue knows per key (what `lookup` answers). */
  readonly executions = new Map<string, DcaExecution>();
  /** Swaps actually performed per key (must never exceed 1). */
  readonly swaps = new Map<string, number>();
  inFlight = 0;
  maxInFlight = 0;
  readonly inFlightOrders = new Set<string>();
  twoAtOnceForOneOrder = false;
  failReads: 'balance' | 'quote' | 'lookup' | null = null;
  /** Runs before the swap is handed over (a test pauses or cancels the order here: the approval wait). */
  beforeHandOver: (p: DcaExecuteParameters) => Promise<void> = async () => {};
  /** Runs once the swap is handed over (after `beforeSend` let it through): the moment it is signed. */
  onHandOver: (p: DcaExecuteParameters) => Promise<void> = async () => {};
  readonly #hanging: (() => void)[] = [];

  async balance({ order }: DcaBalanceParameters): Promise<bigint> {
    this.calls.push({ method: 'balance', orderId: order.id, key: null, amountIn: null, minAmountOut: null });
    if (this.failReads === 'balance') throw new Error('RPC down');
    return this.balances.get(order.id) ?? this.defaultBalance;
  }

  async quote({ order, amountIn }: DcaQuoteParameters): Promise<DcaQuote> {
    this.calls.push({ method: 'quote', orderId: order.id, key: null, amountIn, minAmountOut: null });
    if (this.failReads === 'quote') throw new Error('RPC down');
    return this.quoteOf(amountIn, order.id);
  }

  async execute(p: DcaExecuteParameters): Promise<DcaExecution> {
    const { order, idempotencyKey: key } = p;
    this.calls.push({
      method: 'execute',
      orderId: order.id,
      key,
      amountIn: p.amountIn,
      minAmountOut: p.minAmountOut,
    });
    if (this.inFlightOrders.has(order.id)) this.twoAtOnceForOneOrder = true;
    this.inFlightOrders.add(order.id);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await Promise.resolve(); // let other workers start, so concurrency is observable
      const known = this.executions.get(key);
      if (known !== undefined) return known; // idempotent: the first outcome, never a second swap
      const outcome = this.script.shift() ?? this.defaultOutcome(p);
      if (outcome.status === 'unreachable') throw new Error('connection refused');
      await this.beforeHandOver(p);
      // As the gateway executor does: the order's state is claimed immediately before the swap is handed over.
      await p.beforeSend?.('swap');
      await this.onHandOver(p);
      const result = 'result' in outcome ? outcome.result : outcome;
      this.executions.set(key, result);
      if (
        result.status === 'filled' ||
        result.status === 'pending' ||
        (result.status === 'failed' && result.txHash)
      ) {
        this.swaps.set(key, (this.swaps.get(key) ?? 0) + 1);
      }
      if (outcome.status === 'lost') throw new Error('socket hang up');
      if (outcome.status === 'hang') await new Promise<void>((resolve) => this.#hanging.push(resolve));
      return result;
    } finally {
      this.inFlight--;
      this.inFlightOrders.delete(order.id);
    }
  }

  async lookup({ idempotencyKey, order }: DcaLookupParameters): Promise<DcaExecution | null> {
    this.calls.push({
      method: 'lookup',
      orderId: order.id,
      key: idempotencyKey,
      amountIn: null,
      minAmountOut: null,
    });
    if (this.failReads === 'lookup') throw new Error('RPC down');
    return this.executions.get(idempotencyKey) ?? null;
  }

  /** The gateway's reconciler finished a pending execution. */
  settle(key: string, result: DcaExecution): void {
    this.executions.set(key, result);
  }

  /** Lets hanging executes answer. */
  release(): void {
    for (const resolve of this.#hanging.splice(0)) resolve();
  }

  count(method: VenueCall['method']): number {
    return this.calls.filter((c) => c.method === method).length;
  }

  /** Keys swapped more than once (must stay empty). */
  doubleSwaps(): string[] {
    return [...this.swaps].filter(([, n]) => n > 1).map(([key]) => key);
  }
}
