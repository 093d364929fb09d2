import { computeRemaining } from './computeRemaining.js';
import { formatEther } from './formatEther.js';
import { resolveRequestValue } from './internal/resolveRequestValue.js';
import type { Decision, DecisionCode, LedgerSnapshot, Policy, Remaining, SpendRequest } from './types.js';

/** Parameters of {@link evaluate}. */
export interface EvaluateParameters {
  readonly policy: Policy;
  readonly request: SpendRequest;
  readonly state: LedgerSnapshot;
}

/** The {@link Decision} for the request. */
export type EvaluateReturnType = Decision;

/**
 * Longest accepted action name.
 *
 * @example
 * ```ts
 * evaluate({ policy, request: { action: 'x'.repeat(MAX_ACTION_LENGTH + 1), value: 0n }, state }).code; // 'REQUEST_INVALID'
 * ```
 */
export const MAX_ACTION_LENGTH = 200;

function decision(
  allowed: boolean,
  code: DecisionCode,
  reason: string,
  action: string,
  value: bigint | null,
  remaining: Remaining,
): Decision {
  return { allowed, code, reason, action, value, remaining };
}

/**
 * The governor's pure core: decides one request against a policy and the current spend, with no clock, store or
 * I/O, and never throws for any input. Checks, in order: kill switch, request shape, value (unknown →
 * `VALUE_UNKNOWN`, unusable → `VALUE_INVALID`), per-transaction, daily and session caps (inclusive: spending
 * exactly up to a cap is allowed). The confirm gate is not here: it is I/O and lives in {@link Governor}.
 *
 * @example
 * ```ts
 * const zero = { committed: 0n, reserved: 0n };
 * const d = evaluate({
 *   policy: createPolicy(),
 *   request: { action: 'swap', args: { amount: '0.01' } },
 *   state: { killed: false, daily: zero, session: zero },
 * });
 * d.allowed; // true
 * d.remaining.daily; // 490000000000000000n
 * ```
 */
export function evaluate({ policy, request, state }: EvaluateParameters): EvaluateReturnType {
  const rawAction: unknown = request?.action;
  const action = typeof rawAction === 'string' ? rawAction : '';
  const before = computeRemaining({ policy, snapshot: state });
  if (state.killed) {
    return decision(
      false,
      'KILL_SWITCH_ENGAGED',
      'The kill switch is engaged: every action is blocked.',
      action,
      null,
      before,
    );
  }
  if (typeof request !== 'object' || request === null) {
    return decision(false, 'REQUEST_INVALID', 'The request must be an object.', action, null, before);
  }
  if (typeof rawAction !== 'string' || rawAction.length === 0 || rawAction.length > MAX_ACTION_LENGTH) {
    return decision(
      false,
      'REQUEST_INVALID',
      `The action must be a non-empty string of at most ${MAX_ACTION_LENGTH} characters.`,
      action,
      null,
      before,
    );
  }
  const estimate = resolveRequestValue(request);
  if (estimate.status === 'missing') {
    return decision(
      false,
      'VALUE_UNKNOWN',
      'The value of this action is unknown: it needs explicit operator approval or a properly set value ' +
        '(value, amount, amount_in, eth_amount or tx_value; read-only actions pass amount: 0).',
      action,
      null,
      before,
    );
  }
  if (estimate.status === 'invalid') {
    const where = estimate.key === null ? '' : ` in "${estimate.key}"`;
    return decision(
      false,
      'VALUE_INVALID',
      `Invalid value${where}: ${estimate.reason}.`,
      action,
      null,
      before,
    );
  }
  const value = estimate.value;
  if (value > policy.maxPerTx) {
    return decision(
      false,
      'PER_TX_LIMIT_EXCEEDED',
      `${formatEther(value)} exceeds the per-transaction limit of ${formatEther(policy.maxPerTx)}.`,
      action,
      value,
      before,
    );
  }
  if (value > before.daily) {
    return decision(
      false,
      'DAILY_LIMIT_EXCEEDED',
      `${formatEther(value)} exceeds the ${formatEther(before.daily)} left of the daily limit of ${formatEther(policy.dailyLimit)}.`,
      action,
      value,
      before,
    );
  }
  if (value > before.session) {
    return decision(
      false,
      'SESSION_LIMIT_EXCEEDED',
      `${formatEther(value)} exceeds the ${formatEther(before.session)} left of the session limit of ${formatEther(policy.sessionLimit)}.`,
      action,
      value,
      before,
    );
  }
  return decision(
    true,
    'ALLOWED',
    'Within limits.',
    action,
    value,
    computeRemaining({ policy, snapshot: state, spending: value }),
  );
}
