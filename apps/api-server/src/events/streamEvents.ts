import type { Request, Response } from 'express';
import type { EventHub, HubEvent } from './EventHub.js';

/** Parameters of {@link streamEvents}. */
export interface StreamEventsParameters {
  readonly hub: EventHub;
  readonly req: Request;
  readonly res: Response;
  /** The client's `Last-Event-ID` (header, or `lastEventId` query parameter for clients that cannot set headers). */
  readonly lastEventId: string | undefined;
  /** A comment line this often keeps proxies from closing an idle stream (default 15 s). */
  readonly heartbeatMs?: number;
  /** A client that lets this much unsent data pile up is dropped (default 256 KiB); it reconnects and replays. */
  readonly maxBufferedBytes?: number;
}

/**
 * Serves one `text/event-stream` connection: first what the client missed (after `Last-Event-ID`; a `gap` event
 * says when older ones are gone), then every event live, each with an `id:` line; heartbeats; a slow consumer is
 * disconnected rather than allowed to grow the server's memory. Resolves when the connection ends.
 *
 * @example
 * ```ts
 * await streamEvents({ hub, req, res, lastEventId: req.get('last-event-id') });
 * ```
 */
export function streamEvents({
  hub,
  req,
  res,
  lastEventId,
  heartbeatMs = 15_000,
  maxBufferedBytes = 256 * 1024,
}: StreamEventsParameters): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  // Events are subscribed before the replay is read, so nothing published in between is lost (duplicates are
  // skipped by id).
  const queued: HubEvent[] = [];
  let replaying = true;
  let lastSent = 0;
  const sequence = (e: HubEvent) => Number(e.id.split('-')[1]);
  return new Promise<void>((resolve) => {
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      unsubscribe();
      unregister();
      clearInterval(heartbeat);
      if (!res.writableEnded) res.end();
      resolve();
    };
    const write = (chunk: string) => {
      if (ended) return;
      if (res.writableLength > maxBufferedBytes) {
        // The client does not keep up: drop it (it reconnects with Last-Event-ID and replays what is retained).
        end();
        req.socket.destroy();
        return;
      }
      res.write(chunk);
    };
    const send = (e: HubEvent) => {
      if (sequence(e) <= lastSent && lastSent !== 0) return;
      lastSent = sequence(e);
      write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
    };
    const unsubscribe = hub.subscribe((e) => {
      if (replaying) queued.push(e);
      else send(e);
    });
    const unregister = hub.onClose(end);
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), heartbeatMs);
    heartbeat.unref();
    req.on('close', end);
    res.on('close', end);
    write('retry: 2000\n\n');
    const missed = hub.since(lastEventId);
    if (missed.gap) write(`event: gap\ndata: ${JSON.stringify({ lastEventId: lastEventId ?? null })}\n\n`);
    for (const e of missed.events) send(e);
    replaying = false;
    for (const e of queued.splice(0)) send(e);
  });
}
