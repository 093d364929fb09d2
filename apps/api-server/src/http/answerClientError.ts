import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { ApiProblem } from './ApiProblem.js';
import { problemBody } from './problemBody.js';

/** What Node's HTTP parser reports (llhttp's `HPE_*` codes, and the server's own time-outs). */
type ParserError = Error & { code?: string; rawPacket?: Buffer };

const REQUEST_LINE = /^[A-Z]+ (\S+)/;

/** The problem for a parser error, or undefined when nothing can be answered (the client went away). */
function problemOf(error: ParserError, maxUrlBytes: number): ApiProblem | undefined {
  const code = error.code ?? '';
  if (code === 'HPE_HEADER_OVERFLOW') {
    // The request line and the headers together are over the server's limit: when the request line alone is (it has
    // not ended within what was read, or is longer than a URL may be), the URL is what is too long.
    const packet = error.rawPacket ?? Buffer.alloc(0);
    const lineEnd = packet.indexOf('\r\n');
    if (lineEnd === -1 || lineEnd > maxUrlBytes) {
      return new ApiProblem(414, 'URI_TOO_LONG', 'Request URL is too long', `at most ${maxUrlBytes} bytes`);
    }
    return new ApiProblem(431, 'HEADERS_TOO_LARGE', 'Request headers are too large');
  }
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW')
    return new ApiProblem(413, 'PAYLOAD_TOO_LARGE', 'Request chunk extensions are too large');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return new ApiProblem(408, 'REQUEST_TIMEOUT', 'The request did not arrive in time');
  if (code.startsWith('HPE_')) return new ApiProblem(400, 'MALFORMED_REQUEST', 'Malformed HTTP request');
  return undefined;
}

/**
 * The HTTP server's `clientError` handler: a request Node's parser refuses before the app sees it (a header section
 * over the limit, a broken request line or header, a time-out) gets the API's problem shape — status, stable `code`,
 * `application/problem+json`, a request id, no stack — instead of Node's bare status line; then the connection is
 * closed. A connection that is gone, or whose answer has already started, is only closed. Logged as a refusal
 * (never the raw bytes: they may carry a key).
 *
 * @example
 * ```ts
 * server.on('clientError', answerClientError({ logger, maxUrlBytes: 16 * 1024 }));
 * ```
 */
export function answerClientError({ logger, maxUrlBytes }: { logger: Logger; maxUrlBytes: number }) {
  const prefix = randomBytes(4).toString('hex');
  let counter = 0;
  return (error: ParserError, socket: Socket): void => {
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    const problem = problemOf(error, maxUrlBytes);
    if (problem === undefined || !socket.writable || inFlight?.headersSent === true) {
      socket.destroy();
      return;
    }
    const id = `${prefix}-c${(++counter).toString(36)}`;
    const target = REQUEST_LINE.exec(error.rawPacket?.subarray(0, 256).toString('latin1') ?? '')?.[1];
    const body = problemBody(problem, target?.split('?')[0], id);
    logger.info(
      { reqId: id, status: problem.status, code: problem.code, parserError: error.code },
      'request refused by the HTTP parser',
    );
    socket.end(
      `HTTP/1.1 ${problem.status} ${STATUS_TEXT[problem.status]}\r\n` +
        'Content-Type: application/problem+json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${id}\r\n` +
        'Cache-Control: no-store\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
      () => socket.destroy(),
    );
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};
