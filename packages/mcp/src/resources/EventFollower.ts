import type { WalletOpsClient } from '../client/WalletOpsClient.js';
import { sleep } from '../internal/sleep.js';

/** Parameters of {@link EventFollower}. */
export interface EventFollowerParameters {
  readonly client: WalletOpsClient;
  /** Called with each event's type (`governor.kill-switch`, `execution.held`…). */
  readonly onEvent: (type: string) => void;
  /** Called when the stream fails (it reconnects on its own); never with a secret. */
  readonly onError?: (message: string) => void;
  /** Wait before reconnecting, in milliseconds (default 2000, doubled up to 30 s). */
  readonly retryMs?: number;
}

/**
 * Follows the API server's `GET /events` stream (server-sent events, the trading key in a header) and reports each
 * event's type; reconnects with `Last-Event-ID` after a failure, backing off. One per MCP server process: the
 * resources' change notifications of every session come from it.
 *
 * @example
 * ```ts
 * const follower = new EventFollower({ client, onEvent: (type) => console.error(type) });
 * follower.start();
 * await follower.stop();
 * ```
 */
export class EventFollower {
  readonly #parameters: EventFollowerParameters;
  readonly #abort = new AbortController();
  #lastEventId: string | undefined;
  #running: Promise<void> | undefined;

  constructor(parameters: EventFollowerParameters) {
    this.#parameters = parameters;
  }

  /** Starts following (once). */
  start(): void {
    this.#running ??= this.#loop();
  }

  /** Stops following and waits for the connection to close. */
  async stop(): Promise<void> {
    this.#abort.abort();
    await this.#running;
  }

  async #loop(): Promise<void> {
    const base = this.#parameters.retryMs ?? 2000;
    let wait = base;
    while (!this.#abort.signal.aborted) {
      try {
        await this.#follow(() => {
          wait = base;
        });
      } catch (error) {
        if (this.#abort.signal.aborted) return;
        this.#parameters.onError?.(`event stream: ${error instanceof Error ? error.message : String(error)}`);
      }
      await sleep(wait, this.#abort.signal);
      wait = Math.min(wait * 2, 30_000);
    }
  }

  async #follow(onOpen: () => void): Promise<void> {
    const { client } = this.#parameters;
    const headers: Record<string, string> = { ...client.headers(), accept: 'text/event-stream' };
    if (this.#lastEventId !== undefined) headers['Last-Event-ID'] = this.#lastEventId;
    const response = await fetch(client.urlOf('/events'), { headers, signal: this.#abort.signal });
    if (!response.ok || !response.body) throw new Error(`answered ${response.status}`);
    onOpen();
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        this.#dispatch(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
    throw new Error('closed by the server');
  }

  #dispatch(block: string): void {
    let type: string | undefined;
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) type = line.slice(6).trim();
      else if (line.startsWith('id:')) this.#lastEventId = line.slice(3).trim();
    }
    if (type !== undefined) this.#parameters.onEvent(type);
  }
}
