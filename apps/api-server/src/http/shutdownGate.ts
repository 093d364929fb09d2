import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiProblem } from './ApiProblem.js';
import { problemBody } from './problemBody.js';

/** A request listener that stops letting requests through once {@link ShutdownGate.close} was called. */
export interface ShutdownGate {
  (req: IncomingMessage, res: ServerResponse): void;
  /** From now on every new request is answered `503 SHUTTING_DOWN` (with `Connection: close`). */
  close(): void;
  /** How many requests let through are still running (their answer not yet finished or aborted). */
  inFlight(): number;
}

/**
 * Wraps the app's request listener for a graceful shutdown: requests already inside the app run to their end (an
 * execution reaches broadcast-or-not and is recorded), but a request that arrives after `close()` — on a kept-alive
 * connection, or accepted just before the listener stopped — is refused at once with `503 SHUTTING_DOWN`, a
 * `Retry-After` and `Connection: close`, so that a client retries against the next process instead of starting
 * work this one would have to abandon.
 *
 * @example
 * ```ts
 * const gate = shutdownGate(app);
 * const server = createServer(gate);
 * process.once('SIGTERM', () => { gate.close(); server.close(); });
 * ```
 */
export function shutdownGate(app: (req: IncomingMessage, res: ServerResponse) => void): ShutdownGate {
  let closed = false;
  let running = 0;
  const gate = ((req: IncomingMessage, res: ServerResponse) => {
    if (!closed) {
      running += 1;
      res.once('close', () => {
        running -= 1;
      });
      app(req, res);
      return;
    }
    const problem = new ApiProblem(
      503,
      'SHUTTING_DOWN',
      'The server is shutting down',
      'Retry against another instance, or after the restart',
    );
    const path = (req.url ?? '/').split('?')[0]?.slice(0, 200);
    res.writeHead(503, {
      'Content-Type': 'application/problem+json',
      'Retry-After': '5',
      Connection: 'close',
      'Cache-Control': 'no-store',
    });
    res.end(problemBody(problem, path, randomUUID()));
    req.resume();
  }) as ShutdownGate;
  gate.close = () => {
    closed = true;
  };
  gate.inFlight = () => running;
  return gate;
}
