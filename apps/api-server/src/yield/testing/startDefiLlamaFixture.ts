// Test and bench support (never imported by runtime code): a real HTTP server on 127.0.0.1 answering DefiLlama's
// `/pools` and `/chart/{pool}` in their real shapes, with scriptable failures.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RawDefiLlamaPool } from './generateDefiLlamaPools.js';

/** How the next answers misbehave. */
export type DefiLlamaFault =
  | { kind: 'none' }
  /** HTTP 429 with `Retry-After`. */
  | { kind: 'rate-limited'; retryAfterSeconds?: number }
  /** HTTP 500 / 502 / 503 with an HTML or text body. */
  | { kind: 'server-error'; status: 500 | 502 | 503 }
  /** Headers at once, then the body trickles (one chunk every `chunkDelayMs`). */
  | { kind: 'slow-body'; chunkDelayMs: number }
  /** No answer for `delayMs`. */
  | { kind: 'slow-headers'; delayMs: number }
  /** A body of `bytes` bytes (padding inside a valid JSON document). */
  | { kind: 'huge'; bytes: number }
  /** 200 with a body that is not JSON. */
  | { kind: 'garbage' }
  /** The connection is destroyed without an answer. */
  | { kind: 'hang-up' };

/** A running fixture. */
export interface DefiLlamaFixture {
  readonly url: string;
  /** Every request: method and path (the query included). */
  readonly requests: { path: string }[];
  /** The pools `/pools` serves from now on (serialised once). */
  setPools(pools: readonly RawDefiLlamaPool[]): void;
  /** The rows `/chart/{pool}` serves for a pool (default: none → an empty list, as for an unknown pool). */
  setChart(pool: string, rows: readonly Record<string, unknown>[]): void;
  /** Misbehave on `/pools` (and `/chart` unless `path` says otherwise) until reset with `{ kind: 'none' }`. */
  setFault(fault: DefiLlamaFault, path?: 'pools' | 'chart' | 'both'): void;
  close(): Promise<void>;
}

/**
 * Starts the fixture on 127.0.0.1:random.
 *
 * @example
 * ```ts
 * const llama = await startDefiLlamaFixture({ pools: generateDefiLlamaPools({ count: 100, seed: 1 }) });
 * const client = createDefiLlamaClient({ baseUrl: llama.url, timeoutMs: 2000, maxBodyBytes: 1 << 24 });
 * ```
 */
export async function startDefiLlamaFixture({
  pools = [],
}: {
  pools?: readonly RawDefiLlamaPool[];
} = {}): Promise<DefiLlamaFixture> {
  let body = JSON.stringify({ status: 'success', data: pools });
  const charts = new Map<string, string>();
  let fault: DefiLlamaFault = { kind: 'none' };
  let faultPath: 'pools' | 'chart' | 'both' = 'both';
  const requests: { path: string }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const server = createServer((request: IncomingMessage, response) => {
    const path = request.url ?? '/';
    requests.push({ path });
    const chart = /^\/chart\/([^/?]+)$/.exec(path);
    const isPools = path === '/pools';
    if (!isPools && !chart) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    let payload: string;
    if (isPools) payload = body;
    else {
      const id = decodeURIComponent(chart?.[1] ?? '');
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
        response
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify('invalid configID!'));
        return;
      }
      payload = charts.get(id) ?? JSON.stringify({ status: 'success', data: [] });
    }
    const applies = faultPath === 'both' || (faultPath === 'pools' ? isPools : !isPools);
    const f: DefiLlamaFault = applies ? fault : { kind: 'none' };
    switch (f.kind) {
      case 'rate-limited':
        response
          .writeHead(429, { 'content-type': 'text/plain', 'retry-after': String(f.retryAfterSeconds ?? 60) })
          .end('Too Many Requests');
        return;
      case 'server-error':
        response
          .writeHead(f.status, { 'content-type': 'text/html' })
          .end(`<html><body>${f.status} error</body></html>`);
        return;
      case 'garbage':
        response.writeHead(200, { 'content-type': 'application/json' }).end('<html>maintenance</html>');
        return;
      case 'hang-up':
        request.socket.destroy();
        return;
      case 'slow-headers':
        later(() => response.writeHead(200, { 'content-type': 'application/json' }).end(payload), f.delayMs);
        return;
      case 'huge': {
        const pad = Math.max(0, f.bytes - payload.length - 20);
        response.writeHead(200, { 'content-type': 'application/json' });
        // Streamed in 1 MiB chunks: a valid document, just far too big.
        response.write(`{"padding":"`);
        const chunk = 'x'.repeat(1 << 20);
        let left = pad;
        const pump = () => {
          while (left > 0) {
            const n = Math.min(left, chunk.length);
            left -= n;
            if (!response.write(chunk.slice(0, n))) {
              response.once('drain', pump);
              return;
            }
          }
          response.end(`","status":"success","data":[]}`);
        };
        response.on('error', () => undefined);
        pump();
        return;
      }
      case 'slow-body': {
        response.writeHead(200, { 'content-type': 'application/json' });
        // Sliced as it goes (splitting a 13 MB body up front would itself delay the headers).
        let offset = 0;
        const next = () => {
          if (response.destroyed) return;
          if (offset >= payload.length) {
            response.end();
            return;
          }
          response.write(payload.slice(offset, offset + 64));
          offset += 64;
          later(next, f.chunkDelayMs);
        };
        next();
        return;
      }
      default:
        response.writeHead(200, { 'content-type': 'application/json' }).end(payload);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setPools(next) {
      body = JSON.stringify({ status: 'success', data: next });
    },
    setChart(pool, rows) {
      charts.set(pool, JSON.stringify({ status: 'success', data: rows }));
    },
    setFault(next, path = 'both') {
      fault = next;
      faultPath = path;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
