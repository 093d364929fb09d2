import { type DcaScheduler, type DcaTickSummary, type DcaTimer, startDcaTimer } from '@org/dca';

/** Parameters of {@link DcaRuntime}. */
export interface DcaRuntimeParameters {
  /** Absent when no wallet is configured: nothing can fill. */
  readonly scheduler: DcaScheduler | undefined;
  /** `DCA_TICK_SECONDS` × 1000; 0 = no timer (ticks only when asked). */
  readonly tickMs: number;
  /** The scheduler's clock (injected in tests). */
  readonly now: () => number;
  readonly onTick?: (summary: DcaTickSummary) => void;
  readonly onError?: (error: unknown) => void;
}

/**
 * The server's DCA scheduler at run time: started and stopped with the server (`DCA_TICK_SECONDS`, never two ticks
 * at once), one tick on demand (`tick()`: the operator, and tests that drive time themselves), and its status for
 * `/dca/stats`.
 *
 * @example
 * ```ts
 * const runtime = new DcaRuntime({ scheduler, tickMs: 30_000, now: Date.now });
 * runtime.start();
 * await runtime.stop();
 * ```
 */
export class DcaRuntime {
  readonly #p: DcaRuntimeParameters;
  #timer: DcaTimer | undefined;
  #starting: Promise<void> | undefined;
  #stopped = false;
  #lastTickAt: number | null = null;

  constructor(parameters: DcaRuntimeParameters) {
    this.#p = parameters;
  }

  /**
   * Starts the timer once `prepare` has run (freeing this server's own stale leases, a first reconcile of the
   * gateway's open executions, so that a fill left open by a crash is settled at the first tick). No-op without a
   * scheduler, with `tickMs` 0, or after `stop`.
   */
  start(prepare: () => Promise<unknown> = async () => {}): void {
    if (this.#starting !== undefined || this.#stopped) return;
    if (this.#p.scheduler === undefined || this.#p.tickMs === 0) return;
    this.#starting = prepare()
      .catch((error: unknown) => this.#p.onError?.(error))
      .then(() => {
        if (this.#stopped) return;
        this.#timer = startDcaTimer({
          scheduler: { tick: (now) => this.#tick(now) },
          intervalMs: this.#p.tickMs,
          now: this.#p.now,
          ...(this.#p.onTick ? { onTick: this.#p.onTick } : {}),
          ...(this.#p.onError ? { onError: this.#p.onError } : {}),
        });
      });
  }

  /** Stops the timer for good; resolves once a tick under way has finished. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#starting;
    const timer = this.#timer;
    this.#timer = undefined;
    await timer?.stop();
  }

  /** One tick at the scheduler's clock now. Throws when no scheduler runs here (no wallet). */
  async tick(): Promise<DcaTickSummary> {
    if (this.#p.scheduler === undefined) throw new Error('no DCA scheduler: no wallet is configured');
    const summary = await this.#tick(this.#p.now());
    this.#p.onTick?.(summary);
    return summary;
  }

  status(): { running: boolean; tickSeconds: number; lastTickAt: number | null } {
    return {
      running: this.#timer !== undefined,
      tickSeconds: Math.round(this.#p.tickMs / 1000),
      lastTickAt: this.#lastTickAt,
    };
  }

  #tick(now: number): Promise<DcaTickSummary> {
    this.#lastTickAt = now;
    return (this.#p.scheduler as DcaScheduler).tick(now);
  }
}
