import { computeRemaining } from './computeRemaining.js';
import { formatEther } from './formatEther.js';
import type { Decision, DecisionCode, LedgerSnapshot, Policy, ReservationRecord } from './types.js';

/** Parameters of {@link evaluateExtension}. */
export interface EvaluateExtensionParameters {
  readonly policy: Policy;
  /** The ledger state of the reservation's session, read inside the atomic extension. */
  readonly state: LedgerSnapshot;
  /** The open reservation as it stands. */
  readonly reservation: ReservationRecord;
  /** How much more to hold, in wei. */
  readonly value: bigint;
}

/**
 * The decision on growing an open reservation by `value` (pure, never throws): the same rules as a new request,
 * in the same order — the kill switch first, then the value, then the caps — where the per-transaction cap applies
 * to the reservation's new total and the daily and session caps to the extra amount. The decision's `value` is the
 * extra amount; `remaining` is the headroom after it.
 *
 * @example
 * ```ts
 * const zero = { committed: 0n, reserved: 0n };
 * const d = evaluateExtension({
 *   policy: createPolicy(),
 *   state: { killed: false, daily: zero, session: zero },
 *   reservation: { id: 'r', action: 'swap', sessionId: 's', reservedValue: parseEther('0.04'), value: parseEther('0.04'), status: 'reserved', reservedAt: 0, settledAt: null },
 *   value: parseEther('0.02'),
 * });
 * d.code; // 'PER_TX_LIMIT_EXCEEDED' (0.06 in all, above 0.05)
 * ```
 */
export function evaluateExtension({
  policy,
  state,
  reservation,
  value,
}: EvaluateExtensionParameters): Decision {
  const action = reservation.action;
  const before = computeRemaining({ policy, snapshot: state });
  const deny = (code: DecisionCode, reason: string, known: bigint | null): Decision => ({
    allowed: false,
    code,
    reason,
    action,
    value: known,
    remaining: before,
  });
  const valid = typeof value === 'bigint' && value >= 0n;
  if (state.killed) {
    return deny(
      'KILL_SWITCH_ENGAGED',
      'The kill switch is engaged: nothing more can be held.',
      valid ? value : null,
    );
  }
  if (!valid)
    return deny('VALUE_INVALID', 'Invalid value: an extension is a non-negative bigint of wei.', null);
  const total = reservation.reservedValue + value;
  if (total > policy.maxPerTx) {
    return deny(
      'PER_TX_LIMIT_EXCEEDED',
      `${formatEther(total)} in all would exceed the per-transaction limit of ${formatEther(policy.maxPerTx)}.`,
      value,
    );
  }
  if (value > before.daily) {
    return deny(
      'DAILY_LIMIT_EXCEEDED',
      `${formatEther(value)} more exceeds the ${formatEther(before.daily)} left of the daily limit of ${formatEther(policy.dailyLimit)}.`,
      value,
    );
  }
  if (value > before.session) {
    return deny(
      'SESSION_LIMIT_EXCEEDED',
      `${formatEther(value)} more exceeds the ${formatEther(before.session)} left of the session limit of ${formatEther(policy.sessionLimit)}.`,
      value,
    );
  }
  return {
    allowed: true,
    code: 'ALLOWED',
    reason: 'Within limits.',
    action,
    value,
    remaining: computeRemaining({ policy, snapshot: state, spending: value }),
  };
}
