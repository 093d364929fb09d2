import { computeRemaining } from './computeRemaining.js';
import { formatEther } from './formatEther.js';
import { resolveRequestValue } from './internal/resolveRequestValue.js';
import type { EstimateValueReturnType } from './estimateValue.js';
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

interface ReadRequest {
  /** The action name, or `''` when it is not a string. */
  readonly action: string;
  /** Why the request is malformed, or `null`. */
  readonly problem: string | null;
  /** The value estimate; `null` when the request could not be read. */
  readonly estimate: EstimateValueReturnType | null;
}

/**
 * Reads the request once, never throwing: a request whose properties throw when read (getters, proxies) is
 * malformed, not an infrastructure failure. (Inside a ledger's atomic batch, a throw would fail every other
 * caller in the same transaction.)
 */
function readRequest(request: SpendRequest): ReadRequest {
  let action = '';
  try {
    if (typeof request !== 'object' || request === null) {
      return { action, problem: 'The request must be an object.', estimate: null };
    }
    const rawAction: unknown = request.action;
    if (typeof rawAction === 'string') action = rawAction;
    const estimate = resolveRequestValue(request);
    if (typeof rawAction !== 'string' || rawAction.length === 0 || rawAction.length > MAX_ACTION_LENGTH) {
      return {
        action,
        problem: `The action must be a non-empty string of at most ${MAX_ACTION_LENGTH} characters.`,
        estimate,
      };
    }
    return { action, problem: null, estimate };
  } catch {
    return { action, problem: 'The request could not be read.', estimate: null };
  }
}

/**
 * The governor's pure core: decides one request against a policy and the current spend, with no clock, store or
 * I/O, and never throws for any request (one whose properties throw when read is `REQUEST_INVALID`). Checks, in
 * order: kill switch, request shape, value (unknown → `VALUE_UNKNOWN`, unusable → `VALUE_INVALID`),
 * per-transaction, daily and session caps (inclusive: spending exactly up to a cap is allowed). The confirm gate is not here: it is I/O and lives in {@link Governor}.
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
  const read = readRequest(request);
  const { action, estimate } = read;
  const before = computeRemaining({ policy, snapshot: state });
  if (state.killed) {
    // The value is still reported when it is known, so the audit trail shows what was attempted.
    return decision(
      false,
      'KILL_SWITCH_ENGAGED',
      'The kill switch is engaged: every action is blocked.',
      action,
      estimate?.status === 'ok' ? estimate.value : null,
      before,
    );
  }
  if (read.problem !== null) {
    return decision(false, 'REQUEST_INVALID', read.problem, action, null, before);
  }
  if (estimate === null || estimate.status === 'missing') {
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
