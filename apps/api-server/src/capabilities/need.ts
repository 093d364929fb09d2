import type { Shared } from './Capability.js';

/**
 * A piece an earlier row handed on; a row placed before the one that provides it fails startup naming the piece
 * (a wiring error, not a configuration one).
 *
 * @example
 * ```ts
 * const providers = need(ctx.shared, 'providers');
 * ```
 */
export function need<K extends keyof Shared>(shared: Shared, key: K): NonNullable<Shared[K]> {
  const value = shared[key];
  if (value === undefined || value === null) {
    throw new Error(`capability table: "${key}" is needed before the row that provides it has started`);
  }
  return value as NonNullable<Shared[K]>;
}
