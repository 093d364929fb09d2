import { describe, expect, it } from 'vitest';
import type { Execution } from '../api/schemas';
import type { ConsoleEvent } from '../events/followEvents';
import { recordSeen, type SeenExecution } from './recordSeen';

const event = (type: string, data: Record<string, unknown>, at = '2026-01-01T00:00:00Z'): ConsoleEvent => ({
  type,
  id: 'b00t0001-1',
  payload: { id: 'b00t0001-1', type, at, data },
});

describe('recordSeen', () => {
  it('follows an execution through held, decided, broadcast (and a replacement), settled', () => {
    let seen: ReadonlyMap<string, SeenExecution> = new Map();
    seen = recordSeen(seen, { event: event('execution.held', { executionId: 'x1', confirmationId: 'c1' }) });
    expect(seen.get('x1')?.status).toBe('awaiting_confirmation');
    seen = recordSeen(seen, {
      event: event('confirmation.decided', { executionId: 'x1', decision: 'approved' }),
    });
    expect(seen.get('x1')?.status).toBe('awaiting_confirmation');
    seen = recordSeen(seen, {
      event: event('execution.broadcast', { executionId: 'x1', hash: '0xa', nonce: 4 }),
    });
    seen = recordSeen(seen, {
      event: event('execution.broadcast', { executionId: 'x1', hash: '0xb', nonce: 4 }),
    });
    seen = recordSeen(seen, {
      event: event('execution.settled', { executionId: 'x1', status: 'confirmed', feeWei: '21000' }, 'T2'),
    });
    expect(seen.get('x1')).toMatchObject({
      status: 'confirmed',
      hashes: ['0xa', '0xb'],
      nonce: 4,
      feeWei: '21000',
      updatedAt: 'T2',
    });
  });

  it('marks a denied or expired one blocked with its code, and a blocked one with the gateway code', () => {
    let seen: ReadonlyMap<string, SeenExecution> = new Map();
    seen = recordSeen(seen, {
      event: event('confirmation.decided', { executionId: 'x2', decision: 'denied' }),
    });
    seen = recordSeen(seen, {
      event: event('confirmation.decided', { executionId: 'x3', decision: 'expired' }),
    });
    seen = recordSeen(seen, {
      event: event('execution.blocked', { executionId: 'x4', code: 'KILL_SWITCH_ENGAGED', reason: 'stop' }),
    });
    expect([...seen.values()].map((s) => [s.id, s.status, s.code])).toEqual([
      ['x2', 'blocked', 'CONFIRMATION_DENIED'],
      ['x3', 'blocked', 'CONFIRMATION_EXPIRED'],
      ['x4', 'blocked', 'KILL_SWITCH_ENGAGED'],
    ]);
  });

  it('keeps the full record from an answer, and leaves other events and the input map alone', () => {
    const execution = {
      id: 'x5',
      updatedAt: 'T',
      status: 'confirmed',
      transactions: [{ hash: '0xc' }],
      nonce: 7,
      fee: { eth: '0.1', wei: '100' },
      code: null,
      reason: null,
    } as unknown as Execution;
    const empty = new Map<string, SeenExecution>();
    const seen = recordSeen(empty, { execution });
    expect(empty.size).toBe(0);
    expect(seen.get('x5')).toMatchObject({ status: 'confirmed', hashes: ['0xc'], feeWei: '100', execution });
    expect(recordSeen(seen, { event: event('governor.kill-switch', { engaged: true }) })).toBe(seen);
    expect(recordSeen(seen, { event: event('watcher.alert', { executionId: 'x9' }) })).toBe(seen);
  });
});
