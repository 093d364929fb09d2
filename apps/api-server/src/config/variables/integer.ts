import { ConfigError } from '../ConfigError.js';
import type { Env, Variable } from './Variable.js';

/**
 * A whole number within `[min, max]`; unset or blank → `default`. Anything else fails startup with
 * `must be an integer from <min> to <max>`.
 *
 * @example
 * ```ts
 * const API_PORT = integer({ name: 'API_PORT', default: 8000, min: 0, max: 65_535 });
 * API_PORT.read({ API_PORT: '0' }); // 0
 * ```
 */
export function integer({
  name,
  default: fallback,
  min,
  max,
  secret = false,
}: {
  name: string;
  default: number;
  min: number;
  max: number;
  secret?: boolean;
}): Variable<number> & { readonly min: number; readonly max: number } {
  return {
    name,
    type: 'integer',
    default: String(fallback),
    bounds: `${min}–${max}`,
    secret,
    min,
    max,
    read: (env: Env) => readInteger(env, name, fallback, min, max),
  };
}

/**
 * The integer rule for a variable named at run time (a per-chain family's member).
 *
 * @example
 * ```ts
 * readInteger(env, 'APPROVAL_SCAN_START_DEVNET', 0, 0, Number.MAX_SAFE_INTEGER);
 * ```
 */
export function readInteger(env: Env, variable: string, fallback: number, min: number, max: number): number {
  const raw = env[variable]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^[0-9]+$/.test(raw)) throw new ConfigError(variable, `must be an integer from ${min} to ${max}`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(variable, `must be an integer from ${min} to ${max}`);
  return value;
}
