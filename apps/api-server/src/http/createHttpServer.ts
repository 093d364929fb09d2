import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { answerClientError } from './answerClientError.js';
import { MAX_URL_BYTES } from './requestTargetLimit.js';

/**
 * Longest request line and headers together that the parser reads (Node's default is 16 KiB): room for a URL of
 * {@link MAX_URL_BYTES}, so that the app, not the parser, refuses a longer one with 414 and its problem body.
 */
export const MAX_HEADER_BYTES = 32 * 1024;

/** Parameters of {@link createHttpServer}. */
export interface CreateHttpServerParameters {
  /** The request listener: the Express app, or the app behind a shutdown gate. */
  readonly app: (req: IncomingMessage, res: ServerResponse) => void;
  readonly logger: Logger;
  /** Time to send the request line and headers (default 20 s, the documented promise). */
  readonly headersTimeoutMs?: number;
  /** Time to send the whole request (default 60 s). */
  readonly requestTimeoutMs?: number;
}

/**
 * The HTTP server for `app`: header section bounded by {@link MAX_HEADER_BYTES}, 20 s to send the headers, 60 s for the
 * whole request, and the API's problem shape for what the parser refuses (`clientError`: 400, 408, 413, 414, 431).
 * Not listening yet.
 *
 * Node checks those time-outs only every `connectionsCheckingInterval` (30 s by default): a client sending its
 * headers one byte a second would hold its connection up to 50 s, not 20. The interval here is a twentieth of the
 * headers time-out (1 s for 20 s), so a slow client is cut within the time-out plus a second.
 *
 * @example
 * ```ts
 * const server = createHttpServer({ app, logger });
 * server.listen(8000, '127.0.0.1');
 * ```
 */
export function createHttpServer({
  app,
  logger,
  headersTimeoutMs = 20_000,
  requestTimeoutMs = 60_000,
}: CreateHttpServerParameters): Server {
  const server = createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.max(10, Math.floor(headersTimeoutMs / 20)),
    },
    app,
  );
  server.on('clientError', answerClientError({ logger, maxUrlBytes: MAX_URL_BYTES }));
  return server;
}
