import { McpConfigError } from './errors/McpConfigError.js';

/** The MCP server's configuration, from the environment. */
export interface McpConfig {
  /** `WALLET_OPS_URL`: the API server. */
  readonly url: string;
  /** `WALLET_OPS_API_KEY`: the trading key, sent to the API server as `X-API-Key`. */
  readonly apiKey: string;
  /** `WALLET_OPS_TIMEOUT_MS`: time-out of one API request. */
  readonly timeoutMs: number;
  /** `MCP_TRANSPORT` (or `--http`): `stdio` or `http`. */
  readonly transport: 'stdio' | 'http';
  readonly http: {
    /** `MCP_HTTP_HOST` (default `127.0.0.1`). */
    readonly host: string;
    /** `MCP_HTTP_PORT` (default 8765; 0 = any free port). */
    readonly port: number;
    /** `MCP_HTTP_KEY`: the key remote agents send as `Authorization: Bearer …` (required for http). */
    readonly key: string;
    /** `MCP_HTTP_ALLOWED_ORIGINS`: browser origins allowed to connect (default none). */
    readonly allowedOrigins: readonly string[];
    /** `MCP_HTTP_ALLOWED_HOSTS`: `Host` values accepted on a non-loopback address (default any). */
    readonly allowedHosts: readonly string[];
    /** `MCP_HTTP_MAX_SESSIONS` (default 8). */
    readonly maxSessions: number;
    /** `MCP_HTTP_SESSION_IDLE_SECONDS` (default 1800): an idle session is closed after this. */
    readonly sessionIdleSeconds: number;
  };
  /** `MCP_WAIT_MAX_SECONDS` (default 50, under the SDK client's 60 s request time-out): the longest a follow tool waits. */
  readonly waitMaxSeconds: number;
  /** `MCP_POLL_INTERVAL_MS` (default 1000): between reads of a follow tool. */
  readonly pollIntervalMs: number;
}

/** Parameters of {@link loadMcpConfig}. */
export interface LoadMcpConfigParameters {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Command-line arguments (`--http`, `--stdio`). */
  readonly argv?: readonly string[];
}

/**
 * Reads and checks the configuration; a bad value throws `MCP_CONFIG_INVALID` naming the variable, never its value.
 * Streamable HTTP needs its own key (`MCP_HTTP_KEY`, at least 32 characters, not the trading key).
 *
 * @example
 * ```ts
 * const config = loadMcpConfig({ env: process.env, argv: process.argv.slice(2) });
 * ```
 */
export function loadMcpConfig({ env, argv = [] }: LoadMcpConfigParameters): McpConfig {
  const url = required(env, 'WALLET_OPS_URL');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new McpConfigError('WALLET_OPS_URL must be an http(s) URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new McpConfigError('WALLET_OPS_URL must be an http(s) URL');
  }
  if (parsed.username || parsed.password || parsed.search) {
    throw new McpConfigError(
      'WALLET_OPS_URL must not carry credentials or a query: the key goes in WALLET_OPS_API_KEY',
    );
  }
  const apiKey = required(env, 'WALLET_OPS_API_KEY');
  if (apiKey.length < 16) throw new McpConfigError('WALLET_OPS_API_KEY must be at least 16 characters');
  const transportVar = env.MCP_TRANSPORT?.trim() || 'stdio';
  if (transportVar !== 'stdio' && transportVar !== 'http') {
    throw new McpConfigError('MCP_TRANSPORT must be stdio or http');
  }
  const transport = argv.includes('--http') ? 'http' : argv.includes('--stdio') ? 'stdio' : transportVar;
  const key = env.MCP_HTTP_KEY?.trim() ?? '';
  if (transport === 'http') {
    if (key.length < 32)
      throw new McpConfigError('MCP_HTTP_KEY must be set, at least 32 characters, for http');
    if (key === apiKey) throw new McpConfigError('MCP_HTTP_KEY must differ from WALLET_OPS_API_KEY');
  }
  const allowedOrigins = (env.MCP_HTTP_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin.length > 0);
  for (const origin of allowedOrigins) {
    if (origin.includes('*') || !/^https?:\/\/[^/]+$/.test(origin)) {
      throw new McpConfigError(
        'MCP_HTTP_ALLOWED_ORIGINS must list bare origins (https://host[:port]), no wildcard',
      );
    }
  }
  return {
    url: url.replace(/\/+$/, ''),
    apiKey,
    timeoutMs: integer(env, 'WALLET_OPS_TIMEOUT_MS', 120_000, 100, 600_000),
    transport,
    http: {
      host: env.MCP_HTTP_HOST?.trim() || '127.0.0.1',
      port: integer(env, 'MCP_HTTP_PORT', 8765, 0, 65_535),
      key,
      allowedOrigins,
      allowedHosts: (env.MCP_HTTP_ALLOWED_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim())
        .filter((h) => h.length > 0),
      maxSessions: integer(env, 'MCP_HTTP_MAX_SESSIONS', 8, 1, 1000),
      sessionIdleSeconds: integer(env, 'MCP_HTTP_SESSION_IDLE_SECONDS', 1800, 10, 86_400),
    },
    waitMaxSeconds: integer(env, 'MCP_WAIT_MAX_SECONDS', 50, 0, 600),
    pollIntervalMs: integer(env, 'MCP_POLL_INTERVAL_MS', 1000, 50, 60_000),
  };
}

function required(env: LoadMcpConfigParameters['env'], name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new McpConfigError(`${name} is required`);
  return value;
}

function integer(
  env: LoadMcpConfigParameters['env'],
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new McpConfigError(`${name} must be a whole number from ${min} to ${max}`);
  }
  return Number(raw);
}
