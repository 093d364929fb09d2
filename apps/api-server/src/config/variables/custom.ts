import type { Env, Variable } from './Variable.js';

/**
 * A variable with its own rule (a credential, a list, a mode): declared like the others, read by `read`, which
 * throws `ConfigError` naming the variable.
 *
 * @example
 * ```ts
 * const LOG_LEVEL = custom({ name: 'LOG_LEVEL', type: 'one of fatal, …', default: 'info', read: (env) => … });
 * ```
 */
export function custom<T>({
  name,
  type,
  default: fallback,
  bounds,
  secret = false,
  read,
}: {
  name: string;
  type: string;
  default?: string;
  bounds?: string;
  secret?: boolean;
  read: (env: Env) => T;
}): Variable<T> {
  return { name, type, default: fallback, bounds, secret, read };
}
