import { ConfigError } from '../ConfigError.js';
import type { Env, Variable } from './Variable.js';

/**
 * An http(s) URL, trailing slashes dropped; unset or blank → `default`, or undefined when there is none.
 *
 * @example
 * ```ts
 * url({ name: 'LIFI_BASE_URL', default: 'https://li.quest' }).read({}); // 'https://li.quest'
 * ```
 */
export function url<D extends string | undefined>({
  name,
  default: fallback,
  secret = false,
}: {
  name: string;
  default: D;
  secret?: boolean;
}): Variable<D extends string ? string : string | undefined> {
  return {
    name,
    type: 'URL',
    default: fallback,
    bounds: 'http(s)',
    secret,
    read: (env: Env) => {
      const raw = env[name]?.trim();
      if (!raw && fallback === undefined) return undefined as D extends string ? string : string | undefined;
      return readUrl(name, raw || (fallback as string));
    },
  };
}

/**
 * The URL rule for a value already read (a per-chain family's member).
 *
 * @example
 * ```ts
 * readUrl('RPC_URL_DEVNET', 'http://127.0.0.1:8545/'); // 'http://127.0.0.1:8545'
 * ```
 */
export function readUrl(variable: string, raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(variable, 'must be an http(s) URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ConfigError(variable, 'must be an http(s) URL');
  return raw.replace(/\/+$/, '');
}
