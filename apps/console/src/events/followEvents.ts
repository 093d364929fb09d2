import { authHeaders, type Session } from '../session/Session';
import { createEventStreamParser } from './parseEventStream';

/** One event of `GET /events`: its type, its id (empty for a `gap`) and its JSON payload. */
export interface ConsoleEvent {
  readonly type: string;
  readonly id: string;
  readonly payload: unknown;
}

/** The connection as the page shows it. */
export type StreamState =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'open' }
  | {
      readonly kind: 'reconnecting';
      readonly attempt: number;
      readonly inMs: number;
      readonly reason: string;
    }
  | { readonly kind: 'refused'; readonly status: number; readonly code: string }
  | { readonly kind: 'closed' };

/** Parameters of {@link followEvents}. */
export interface FollowEventsParameters {
  readonly session: Session;
  readonly onEvent: (event: ConsoleEvent) => void;
  readonly onState: (state: StreamState) => void;
  /** Default `/events` (this origin). */
  readonly url?: string;
  /** No byte (not even a heartbeat) for this long → the connection is dropped and made again. Default 75 s. */
  readonly idleTimeoutMs?: number;
  /** Longest wait between attempts. Default 30 s. */
  readonly maxDelayMs?: number;
}

/**
 * Follows the server's live stream with `fetch` and a streaming parser (`EventSource` cannot send the key header):
 * reconnects after an end, an error or a silent connection, sending `Last-Event-ID` so the server replays what was
 * missed; waits the server's `retry:` delay, doubled after each failed attempt (capped). A 401/403 stops it (the
 * key is no longer accepted) and says so. Returns `stop()`.
 *
 * @example
 * ```ts
 * const follower = followEvents({ session, onEvent: (e) => refresh(e.type), onState: show });
 * follower.stop();
 * ```
 */
export function followEvents({
  session,
  onEvent,
  onState,
  url = '/events',
  idleTimeoutMs = 75_000,
  maxDelayMs = 30_000,
}: FollowEventsParameters): { stop(): void } {
  let stopped = false;
  let controller: AbortController | undefined;
  let wake: (() => void) | undefined;
  let lastEventId = '';
  let retryMs = 2_000;
  let failures = 0;

  const connectOnce = async (): Promise<{ refused?: { status: number; code: string }; reason: string }> => {
    const abort = new AbortController();
    controller = abort;
    let silent = false;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const resetIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        silent = true;
        abort.abort();
      }, idleTimeoutMs);
    };
    try {
      resetIdle();
      const headers: Record<string, string> = { Accept: 'text/event-stream', ...authHeaders(session) };
      if (lastEventId !== '') headers['Last-Event-ID'] = lastEventId;
      const response = await fetch(url, {
        headers,
        signal: abort.signal,
        cache: 'no-store',
        credentials: 'omit',
        redirect: 'error',
      });
      if (response.status === 401 || response.status === 403) {
        const problem = (await response.json().catch(() => ({}))) as { code?: unknown };
        const code = typeof problem.code === 'string' ? problem.code : `HTTP_${response.status}`;
        return { refused: { status: response.status, code }, reason: code };
      }
      if (!response.ok || response.body === null) {
        await response.body?.cancel();
        return { reason: `the server answered ${response.status}` };
      }
      onState({ kind: 'open' });
      const parser = createEventStreamParser({
        onEvent: (e) => {
          if (e.lastEventId !== '') lastEventId = e.lastEventId;
          let payload: unknown = e.data;
          try {
            payload = JSON.parse(e.data);
          } catch {
            // Not JSON: handed over as text.
          }
          onEvent({ type: e.type, id: e.lastEventId, payload });
        },
        onRetry: (ms) => {
          retryMs = ms;
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        resetIdle();
        failures = 0;
        parser.push(value);
      }
      return { reason: 'the stream ended' };
    } catch {
      if (silent) return { reason: `nothing received for ${idleTimeoutMs / 1000} s` };
      return { reason: 'the connection failed' };
    } finally {
      clearTimeout(idle);
    }
  };

  const run = async () => {
    onState({ kind: 'connecting' });
    while (!stopped) {
      const outcome = await connectOnce();
      if (stopped) break;
      if (outcome.refused) {
        onState({ kind: 'refused', ...outcome.refused });
        return;
      }
      failures++;
      const inMs = Math.min(maxDelayMs, retryMs * 2 ** (failures - 1));
      onState({ kind: 'reconnecting', attempt: failures, inMs, reason: outcome.reason });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, inMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
    onState({ kind: 'closed' });
  };
  void run();
  return {
    stop() {
      stopped = true;
      controller?.abort();
      wake?.();
    },
  };
}
