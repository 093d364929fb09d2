import { DEFAULT_LIMITS } from './defaultLimits.js';
import { GovernorConfigurationError } from './errors/GovernorConfigurationError.js';
import type { DailyWindow, Policy } from './types.js';

/** Parameters of {@link createPolicy}; every field is optional and defaults to the spec. */
export interface CreatePolicyParameters {
  /** Wei; default 0.05 ETH. */
  readonly maxPerTx?: bigint;
  /** Wei; default 0.5 ETH. */
  readonly dailyLimit?: bigint;
  /** Wei; default 1.0 ETH. */
  readonly sessionLimit?: bigint;
  /** Default `'rolling-24h'`; `'utc-day'` resets at 00:00 UTC. */
  readonly dailyWindow?: DailyWindow;
}

/** A validated, frozen {@link Policy}. */
export type CreatePolicyReturnType = Policy;

function limit(name: string, value: unknown, fallback: bigint): bigint {
  if (value === undefined) return fallback;
  if (typeof value !== 'bigint' || value < 0n) {
    throw new GovernorConfigurationError({
      shortMessage: `${name} must be a non-negative bigint in wei (use parseEther for decimal ETH).`,
    });
  }
  return value;
}

/**
 * Builds a validated policy, filling the spec's defaults. Throws {@link GovernorConfigurationError} for a
 * limit that is not a non-negative bigint or an unknown window kind.
 *
 * @example
 * ```ts
 * const policy = createPolicy({ maxPerTx: parseEther('0.02'), dailyWindow: 'utc-day' });
 * policy.dailyLimit; // 500000000000000000n (default)
 * ```
 */
export function createPolicy(parameters: CreatePolicyParameters = {}): CreatePolicyReturnType {
  const dailyWindow = parameters.dailyWindow ?? 'rolling-24h';
  if (dailyWindow !== 'rolling-24h' && dailyWindow !== 'utc-day') {
    throw new GovernorConfigurationError({ shortMessage: `Unknown dailyWindow "${String(dailyWindow)}".` });
  }
  return Object.freeze({
    maxPerTx: limit('maxPerTx', parameters.maxPerTx, DEFAULT_LIMITS.maxPerTx),
    dailyLimit: limit('dailyLimit', parameters.dailyLimit, DEFAULT_LIMITS.dailyLimit),
    sessionLimit: limit('sessionLimit', parameters.sessionLimit, DEFAULT_LIMITS.sessionLimit),
    dailyWindow,
  });
}
