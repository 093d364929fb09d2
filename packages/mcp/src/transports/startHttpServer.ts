import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { McpConfigError } from '../errors/McpConfigError.js';
import { isLoopbackHost } from './isLoopbackHost.js';

/** Parameters of {@link startHttpServer}. */
export interface StartHttpServerParameters {
  /** Builds one MCP server per session. */
  readonly createServer: () => Server;
  /** Address to bind (default `127.0.0.1`). */
  readonly host?: string;
  /** Port (0 = any free port). */
  readonly port: number;
  /** The key clients send as `Authorization: Bearer …` — never in a URL. */
  readonly key: string;
  /**
   * `Host` values accepted when bound to a non-loopback address (behind a proxy: the public host name). On loopback
   * only `127.0.0.1:port`, `localhost:port` and `[::1]:port` are accepted, whatever this says.
   */
  readonly allowedHosts?: readonly string[];
  /** Browser origins allowed (`Origin` header); any other origin is refused. */
  readonly allowedOrigins?: readonly string[];
  /** Most sessions open at once (default 8); one more is refused with 503. */
  readonly maxSessions?: number;
  /** An idle session is closed after this many seconds (default 1800). */
  readonly sessionIdleSeconds?: number;
  /** Largest request body in bytes (default 1 MiB). */
  readonly maxBodyBytes?: number;
}

/** What {@link startHttpServer} returns. */
export interface RunningHttpServer {
  /** The endpoint, e.g. `http://127.0.0.1:8765/mcp`. */
  readonly url: string;
  /** Sessions open now. */
  sessionCount(): number;
  /** Closes every session and the listener. */
  close(): Promise<void>;
}

interface Session {
  readonly transport: StreamableHTTPServerTransport;
  readonly server: Server;
  lastSeen: number;
}

/**
 * Serves MCP over Streamable HTTP at `/mcp`: one MCP server per session, behind four checks made before the SDK sees
 * a request — a `Host` that names this server (DNS rebinding), an `Origin` that is absent or allowed, no query
 * string (credentials never travel in a URL), and `Authorization: Bearer <key>` compared in constant time; at most
 * `maxSessions` sessions, idle ones closed. A key shorter than 32 characters is refused (`MCP_CONFIG_INVALID`).
 *
 * @example
 * ```ts
 * const http = await startHttpServer({ createServer: () => createMcpServer({ client }), port: 8765, key });
 * console.error(`MCP endpoint: ${http.url}`);
 * ```
 */
export async function startHttpServer(parameters: StartHttpServerParameters): Promise<RunningHttpServer> {
  if (parameters.key.length < 32) throw new McpConfigError('The MCP key must be at least 32 characters');
  const host = parameters.host ?? '127.0.0.1';
  const maxSessions = parameters.maxSessions ?? 8;
  const idleMs = (parameters.sessionIdleSeconds ?? 1800) * 1000;
  const maxBodyBytes = parameters.maxBodyBytes ?? 1024 * 1024;
  const allowedOrigins = new Set(parameters.allowedOrigins ?? []);
  const expectedKey = Buffer.from(parameters.key, 'utf8');
  const sessions = new Map<string, Session>();
  let opening = 0;
  let port = 0;

  const allowedHosts = (): Set<string> | null =>
    isLoopbackHost(host)
      ? new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`])
      : parameters.allowedHosts && parameters.allowedHosts.length > 0
        ? new Set(parameters.allowedHosts.map((h) => h.toLowerCase()))
        : null;

  const refuse = (res: ServerResponse, status: number, code: string, message: string, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(
      JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: `${code}: ${message}` }, id: null }),
    );
  };

  const closeSession = async (id: string) => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    await session.transport.close().catch(() => undefined);
    await session.server.close().catch(() => undefined);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? '/';
    const path = target.split('?')[0];
    if (path !== '/mcp') return refuse(res, 404, 'NOT_FOUND', 'The MCP endpoint is /mcp');
    // A host name this server does not answer to is a DNS-rebinding attempt (or a misrouted request).
    const hosts = allowedHosts();
    if (hosts && !hosts.has((req.headers.host ?? '').toLowerCase())) {
      return refuse(res, 403, 'HOST_NOT_ALLOWED', 'The Host header does not name this server');
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      return refuse(res, 403, 'ORIGIN_NOT_ALLOWED', 'This Origin may not connect (MCP_HTTP_ALLOWED_ORIGINS)');
    }
    if (target.includes('?')) {
      return refuse(
        res,
        400,
        'QUERY_NOT_ALLOWED',
        'No query string: the key goes in the Authorization header',
      );
    }
    if (!authorized(req.headers.authorization, expectedKey)) {
      return refuse(res, 401, 'UNAUTHORIZED', 'Send Authorization: Bearer <MCP_HTTP_KEY>', {
        'www-authenticate': 'Bearer realm="wallet-ops-mcp"',
      });
    }
    const sessionHeader = req.headers['mcp-session-id'];
    const sessionId = typeof sessionHeader === 'string' ? sessionHeader : undefined;
    let body: unknown;
    if (req.method === 'POST') {
      const read = await readJson(req, maxBodyBytes);
      if (!read.ok) return refuse(res, read.status, 'BAD_REQUEST', read.message);
      body = read.body;
    }
    if (sessionId !== undefined) {
      const session = sessions.get(sessionId);
      if (!session)
        return refuse(res, 404, 'SESSION_NOT_FOUND', 'Unknown or closed session: initialize again');
      session.lastSeen = Date.now();
      await session.transport.handleRequest(req, res, body);
      return;
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      return refuse(
        res,
        400,
        'BAD_REQUEST',
        'Start a session with an initialize request (no Mcp-Session-Id)',
      );
    }
    if (sessions.size + opening >= maxSessions) {
      return refuse(res, 503, 'TOO_MANY_SESSIONS', `At most ${maxSessions} sessions are open: close one`, {
        'retry-after': '30',
      });
    }
    opening += 1;
    const server = parameters.createServer();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, lastSeen: Date.now() });
      },
      onsessionclosed: (id) => {
        void closeSession(id);
      },
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    } finally {
      opening -= 1;
    }
  };

  const http = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) refuse(res, 500, 'INTERNAL_ERROR', 'The request failed');
      else res.end();
    });
  });
  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const [id, session] of sessions) if (now - session.lastSeen > idleMs) void closeSession(id);
    },
    Math.min(idleMs, 60_000),
  );
  sweeper.unref();

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(parameters.port, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  port = (http.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/mcp`,
    sessionCount: () => sessions.size,
    close: async () => {
      clearInterval(sweeper);
      await Promise.all([...sessions.keys()].map((id) => closeSession(id)));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function authorized(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1], 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function readJson(
  req: IncomingMessage,
  maxBytes: number,
): Promise<{ ok: true; body: unknown } | { ok: false; status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes)
      return { ok: false, status: 413, message: `The body is larger than ${maxBytes} bytes` };
    chunks.push(chunk as Buffer);
  }
  try {
    return { ok: true, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, status: 400, message: 'The body is not JSON' };
  }
}
