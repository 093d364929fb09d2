import { ApiProblem } from '../http/ApiProblem.js';

/**
 * How many `GET /events` streams may be open: in all, and per client address. A stream holds a socket, a timer and
 * a subscription for as long as the client likes, so both are bounded: one client cannot take every slot, and many
 * cannot exhaust the process.
 *
 * @example
 * ```ts
 * const limits = new StreamLimits({ total: 100, perClient: 10 });
 * const release = limits.acquire('127.0.0.1'); // throws 429 TOO_MANY_STREAMS / 503 EVENT_STREAMS_FULL
 * res.on('close', release);
 * ```
 */
export class StreamLimits {
  readonly #total: number;
  readonly #perClient: number;
  readonly #open = new Map<string, number>();
  #count = 0;

  constructor({ total, perClient }: { total: number; perClient: number }) {
    this.#total = total;
    this.#perClient = perClient;
  }

  /** Takes a slot for `client` or throws the problem to answer; the returned function gives it back (once). */
  acquire(client: string): () => void {
    const mine = this.#open.get(client) ?? 0;
    if (mine >= this.#perClient)
      throw new ApiProblem(
        429,
        'TOO_MANY_STREAMS',
        'Too many event streams from this client',
        `at most ${this.#perClient} (EVENTS_MAX_STREAMS_PER_CLIENT)`,
        { retryAfterSeconds: 5 },
      );
    if (this.#count >= this.#total)
      throw new ApiProblem(
        503,
        'EVENT_STREAMS_FULL',
        'The server has as many event streams open as it allows',
        `at most ${this.#total} (EVENTS_MAX_STREAMS)`,
        { retryAfterSeconds: 5 },
      );
    this.#open.set(client, mine + 1);
    this.#count += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#count -= 1;
      const left = (this.#open.get(client) ?? 1) - 1;
      if (left === 0) this.#open.delete(client);
      else this.#open.set(client, left);
    };
  }

  /** Streams open now. */
  get open(): number {
    return this.#count;
  }
}
