import { ConfigError } from '../ConfigError.js';
import type { Env, Variable } from './Variable.js';

/**
 * `true`/`1` or `false`/`0`; unset or blank → the default (a value, or a function of the rest of the environment,
 * for a default that depends on another variable).
 *
 * @example
 * ```ts
 * flag({ name: 'ENABLE_WALLET_CREATE_ENDPOINT', default: false }).read({}); // false
 * ```
 */
export function flag({
  name,
  default: fallback,
}: {
  name: string;
  default: boolean | ((env: Env) => boolean);
}): Variable<boolean> {
  return {
    name,
    type: 'boolean',
    default: typeof fallback === 'boolean' ? String(fallback) : undefined,
    bounds: 'true, false, 1, 0',
    secret: false,
    read: (env: Env) => {
      const raw = env[name]?.trim().toLowerCase();
      if (raw === undefined || raw === '') return typeof fallback === 'boolean' ? fallback : fallback(env);
      if (raw === 'true' || raw === '1') return true;
      if (raw === 'false' || raw === '0') return false;
      throw new ConfigError(name, 'must be true or false');
    },
  };
}
