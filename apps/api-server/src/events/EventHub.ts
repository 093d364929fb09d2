import { randomBytes } from 'node:crypto';

/** One event of the live stream. */
export interface HubEvent {
  /** `<boot>-<sequence>`: unique across restarts (a client's `Last-Event-ID` from before a restart is recognised). */
  readonly id: string;
  /** e.g. `governor.kill-switch`, `execution.settled`, `confirmation.decided`, `watcher.alert`. */
  readonly type: string;
  /** ISO 8601. */
  readonly at: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** What a reconnecting client missed. `gap` = older events it never saw are gone (or the server restarted). */
export interface Missed {
  readonly events: readonly HubEvent[];
  readonly gap: boolean;
}

/**
 * Where a hub shared by several instances sends what it publishes (e.g. a table every instance reads): the event
 * comes back to every instance's hub, this one's included, through {@link EventHub.deliver}, with its shared id.
 */
export interface EventRelay {
  append(event: Omit<HubEvent, 'id'>): void;
}

/**
 * The server's event bus for `GET /events`: publishes to live subscribers and keeps the last `retain` events, so a
 * client that reconnects with `Last-Event-ID` gets what it missed (while still retained). In memory: a restart
 * starts a new sequence, and an id from before it reads as a gap. Listeners that throw are dropped, never the
 * publisher.
 *
 * @example
 * ```ts
 * const hub = new EventHub({ retain: 1000 });
 * const stop = hub.subscribe((e) => console.log(e.type));
 * hub.publish('governor.kill-switch', { engaged: true });
 * ```
 */
export class EventHub {
  readonly #boot: string;
  readonly #relay: EventRelay | undefined;
  readonly #retain: number;
  readonly #recent: HubEvent[] = [];
  readonly #listeners = new Set<(event: HubEvent) => void>();
  readonly #closers = new Set<() => void>();
  #sequence = 0;

  constructor({
    retain = 1_000,
    boot = randomBytes(4).toString('hex'),
    relay,
  }: {
    retain?: number;
    /** 8 hex digits: the first part of every id (random per process; shared by the instances of one event log). */
    boot?: string;
    /** Set when several instances share the stream: publishing appends there, and events arrive by `deliver`. */
    relay?: EventRelay;
  } = {}) {
    if (!/^[0-9a-f]{8}$/.test(boot)) throw new Error('EventHub: boot must be 8 hex digits');
    this.#retain = retain;
    this.#boot = boot;
    this.#relay = relay;
  }

  /**
   * Publishes an event. With a relay the event is appended there and reaches the subscribers (of every instance)
   * once the relay delivers it: the event returned has no id yet (`''`).
   */
  publish(type: string, data: Readonly<Record<string, unknown>>): HubEvent {
    const body = {
      type,
      at: new Date().toISOString(),
      data: JSON.parse(JSON.stringify(data, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))),
    };
    if (this.#relay !== undefined) {
      this.#relay.append(body);
      return { id: '', ...body };
    }
    const event: HubEvent = { id: `${this.#boot}-${++this.#sequence}`, ...body };
    this.#emit(event);
    return event;
  }

  /**
   * An event from the relay, with its shared id `<boot>-<sequence>` (sequences increasing); one at or below the last
   * delivered is ignored.
   */
  deliver(event: HubEvent): void {
    const match = /^([0-9a-f]{8})-([0-9]+)$/.exec(event.id);
    if (!match || match[1] !== this.#boot) return;
    const sequence = Number(match[2]);
    if (sequence <= this.#sequence) return;
    this.#sequence = sequence;
    this.#emit(event);
  }

  #emit(event: HubEvent): void {
    this.#recent.push(event);
    if (this.#recent.length > this.#retain) this.#recent.shift();
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch {
        this.#listeners.delete(listener);
      }
    }
  }

  /** Live events from now on; returns the unsubscribe function. */
  subscribe(listener: (event: HubEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Events after `lastEventId` (all retained ones for an unknown id, with `gap` set). */
  since(lastEventId: string | undefined): Missed {
    if (lastEventId === undefined || lastEventId === '') return { events: [], gap: false };
    const match = /^([0-9a-f]{8})-([0-9]+)$/.exec(lastEventId);
    if (!match || match[1] !== this.#boot) return { events: [...this.#recent], gap: true };
    const seen = Number(match[2]);
    const first = this.#recent[0];
    const firstSequence = first ? Number(first.id.split('-')[1]) : this.#sequence + 1;
    return {
      events: this.#recent.filter((e) => Number(e.id.split('-')[1]) > seen),
      gap: seen + 1 < firstSequence,
    };
  }

  /** Called when the server shuts down (open streams end so the server can close); returns the unregister. */
  onClose(closer: () => void): () => void {
    this.#closers.add(closer);
    return () => this.#closers.delete(closer);
  }

  /** Ends every open stream (shutdown). */
  close(): void {
    for (const closer of [...this.#closers]) closer();
    this.#closers.clear();
  }

  /** How many subscribers are connected. */
  get subscribers(): number {
    return this.#listeners.size;
  }
}
