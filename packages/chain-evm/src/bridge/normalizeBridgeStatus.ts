import type { BridgeState, LifiStatusValue } from './types.js';

/** Parameters of {@link normalizeBridgeStatus}. */
export interface NormalizeBridgeStatusParameters {
  /** LI.FI's status and substatus (a parsed `/v1/status` answer will do). */
  readonly status: { readonly status: LifiStatusValue; readonly substatus: string | null };
  /** When the source transaction was broadcast, epoch ms. */
  readonly startedAt: number;
  /** Now, epoch ms. */
  readonly now: number;
  /** The quote's `executionDuration`, seconds. */
  readonly expectedDurationSeconds: number;
  /** A transfer still pending after `stuckFactor` × the quoted duration is stuck (default 3). */
  readonly stuckFactor?: number | undefined;
  /** …and never sooner than this, in ms (default 600 000: 10 minutes). */
  readonly minStuckMs?: number | undefined;
}

/** Return type of {@link normalizeBridgeStatus}. */
export interface NormalizeBridgeStatusReturnType {
  readonly state: BridgeState;
  /** Nothing will change any more: stop polling. */
  readonly terminal: boolean;
  /** The operator must hear about it (`partial`, `refunded`, `failed`, `stuck`). */
  readonly alert: boolean;
  readonly reason: string;
}

/**
 * Pure: LI.FI's status and substatus as one of `pending | bridging | completed | partial | refunded | failed | stuck`.
 * `NOT_FOUND` and `PENDING/WAIT_SOURCE_CONFIRMATIONS` are `pending`; any other `PENDING` (waiting for the destination,
 * a refund in progress, the status source briefly down) is `bridging`; `DONE/COMPLETED` is `completed`,
 * `DONE/PARTIAL` `partial` (another token than the one asked arrived), `DONE/REFUNDED` `refunded`; `DONE` with no
 * known substatus is `partial` (someone must look); `FAILED` and `INVALID` are `failed`. A pending or bridging
 * transfer older than `stuckFactor` × the quoted duration (and `minStuckMs`) is `stuck`: not terminal — it may still
 * arrive — but alerted.
 *
 * @example
 * ```ts
 * normalizeBridgeStatus({ status: { status: 'DONE', substatus: 'REFUNDED' }, startedAt, now, expectedDurationSeconds: 60 });
 * // { state: 'refunded', terminal: true, alert: true, reason: … }
 * ```
 */
export function normalizeBridgeStatus(
  parameters: NormalizeBridgeStatusParameters,
): NormalizeBridgeStatusReturnType {
  const { status, substatus } = parameters.status;
  const stuckFactor = parameters.stuckFactor ?? 3;
  const minStuckMs = parameters.minStuckMs ?? 600_000;
  const seen = substatus ? `${status}/${substatus}` : status;
  const result = (state: BridgeState, terminal: boolean, alert: boolean, reason: string) => ({
    state,
    terminal,
    alert,
    reason: `${reason} (${seen})`,
  });
  switch (status) {
    case 'DONE':
      if (substatus === 'COMPLETED') return result('completed', true, false, 'the requested token arrived');
      if (substatus === 'PARTIAL') {
        return result(
          'partial',
          true,
          true,
          'another token than the one requested arrived on the destination chain',
        );
      }
      if (substatus === 'REFUNDED')
        return result('refunded', true, true, 'the tokens were returned to the sender');
      return result('partial', true, true, 'done without a known substatus: what arrived must be checked');
    case 'FAILED':
      return result('failed', true, true, 'the transfer failed');
    case 'INVALID':
      return result('failed', true, true, 'the provider does not know this transaction as a transfer');
    case 'NOT_FOUND':
    case 'PENDING': {
      const state: BridgeState =
        status === 'NOT_FOUND' || substatus === 'WAIT_SOURCE_CONFIRMATIONS' ? 'pending' : 'bridging';
      const factor = Number.isFinite(stuckFactor) && stuckFactor > 0 ? stuckFactor : 3;
      const duration = Math.max(0, parameters.expectedDurationSeconds) * 1000;
      const limit = Math.max(factor * duration, Math.max(0, minStuckMs));
      const age = parameters.now - parameters.startedAt;
      if (age > limit) {
        return result(
          'stuck',
          false,
          true,
          `still ${state} after ${Math.round(age / 1000)} s (limit ${Math.round(limit / 1000)} s)`,
        );
      }
      return result(
        state,
        false,
        false,
        state === 'pending' ? 'waiting for the source transaction' : 'waiting for the destination chain',
      );
    }
    default:
      return result('failed', true, true, 'unknown status');
  }
}
