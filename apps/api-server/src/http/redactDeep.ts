import { redactUrl } from './redactUrl.js';

/** Keys whose values are secrets wherever they appear (compared without `-`/`_`, case-insensitive). */
const SECRET_KEYS = new Set([
  'privatekey',
  'apikey',
  'xapikey',
  'xoperatorkey',
  'operatorkey',
  'password',
  'passphrase',
  'secret',
  'mnemonic',
  'seed',
  'authorization',
  'cookie',
  'setcookie',
  'accesstoken',
  'goplusaccesstoken',
  'rpcurl',
  'rpcurls',
  'solanarpcurl',
  'requesturl',
]);
/** Any absolute URL inside a string: RPC URLs carry API keys in their path, query or user info; see {@link redactUrl}. */
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>\\]+/gi;
const MAX_DEPTH = 8;
const MAX_KEYS = 200;
export const REDACTED = '[redacted]';

/**
 * A copy of `value` that is safe to log: values under secret-looking keys (private keys, API keys, passwords,
 * tokens, RPC URLs, …) at ANY depth are replaced by `[redacted]`, the credentials of every absolute URL inside any
 * string (user info, key parameters, key-like path segments: {@link redactUrl}) become `[redacted]` while the rest
 * stays readable (a stack's `file://` frames keep their file, line and column), Maps and Sets are walked, Errors
 * (foreign ones included: ethers puts the request URL into `info.requestUrl` and its messages) become plain objects
 * of their message, code, stack and cause — all redacted. Bounded depth, cycle-safe. Strings and numbers pass
 * through untouched unless they contain a URL.
 *
 * @example
 * ```ts
 * redactDeep({ config: { wallet: { privateKey: '0xabc' } } }); // { config: { wallet: '[redacted]' } }
 * ```
 */
export function redactDeep(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return value.includes('://') ? value.replace(URL_PATTERN, redactUrl) : value;
  if (typeof value !== 'object' || value === null)
    return typeof value === 'bigint' ? value.toString() : value;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  seen.add(value);
  try {
    if (value instanceof Map) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of value)
        out[String(k)] = isSecretKey(String(k)) ? REDACTED : redactDeep(v, depth + 1, seen);
      return out;
    }
    if (value instanceof Set) return [...value].map((v) => redactDeep(v, depth + 1, seen));
    if (Array.isArray(value)) return value.slice(0, MAX_KEYS).map((v) => redactDeep(v, depth + 1, seen));
    if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.constructor.name}]`;
    const out: Record<string, unknown> = {};
    if (value instanceof Error) {
      out.type = value.name;
      out.message = redactDeep(value.message, depth + 1, seen);
      if (value.stack) out.stack = redactDeep(value.stack, depth + 1, seen);
      if (value.cause !== undefined) out.cause = redactDeep(value.cause, depth + 1, seen);
    }
    let n = 0;
    for (const key of Object.keys(value)) {
      if (n++ >= MAX_KEYS) break;
      let inner: unknown;
      try {
        inner = (value as Record<string, unknown>)[key];
      } catch {
        inner = '[unreadable]';
      }
      out[key] = isSecretKey(key) ? REDACTED : redactDeep(inner, depth + 1, seen);
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

/** Verdicts per key name: log objects use the same few dozen keys over and over. Bounded. */
const KEY_VERDICTS = new Map<string, boolean>();

function isSecretKey(key: string): boolean {
  let secret = KEY_VERDICTS.get(key);
  if (secret === undefined) {
    secret = SECRET_KEYS.has(key.replace(/[-_]/g, '').toLowerCase());
    if (KEY_VERDICTS.size >= 1024) KEY_VERDICTS.clear();
    KEY_VERDICTS.set(key, secret);
  }
  return secret;
}
