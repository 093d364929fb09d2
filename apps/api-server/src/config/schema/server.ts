import { isIP } from 'node:net';
import { ConfigError } from '../ConfigError.js';
import { custom } from '../variables/custom.js';
import { flag } from '../variables/flag.js';
import { integer } from '../variables/integer.js';
import { resolveDataDir } from '../../resolveDataDir.js';

/** The HTTP server: keys, address, CORS, optional endpoints, the database directory and logs. */

export const WEB3_API_KEY = custom({
  name: 'WEB3_API_KEY',
  type: 'text',
  bounds: '≥ 16 characters',
  secret: true,
  read: (env) => {
    const apiKey = env.WEB3_API_KEY;
    if (apiKey === undefined || apiKey.trim() === '') {
      throw new ConfigError(
        'WEB3_API_KEY',
        'is required (the server refuses to start without it); e.g. 64 random hex characters',
      );
    }
    if (apiKey !== apiKey.trim())
      throw new ConfigError('WEB3_API_KEY', 'must not start or end with white space');
    if (apiKey.length < 16) throw new ConfigError('WEB3_API_KEY', 'must be at least 16 characters');
    return apiKey;
  },
});

export const WEB3_OPERATOR_KEY = custom({
  name: 'WEB3_OPERATOR_KEY',
  type: 'text',
  bounds: '≥ 32 characters',
  secret: true,
  read: (env) => {
    const key = env.WEB3_OPERATOR_KEY === '' ? undefined : env.WEB3_OPERATOR_KEY;
    if (key === undefined) return undefined;
    if (key !== key.trim())
      throw new ConfigError('WEB3_OPERATOR_KEY', 'must not start or end with white space');
    if (key.length < 32) throw new ConfigError('WEB3_OPERATOR_KEY', 'must be at least 32 characters');
    if (key === env.WEB3_API_KEY) throw new ConfigError('WEB3_OPERATOR_KEY', 'must differ from WEB3_API_KEY');
    return key;
  },
});

export const API_HOST = custom({
  name: 'API_HOST',
  type: 'IP address or localhost',
  default: '127.0.0.1',
  read: (env) => {
    const host = (env.API_HOST ?? '127.0.0.1').trim() || '127.0.0.1';
    if (host !== 'localhost' && isIP(host) === 0) {
      throw new ConfigError('API_HOST', 'must be an IPv4/IPv6 address or "localhost"');
    }
    return host;
  },
});

/** A loopback bind address (`localhost`, `::1`, `127.*`). */
export const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || /^127\./.test(host);

export const API_PORT = integer({ name: 'API_PORT', default: 8000, min: 0, max: 65_535 });

export const CORS_ALLOWED_ORIGINS = custom({
  name: 'CORS_ALLOWED_ORIGINS',
  type: 'origins (comma-separated)',
  read: (env) => {
    const entries = (env.CORS_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const origins: string[] = [];
    for (const [index, entry] of entries.entries()) {
      if (entry.includes('*')) {
        throw new ConfigError(
          'CORS_ALLOWED_ORIGINS',
          'must not contain "*": credentials are always allowed, so every origin must be listed explicitly',
        );
      }
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new ConfigError(
          'CORS_ALLOWED_ORIGINS',
          `entry ${index + 1} is not an origin (expected e.g. https://app.example.com)`,
        );
      }
      if (
        (url.protocol !== 'http:' && url.protocol !== 'https:') ||
        url.origin !== entry.replace(/\/$/, '')
      ) {
        throw new ConfigError(
          'CORS_ALLOWED_ORIGINS',
          `entry ${index + 1} must be a bare origin like https://app.example.com (no path, query or credentials)`,
        );
      }
      origins.push(url.origin);
    }
    return origins;
  },
});

export const ENABLE_WALLET_CREATE_ENDPOINT = flag({ name: 'ENABLE_WALLET_CREATE_ENDPOINT', default: false });

/** On a network address the console is opt-in: an operator key typed into a page should travel over TLS. */
export const ENABLE_CONSOLE = flag({
  name: 'ENABLE_CONSOLE',
  default: (env) => isLoopback(API_HOST.read(env)),
});

export const DATA_DIR = custom({
  name: 'DATA_DIR',
  type: 'path',
  default: './.data',
  // Relative to the folder the command was started from (INIT_CWD under pnpm), never the package's folder.
  read: (env) => resolveDataDir(env),
});

