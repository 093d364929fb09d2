import { createServer, type Server } from 'node:http';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { answerClientError } from './answerClientError.js';
import { MAX_URL_BYTES } from './requestTargetLimit.js';

/**
 * Longest request line and headers together that the parser reads (Node's default is 16 KiB): room for a URL of
 * {@link MAX_URL_BYTES}, so that the app, not the parser, refuses a longer one with 414 and its problem body.
 */
export const MAX_HEADER_BYTES = 32 * 1024;

/**
 * The HTTP server for `app`: header section bounded by {@link MAX_HEADER_BYTES}, 20 s to send the headers, 60 s for the
 * whole request, and the API's problem shape for what the parser refuses (`clientError`: 400, 408, 413, 414, 431).
 * Not listening yet.
 *
 * @example
 * ```ts
 * const server = createHttpServer({ app, logger });
 * server.listen(8000, '127.0.0.1');
 * ```
 */
export function createHttpServer({ app, logger }: { app: Express; logger: Logger }): Server {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, app);
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  server.on('clientError', answerClientError({ logger, maxUrlBytes: MAX_URL_BYTES }));
  return server;
}
