import { parseEther } from '@org/governor';
import { ConfigError } from '../ConfigError.js';
import type { Env, Variable } from './Variable.js';

/**
 * A non-negative decimal ETH amount (at most 18 decimals), read as wei; unset or blank → `default`.
 *
 * @example
 * ```ts
 * eth({ name: 'GOVERNOR_MAX_PER_TX', default: '0.05' }).read({}); // 50_000_000_000_000_000n
 * ```
 */
export function eth({ name, default: fallback }: { name: string; default: string }): Variable<bigint> {
  return {
    name,
    type: 'ETH amount',
    default: fallback,
    bounds: '≥ 0, ≤ 18 decimals',
    secret: false,
    read: (env: Env) => {
      const raw = env[name]?.trim() || fallback;
      try {
        return parseEther(raw);
      } catch {
        throw new ConfigError(
          name,
          'must be a non-negative decimal ETH amount with at most 18 decimals, e.g. 0.05',
        );
      }
    },
  };
}
