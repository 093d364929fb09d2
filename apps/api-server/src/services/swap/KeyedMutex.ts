const MAX_KEYS = 10_000;

/**
 * Runs work one at a time per key, in arrival order (different keys run concurrently). In memory: it orders the work
 * of this process only.
 *
 * @example
 * ```ts
 * const mutex = new KeyedMutex();
 * await mutex.run(`${chainId}:${token}:${router}`, () => approveThenSwap());
 * ```
 */
export class KeyedMutex {
  readonly #tails = new Map<string, Promise<void>>();
  /** Completed runs per key (bounded: the oldest keys are forgotten, and read as "unknown"). */
  readonly #runs = new Map<string, number>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => done);
    this.#tails.set(key, tail);
    try {
      await previous;
      return await work();
    } finally {
      const runs = (this.#runs.get(key) ?? 0) + 1;
      this.#runs.delete(key);
      this.#runs.set(key, runs);
      if (this.#runs.size > MAX_KEYS) {
        const oldest = this.#runs.keys().next().value;
        if (oldest !== undefined) this.#runs.delete(oldest);
      }
      release();
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }

  /**
   * How many runs of `key` have completed: a value read outside the lock is still current inside it only if this
   * did not change in between (`-1` once the key was forgotten).
   */
  runs(key: string): number {
    return this.#runs.get(key) ?? (this.#runs.size >= MAX_KEYS ? -1 : 0);
  }

  /** Keys with work running or waiting. */
  get size(): number {
    return this.#tails.size;
  }
}
