import { randomUUID } from 'node:crypto';
import type { BridgeQuoteRequest, LifiQuote } from '@org/chain-evm';
import type { BridgeQuoteDto } from '../dto/bridge.js';

/** A checked quote as the book keeps it. */
export interface BookedQuote {
  readonly id: string;
  readonly createdAt: number;
  readonly quote: LifiQuote;
  readonly request: BridgeQuoteRequest;
  readonly dto: BridgeQuoteDto;
}

/** What {@link BridgeQuoteBook.take} found. */
export type TakeQuoteResult =
  | { readonly kind: 'taken'; readonly quote: BookedQuote }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'used' };

/**
 * The quotes `GET /bridge/quote` handed out, by id, so `POST /bridge/execute` runs exactly the checked quote — and
 * each at most once: `take` marks it used in the same synchronous step that reads it (one process; a quote id does
 * not survive a restart, so it cannot be executed twice across one either). Kept in memory for `keepMs`, at most
 * `capacity` of them (oldest dropped first).
 *
 * @example
 * ```ts
 * const book = new BridgeQuoteBook({ keepMs: 600_000 });
 * const id = book.add({ quote, request, dto: (id) => toDto(id) }).id;
 * book.take(id); // { kind: 'taken', quote } — then { kind: 'used' }
 * ```
 */
export class BridgeQuoteBook {
  readonly #quotes = new Map<string, BookedQuote & { used: boolean }>();
  readonly #keepMs: number;
  readonly #capacity: number;
  readonly #now: () => number;

  constructor({
    keepMs,
    capacity = 1_000,
    now = Date.now,
  }: { keepMs: number; capacity?: number; now?: () => number }) {
    this.#keepMs = keepMs;
    this.#capacity = capacity;
    this.#now = now;
  }

  /** Books a quote under a new id; `dto` builds the client's view with it. */
  add(p: {
    quote: LifiQuote;
    request: BridgeQuoteRequest;
    createdAt: number;
    dto: (id: string) => BridgeQuoteDto;
  }): BookedQuote {
    this.#prune();
    const id = `bq_${randomUUID()}`;
    const booked = { id, createdAt: p.createdAt, quote: p.quote, request: p.request, dto: p.dto(id) };
    this.#quotes.set(id, { ...booked, used: false });
    while (this.#quotes.size > this.#capacity) {
      const oldest = this.#quotes.keys().next().value;
      if (oldest === undefined) break;
      this.#quotes.delete(oldest);
    }
    return booked;
  }

  /** Reads a quote and marks it used, atomically: a second take of the same id is `used`. */
  take(id: string): TakeQuoteResult {
    this.#prune();
    const entry = this.#quotes.get(id);
    if (entry === undefined) return { kind: 'unknown' };
    if (entry.used) return { kind: 'used' };
    entry.used = true;
    const { used: _used, ...quote } = entry;
    return { kind: 'taken', quote };
  }

  #prune(): void {
    const before = this.#now() - this.#keepMs;
    for (const [id, entry] of this.#quotes) {
      if (entry.createdAt >= before) break;
      this.#quotes.delete(id);
    }
  }
}
