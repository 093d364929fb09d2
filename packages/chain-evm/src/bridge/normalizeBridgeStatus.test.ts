import { describe, expect, it } from 'vitest';
import { normalizeBridgeStatus } from './normalizeBridgeStatus.js';
import type { LifiStatusValue } from './types.js';

const startedAt = 1_000_000;
const at = (seconds: number) => startedAt + seconds * 1000;

describe('normalizeBridgeStatus', () => {
  it.each([
    ['NOT_FOUND', null, 10, 'pending', false, false],
    ['PENDING', 'WAIT_SOURCE_CONFIRMATIONS', 10, 'pending', false, false],
    ['PENDING', 'WAIT_DESTINATION_TRANSACTION', 10, 'bridging', false, false],
    ['PENDING', 'REFUND_IN_PROGRESS', 10, 'bridging', false, false],
    ['PENDING', 'BRIDGE_NOT_AVAILABLE', 10, 'bridging', false, false],
    ['PENDING', null, 10, 'bridging', false, false],
    ['DONE', 'COMPLETED', 10, 'completed', true, false],
    ['DONE', 'PARTIAL', 10, 'partial', true, true],
    ['DONE', 'REFUNDED', 10, 'refunded', true, true],
    ['DONE', null, 10, 'partial', true, true],
    ['DONE', 'SOMETHING_NEW', 10, 'partial', true, true],
    ['FAILED', 'EXPIRED', 10, 'failed', true, true],
    ['FAILED', null, 10, 'failed', true, true],
    ['INVALID', null, 10, 'failed', true, true],
    // Stuck: older than 3 × the 300 s quoted duration (900 s, above the 600 s floor).
    ['PENDING', 'WAIT_DESTINATION_TRANSACTION', 900, 'bridging', false, false],
    ['PENDING', 'WAIT_DESTINATION_TRANSACTION', 901, 'stuck', false, true],
    ['NOT_FOUND', null, 901, 'stuck', false, true],
    // A final state is never stuck, however old.
    ['DONE', 'COMPLETED', 100_000, 'completed', true, false],
  ] as const)('%s/%s after %i s → %s', (status, substatus, seconds, state, terminal, alert) => {
    const result = normalizeBridgeStatus({
      status: { status: status as LifiStatusValue, substatus },
      startedAt,
      now: at(seconds),
      expectedDurationSeconds: 300,
    });
    expect([result.state, result.terminal, result.alert]).toEqual([state, terminal, alert]);
    expect(result.reason).toContain(status);
  });

  it('a short quoted duration is not stuck before the floor; factor and floor are settings', () => {
    const pending = { status: 'PENDING', substatus: 'WAIT_DESTINATION_TRANSACTION' } as const;
    const base = { status: pending, startedAt, expectedDurationSeconds: 30 };
    expect(normalizeBridgeStatus({ ...base, now: at(599) }).state).toBe('bridging');
    expect(normalizeBridgeStatus({ ...base, now: at(601) }).state).toBe('stuck');
    expect(normalizeBridgeStatus({ ...base, now: at(61), minStuckMs: 0, stuckFactor: 2 }).state).toBe(
      'stuck',
    );
    expect(normalizeBridgeStatus({ ...base, now: at(59), minStuckMs: 0, stuckFactor: 2 }).state).toBe(
      'bridging',
    );
  });
});
