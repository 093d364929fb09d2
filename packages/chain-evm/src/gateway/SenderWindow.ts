/** Parameters of the {@link SenderWindow} constructor. */
export interface SenderWindowParameters {
  /** At most this many unmined transactions per (chain, sender) (nodes keep 16 per account: geth's guarantee). */
  readonly maxPending: number;
  /** How long an execution waits for a free slot before it is refused (ms). */
  readonly waitMs: number;
  /**
   * The sender's unmined transactions as recorded (signed or pending executions of any process on the store). Slots
   * this window handed out and that are not recorded yet are added by the window itself.
   */
  readonly countUnmined: (key: { chainId: number; sender: string }) => Promise<number>;
  /** Called while an execution waits, at most once per re-check (e.g. to settle what was mined meanwhile). */
  readonly onWaiting?: (key: { chainId: number; sender: string }) => void;
  /** How often a waiting execution counts again without being woken (default 250 ms). */
  readonly recheckMs?: number;
  readonly clock?: () => number;
}

/** A slot: give it back once the transaction is recorded (the store counts it from then on) or nothing was signed. */
export type SenderWindowSlot = () => void;

interface Lane {
  /** Slots handed out and not given back yet. */
  held: number;
  /** Admission runs one at a time per lane (count → decide → take), so two admissions never share a count. */
  tail: Promise<unknown>;
  /** Wakes the executions waiting in this lane. */
  wake: Set<() => void>;
}

/**
 * The in-flight window per (chain, sender): at most `maxPending` unmined transactions, counting what the store
 * records as signed or pending and the slots handed out that are not recorded yet. An execution beyond it waits for
 * a slot — woken when one frees, re-counting every `recheckMs` — up to `waitMs`, then gets `null` (the caller
 * refuses with `SENDER_WINDOW_FULL`): never a signed transaction the node will drop.
 *
 * @example
 * ```ts
 * const window = new SenderWindow({ maxPending: 16, waitMs: 30_000, countUnmined });
 * const slot = await window.acquire({ chainId: 1, sender: address });
 * if (slot === null) throw new Error('SENDER_WINDOW_FULL');
 * try { await signAndRecord(); } finally { slot(); }
 * ```
 */
export class SenderWindow {
  readonly #p: SenderWindowParameters;
  readonly #clock: () => number;
  readonly #lanes = new Map<string, Lane>();

  constructor(parameters: SenderWindowParameters) {
    if (!Number.isInteger(parameters.maxPending) || parameters.maxPending < 1) {
      throw new RangeError('maxPending must be a positive integer');
    }
    this.#p = parameters;
    this.#clock = parameters.clock ?? Date.now;
  }

  /** A slot for one transaction of `sender` on `chainId`, or `null` when none freed within `waitMs`. */
  async acquire(key: { chainId: number; sender: string }): Promise<SenderWindowSlot | null> {
    const lane = this.#lane(key);
    const deadline = this.#clock() + this.#p.waitMs;
    for (;;) {
      if (await this.#tryTake(key, lane)) return this.#slot(key, lane);
      const remaining = deadline - this.#clock();
      if (remaining <= 0) return null;
      this.#p.onWaiting?.(key);
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          lane.wake.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(remaining, this.#p.recheckMs ?? 250));
        lane.wake.add(done);
      });
    }
  }

  /** Something left the window (a transaction mined, an execution settled): waiting executions count again. */
  notify(key: { chainId: number; sender: string }): void {
    for (const wake of [...this.#lane(key).wake]) wake();
  }

  #tryTake(key: { chainId: number; sender: string }, lane: Lane): Promise<boolean> {
    const take = async () => {
      const unmined = await this.#p.countUnmined(key);
      if (unmined + lane.held >= this.#p.maxPending) return false;
      lane.held++;
      return true;
    };
    const result = lane.tail.then(take, take);
    lane.tail = result.catch(() => undefined);
    return result;
  }

  #slot(key: { chainId: number; sender: string }, lane: Lane): SenderWindowSlot {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      lane.held--;
      this.notify(key);
    };
  }

  #lane({ chainId, sender }: { chainId: number; sender: string }): Lane {
    const id = `${chainId}:${sender.toLowerCase()}`;
    let lane = this.#lanes.get(id);
    if (!lane) {
      lane = { held: 0, tail: Promise.resolve(), wake: new Set() };
      this.#lanes.set(id, lane);
    }
    return lane;
  }
}
