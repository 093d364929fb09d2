import type { LedgerSnapshot, Policy, Remaining } from './types.js';

/** Parameters of {@link computeRemaining}. */
export interface ComputeRemainingParameters {
  readonly policy: Policy;
  readonly snapshot: LedgerSnapshot;
  /** Extra spend to subtract (an allowed value). Default 0. */
  readonly spending?: bigint;
}

/**
 * Headroom per cap, never negative (limits may have been lowered below what was already spent). While the kill
 * switch is engaged nothing can be spent: every headroom is 0.
 *
 * @example
 * ```ts
 * const zero = { committed: 0n, reserved: 0n };
 * computeRemaining({ policy: createPolicy(), snapshot: { killed: false, daily: zero, session: zero } });
 * // { perTx: 50000000000000000n, daily: 500000000000000000n, session: 1000000000000000000n }
 * ```
 */
export function computeRemaining({ policy, snapshot, spending = 0n }: ComputeRemainingParameters): Remaining {
  if (snapshot.killed) return { perTx: 0n, daily: 0n, session: 0n };
  const dailyLeft = policy.dailyLimit - snapshot.daily.committed - snapshot.daily.reserved - spending;
  const sessionLeft = policy.sessionLimit - snapshot.session.committed - snapshot.session.reserved - spending;
  // Stryker disable next-line EqualityOperator: equivalent: at 0 both branches give 0
  const daily = dailyLeft > 0n ? dailyLeft : 0n;
  // Stryker disable next-line EqualityOperator: equivalent: at 0 both branches give 0
  const session = sessionLeft > 0n ? sessionLeft : 0n;
  let perTx = policy.maxPerTx;
  // Stryker disable next-line EqualityOperator: equivalent: when equal, either is the minimum
  if (daily < perTx) perTx = daily;
  // Stryker disable next-line EqualityOperator: equivalent: when equal, either is the minimum
  if (session < perTx) perTx = session;
  return { perTx, daily, session };
}
