import { describe, expect, it } from 'vitest';
import { executionOutcome } from './executionOutcome.js';

describe('executionOutcome', () => {
  it('a held action: its id and expiry, and the tool to wait with', () => {
    const outcome = executionOutcome({
      idempotencyKey: 'k1',
      body: {
        execution: { id: 'e1', status: 'awaiting_confirmation', txHash: null },
        confirmation: { id: 'c1', expiresAt: '2026-01-01T00:10:00.000Z', reason: 'all' },
      },
    });
    expect(outcome).toMatchObject({
      idempotencyKey: 'k1',
      status: 'awaiting_confirmation',
      executionId: 'e1',
      txHash: null,
      confirmation: { id: 'c1', expiresAt: '2026-01-01T00:10:00.000Z', reason: 'all' },
    });
    expect(outcome.next).toContain('follow_held_action with confirmationId c1');
    expect(outcome.next).toContain('2026-01-01T00:10:00.000Z');
  });

  it('pending: follow it, never send it again; confirmed: done; a skipped compound names why', () => {
    const pending = executionOutcome({
      idempotencyKey: 'k',
      body: { execution: { id: 'e2', status: 'pending', txHash: '0xab' } },
    });
    expect(pending).toMatchObject({ status: 'pending', txHash: '0xab', confirmation: null });
    expect(pending.next).toContain('follow_execution with executionId e2');
    expect(
      executionOutcome({ idempotencyKey: 'k', body: { execution: { id: 'e3', status: 'confirmed' } } }).next,
    ).toMatch(/^Done/);
    const skipped = executionOutcome({ idempotencyKey: 'k', body: { status: 'skipped', execution: null } });
    expect(skipped).toMatchObject({ status: 'skipped', executionId: null });
    expect(skipped.next).toContain('skipReason');
  });
});
