import { randomBytes } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { Logger } from 'pino';
import { EventHub, type HubEvent } from './EventHub.js';
import type { SharedEventLog } from './SharedEventLog.js';

const CHANNEL = 'app_events';

/**
 * The event stream shared by every instance on one PostgreSQL: what any instance publishes is a row of `app_events`
 * (appended one at a time, so ids commit in order) followed by a `NOTIFY`; each instance `LISTEN`s, reads the rows
 * after the last it delivered and hands them to its hub (a poll every second covers a notification lost while its
 * connection was being replaced). Ids are `<epoch>-<row id>`, the same on every instance, so a client reconnecting
 * to another instance with `Last-Event-ID` gets what it missed.
 *
 * @example
 * ```ts
 * const events = new PostgresEventLog({ pool, log });
 * const hub = await events.open({ retain: 1_000 });
 * ```
 */
export class PostgresEventLog implements SharedEventLog {
  readonly #pool: Pool;
  readonly #log: Logger;
  #hub: EventHub | undefined;
  #listener: PoolClient | undefined;
  #poll: NodeJS.Timeout | undefined;
  #last = 0;
  #reading: Promise<void> = Promise.resolve();
  #appending: Promise<void> = Promise.resolve();
  #closed = false;
  #epoch = '';

  constructor({ pool, log }: { pool: Pool; log: Logger }) {
    this.#pool = pool;
    this.#log = log;
  }

  /** Creates the tables if needed, loads the last `retain` events and starts listening; the hub to publish to. */
  async open({ retain }: { retain: number }): Promise<EventHub> {
    const epoch = await this.#migrate();
    const hub = new EventHub({ retain, boot: epoch, relay: { append: (event) => this.#append(event) } });
    this.#hub = hub;
    const { rows } = await this.#pool.query(
      'SELECT id, type, at, data FROM (SELECT * FROM app_events ORDER BY id DESC LIMIT $1) r ORDER BY id',
      [retain],
    );
    for (const row of rows) this.#deliver(row);
    const listener = await this.#pool.connect();
    this.#listener = listener;
    listener.on('notification', () => this.#read());
    listener.on('error', (error) =>
      this.#log.warn({ err: { message: error.message } }, 'event listener failed'),
    );
    await listener.query(`LISTEN ${CHANNEL}`);
    this.#poll = setInterval(() => this.#read(), 1_000);
    this.#poll.unref();
    return hub;
  }

  /** Stops listening (after the events being appended are written). */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#poll);
    await this.#appending;
    await this.#reading;
    const listener = this.#listener;
    this.#listener = undefined;
    if (listener) {
      await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      listener.release();
    }
  }

  #append(event: Omit<HubEvent, 'id'>): void {
    this.#appending = this.#appending.then(async () => {
      const client = await this.#pool.connect();
      try {
        await client.query('BEGIN');
        // One writer at a time: ids commit in the order they are given, so a reader never skips one.
        await client.query("SELECT pg_advisory_xact_lock(hashtext('app_events'))");
        const { rows } = await client.query(
          'INSERT INTO app_events (type, at, data) VALUES ($1, $2, $3) RETURNING id',
          [event.type, event.at, JSON.stringify(event.data)],
        );
        await client.query('SELECT pg_notify($1, $2)', [CHANNEL, String(rows[0]?.id)]);
        await client.query('COMMIT');
        client.release();
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        client.release(true);
        this.#log.error(
          { err: { message: (error as Error).message }, type: event.type },
          'an event could not be written to the shared stream',
        );
      }
    });
  }

  #read(): void {
    if (this.#closed) return;
    this.#reading = this.#reading.then(async () => {
      try {
        const { rows } = await this.#pool.query(
          'SELECT id, type, at, data FROM app_events WHERE id > $1 ORDER BY id LIMIT 1000',
          [this.#last],
        );
        for (const row of rows) this.#deliver(row);
      } catch (error) {
        this.#log.warn({ err: { message: (error as Error).message } }, 'reading the shared events failed');
      }
    });
  }

  #deliver(row: Record<string, unknown>): void {
    const id = Number(row.id);
    if (id <= this.#last) return;
    this.#last = id;
    this.#hub?.deliver({
      id: `${this.#epoch}-${id}`,
      type: String(row.type),
      at: String(row.at),
      data: row.data as Record<string, unknown>,
    });
  }

  async #migrate(): Promise<string> {
    const client = await this.#pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("SELECT pg_advisory_xact_lock(hashtext('app-events-migrations'))");
      await client.query(`CREATE TABLE IF NOT EXISTS app_events (
        id bigserial PRIMARY KEY,
        type text NOT NULL,
        at text NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
      await client.query(
        'CREATE TABLE IF NOT EXISTS app_events_epoch (id smallint PRIMARY KEY CHECK (id = 1), epoch text NOT NULL)',
      );
      await client.query(
        'INSERT INTO app_events_epoch (id, epoch) VALUES (1, $1) ON CONFLICT (id) DO NOTHING',
        [randomBytes(4).toString('hex')],
      );
      const { rows } = await client.query('SELECT epoch FROM app_events_epoch WHERE id = 1');
      await client.query('COMMIT');
      client.release();
      this.#epoch = String(rows[0]?.epoch);
      return this.#epoch;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release(true);
      throw error;
    }
  }
}
