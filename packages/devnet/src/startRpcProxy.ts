import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { InvalidParameterError } from './errors/InvalidParameterError.js';

/** One JSON-RPC request as the proxy saw it (a batch counts each entry). */
export interface ProxiedRequest {
  readonly method: string;
  readonly params: readonly unknown[];
  /** `performance.now()` when the request arrived. */
  readonly startedAt: number;
  /** Milliseconds until its answer was ready (null while in flight, or when dropped). */
  readonly durationMs: number | null;
}

/**
 * What {@link RpcProxy.intercept} decides for one request: `undefined` forwards it upstream; an `error` answers a
 * JSON-RPC error without forwarding; `drop` closes the connection without an answer (a node lost mid-request);
 * `delayMs` forwards it after that many milliseconds, `until` once the promise settles (a slow node, or a lookup
 * held until the test has seen something else happen); `swallow` never forwards nor answers it (a node that takes a
 * request and goes silent: the client times out, and the node never saw it); `raw` answers that HTTP body verbatim
 * (status 200, `application/json`) without forwarding — a node that answers garbage: not JSON, or JSON that is not a
 * JSON-RPC answer (in a batch, the whole answer is that body).
 */
export type InterceptDecision =
  | undefined
  | { readonly error: { readonly code: number; readonly message: string } }
  | { readonly result: unknown }
  | { readonly delayMs: number }
  | { readonly until: PromiseLike<unknown> }
  | { readonly swallow: true }
  | { readonly raw: string }
  | 'drop';

/** Parameters of {@link startRpcProxy}. */
export interface StartRpcProxyParameters {
  /** The node behind the proxy, e.g. `devnet.rpcUrl`. */
  readonly upstream: string;
}

/** A running proxy. */
export interface RpcProxy {
  /** `http://127.0.0.1:PORT` — point the code under test here. */
  readonly url: string;
  /** Every request forwarded or answered, in arrival order (batch entries one by one). */
  readonly requests: readonly ProxiedRequest[];
  /** How many requests of `method` (or of every method) arrived since the last {@link reset}. */
  count(method?: string): number;
  /** Forgets the counted requests. */
  reset(): void;
  /**
   * Decides per request (set to `undefined` to forward everything). Runs before forwarding, so a test can refuse
   * `eth_getLogs` over a range, or fail a method after some point.
   */
  intercept: ((request: ProxiedRequest) => InterceptDecision) | undefined;
  /** While true every HTTP request is answered 503 (a node that is down); nothing is forwarded. */
  down: boolean;
  /** Stops listening and destroys open connections. Idempotent. */
  close(): Promise<void>;
}

/** Return type of {@link startRpcProxy}. */
export type StartRpcProxyReturnType = RpcProxy;

interface JsonRpcRequest {
  jsonrpc?: string;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

/**
 * Starts a JSON-RPC proxy on 127.0.0.1 (random port) in front of a node: it counts what the code under test asks
 * for (by method, batch entries one by one) and can refuse, answer or drop chosen requests, or play a node that is
 * down. Tests use it to count round trips and to inject the failures real nodes have (range limits on
 * `eth_getLogs`, outages after a broadcast), while everything else reaches the real chain.
 *
 * @example
 * ```ts
 * const proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
 * proxy.intercept = (r) => (r.method === 'eth_getLogs' ? { error: { code: -32005, message: 'range too large' } } : undefined);
 * // … point the client at proxy.url …
 * proxy.count('eth_call'); // how many eth_call requests arrived
 * await proxy.close();
 * ```
 */
export async function startRpcProxy(parameters: StartRpcProxyParameters): Promise<StartRpcProxyReturnType> {
  const { upstream } = parameters;
  if (typeof upstream !== 'string' || !/^https?:\/\//.test(upstream)) {
    throw new InvalidParameterError('upstream', 'must be an http(s) URL');
  }
  const requests: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();

  const proxy: {
    intercept: RpcProxy['intercept'];
    down: boolean;
  } = { intercept: undefined, down: false };

  /** A verbatim body chosen by a `raw` decision (it replaces the whole HTTP answer). */
  class RawAnswer {
    constructor(readonly body: string) {}
  }

  async function answerOne(request: JsonRpcRequest): Promise<unknown | 'drop'> {
    const seen: { -readonly [K in keyof ProxiedRequest]: ProxiedRequest[K] } = {
      method: typeof request.method === 'string' ? request.method : '',
      params: Array.isArray(request.params) ? request.params : [],
      startedAt: performance.now(),
      durationMs: null,
    };
    requests.push(seen);
    const decision = proxy.intercept?.(seen);
    if (decision === 'drop') return 'drop';
    const done = <T>(answer: T): T => {
      seen.durationMs = performance.now() - seen.startedAt;
      return answer;
    };
    if (decision && 'error' in decision)
      return done({ jsonrpc: '2.0', id: request.id ?? null, error: decision.error });
    if (decision && 'result' in decision)
      return done({ jsonrpc: '2.0', id: request.id ?? null, result: decision.result });
    if (decision && 'raw' in decision) return done(new RawAnswer(decision.raw));
    if (decision && 'swallow' in decision) return new Promise<never>(() => undefined);
    if (decision && 'delayMs' in decision) await new Promise((r) => setTimeout(r, decision.delayMs));
    if (decision && 'until' in decision) await Promise.resolve(decision.until).catch(() => undefined);
    const response = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    return done(await response.json());
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (proxy.down) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('node down');
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400).end();
      return;
    }
    const batch = Array.isArray(body);
    const entries = (batch ? body : [body]) as JsonRpcRequest[];
    const answers = await Promise.all(entries.map(answerOne));
    if (answers.includes('drop')) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    const raw = answers.find((a): a is RawAnswer => a instanceof RawAnswer);
    res.end(raw ? raw.body : JSON.stringify(batch ? answers : answers[0]));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    count: (method) =>
      method === undefined ? requests.length : requests.filter((r) => r.method === method).length,
    reset: () => {
      requests.length = 0;
    },
    get intercept() {
      return proxy.intercept;
    },
    set intercept(value) {
      proxy.intercept = value;
    },
    get down() {
      return proxy.down;
    },
    set down(value) {
      proxy.down = value;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