export const REBASE_CHAIN_DATA = custom({
  name: 'REBASE_CHAIN_DATA',
  type: 'chain ids, comma-separated, or `all`',
  default: 'none',
  read: (env): readonly number[] | 'all' => {
    const raw = (env.REBASE_CHAIN_DATA ?? '').trim();
    if (raw === '') return [];
    if (raw.toLowerCase() === 'all') return 'all';
    return raw.split(',').map((part) => {
      const id = part.trim();
      if (!/^[1-9][0-9]{0,15}$/.test(id))
        throw new ConfigError('REBASE_CHAIN_DATA', `"${id}" is not a chain id (or use all)`);
      return Number(id);
    });
  },
});

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const LOG_LEVEL = custom({
  name: 'LOG_LEVEL',
  type: `one of ${LEVELS.join(', ')}`,
  default: 'info',
  read: (env) => {
    const level = (env.LOG_LEVEL ?? 'info').trim() as (typeof LEVELS)[number];
    if (!LEVELS.includes(level)) {
      throw new ConfigError('LOG_LEVEL', 'must be one of fatal, error, warn, info, debug, trace, silent');
    }
    return level;
  },
});

export const EVENTS_HEARTBEAT_SECONDS = integer({
  name: 'EVENTS_HEARTBEAT_SECONDS',
  default: 15,
  min: 1,
  max: 300,
});

export const JOB_LEASE_SECONDS = integer({
  name: 'JOB_LEASE_SECONDS',
  default: 15,
  min: 1,
  max: 300,
});

/**
 * How long a graceful shutdown waits for requests and jobs in flight before it stops them where they are: their
 * executions stay recorded (signed or pending) and the reconciler settles them at the next start.
 */
export const SHUTDOWN_DRAIN_MS = integer({
  name: 'SHUTDOWN_DRAIN_MS',
  default: 20_000,
  min: 0,
  max: 600_000,
});

export const EVENTS_MAX_STREAMS = integer({
  name: 'EVENTS_MAX_STREAMS',
  default: 200,
  min: 1,
  max: 100_000,
});

export const EVENTS_MAX_STREAMS_PER_CLIENT = integer({
  name: 'EVENTS_MAX_STREAMS_PER_CLIENT',
  default: 10,
  min: 1,
  max: 100_000,
});

export const STORE_BACKEND = custom({
  name: 'STORE_BACKEND',
  type: 'one of sqlite, memory, postgres',
  default: 'sqlite',
  read: (env): 'sqlite' | 'memory' | 'postgres' => {
    const databaseUrl = env.DATABASE_URL?.trim();
    const fallback = databaseUrl ? 'postgres' : 'sqlite';
    const backend = env.STORE_BACKEND?.trim().toLowerCase() || fallback;
    if (backend !== 'sqlite' && backend !== 'memory' && backend !== 'postgres') {
      throw new ConfigError('STORE_BACKEND', 'must be sqlite, memory or postgres');
    }
    if (backend === 'postgres' && !databaseUrl) {
      throw new ConfigError('STORE_BACKEND', 'is postgres, but DATABASE_URL is not set');
    }
    if (backend !== 'postgres' && databaseUrl) {
      throw new ConfigError('STORE_BACKEND', `is ${backend}, but DATABASE_URL is set (it selects postgres)`);
    }
    return backend;
  },
});

/**
 * `postgres://user:password@host:5432/database`: the PostgreSQL every store lives in (several instances share it).
 * A secret (its password): never logged, never echoed — not even in the error that refuses it.
 */
export const DATABASE_URL = custom({
  name: 'DATABASE_URL',
  type: 'postgres:// URL',
  bounds: 'postgres(ql)://',
  secret: true,
  read: (env): string | undefined => {
    const raw = env.DATABASE_URL?.trim();
    if (!raw) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new ConfigError('DATABASE_URL', 'must be a postgres:// URL');
    }
    if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
      throw new ConfigError('DATABASE_URL', 'must be a postgres:// URL');
    }
    if (parsed.hostname === '' && !parsed.searchParams.has('host')) {
      throw new ConfigError('DATABASE_URL', 'must name a host');
    }
    return raw;
  },
});
