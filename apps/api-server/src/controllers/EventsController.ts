import type { Request as ExpressRequest } from 'express';
import {
  Controller,
  Get,
  Header,
  OperationId,
  Produces,
  Query,
  Request,
  Response,
  Route,
  Security,
  SuccessResponse,
  Tags,
} from '@tsoa/runtime';
import type { ProblemDto } from '../dto/problem.js';
import { streamEvents } from '../events/streamEvents.js';
import type { Services } from '../services/Services.js';

/** What happens, as it happens: server-sent events, so clients need not poll. */
@Route('events')
@Tags('Events')
@Response<ProblemDto>(401, 'Missing or invalid key')
export class EventsController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /**
   * A `text/event-stream` of governor changes (`governor.kill-switch`, `governor.blocked`, `governor.limits`),
   * execution changes (`execution.held`, `execution.broadcast`, `execution.settled`, `execution.blocked`,
   * `execution.replacement-refused`, `execution.cancel`, `execution.nonce-resynced` — another sender of the key took
   * a nonce, `execution.nonce-chain-ahead` — the chain used nonces this service never handed out (an alert),
   * `execution.nonce-filled` — a nonce whose transaction will never be sent was filled by a 0-value transfer to self,
   * `execution.reorged` — a mined execution's block was reorganized away), stored chain positions that no
   * longer match the chain (`chain.reorg`: a re-scan runs),
   * operator decisions (`confirmation.decided`), watcher alerts (`watcher.alert`), wallets whose checks start being
   * deferred (`watcher.deferred`: the node's head is below their baseline block) and vault sampling failures
   * (`yield.sampling-failed`). Each event carries an `id:`
   * line; reconnect with `Last-Event-ID` (or `?lastEventId=`) to receive what you missed while it is still retained
   * (the last 1,000 events; a `gap` event says when older ones are gone or the server restarted). Comment lines keep
   * idle connections open; a client that does not keep up is disconnected (reconnect and replay).
   * @summary Live event stream
   * @param lastEventId The last id you saw, for clients that cannot send the `Last-Event-ID` header.
   * @maxLength lastEventId 64
   * @maxLength lastEventIdHeader 64
   */
  @Get()
  @OperationId('streamEvents')
  @Security('api_key')
  @Security('operator_key')
  @Produces('text/event-stream')
  @SuccessResponse(200, 'An endless text/event-stream')
  @Response<ProblemDto>(
    429,
    'This client address already has `EVENTS_MAX_STREAMS_PER_CLIENT` streams open (`TOO_MANY_STREAMS`, `Retry-After`)',
  )
  @Response<ProblemDto>(
    503,
    'The server already holds `EVENTS_MAX_STREAMS` streams (`EVENT_STREAMS_FULL`, `Retry-After`), or it is shutting down (`SHUTTING_DOWN`)',
  )
  public async stream(
    @Request() req: ExpressRequest,
    @Header('Last-Event-ID') lastEventIdHeader?: string,
    @Query() lastEventId?: string,
  ): Promise<void> {
    const res = req.res;
    if (!res) return;
    // Bounded in all and per client address: a refusal is a problem answer, before any byte of the stream.
    const release = this.services.events.limits.acquire(req.socket.remoteAddress ?? 'unknown');
    res.once('close', release);
    await streamEvents({
      hub: this.services.events.hub,
      req,
      res,
      lastEventId: lastEventIdHeader ?? lastEventId,
      heartbeatMs: this.services.events.heartbeatMs,
    });
  }
}
