import { describe, expect, it } from 'vitest';
import type { NonceOutboxRow } from '../nonces/NonceStore.js';
import { insertExecution, testContext, testHashFor } from '../testing/gatewayHarness.js';
import type { Hex } from '../types.js';
import { OUTBOX_GRACE_MS, outboxDecision } from './outboxDecision.js';

const NOW = 10_000_000;

function row(p: Partial<NonceOutboxRow>): NonceOutboxRow {
  return {
    chainId: 1,
    address: '0x00000000000000000000000000000000000000aa',
    nonce: 7,
    executionId: null,
    kind: 'transaction',
    raw: '0x02aa' as Hex,
    hash: testHashFor(1),
    createdAt: NOW,
    ...p,
  };
}

describe('outboxDecision', () => {
  it('recorded as sent at that nonce → broadcast (wait after a kill); failed → fill; mined → wait', async () => {
    const { ctx, store } = testContext({}, {}, { clock: () => NOW });
    const record = await insertExecution(ctx);
    const signed = await store.addTransaction({
      id: record.id,
      expected: { status: 'preparing', version: 0 },
      transaction: {
        hash: testHashFor(1),
        raw: '0x02aa',
        nonce: 7,
        gasLimit: 1n,
        maxFeePerGas: 1n,
        maxPriorityFeePerGas: 1n,
        signedAt: NOW,
      },
      at: NOW,
    });
    const r = row({ executionId: record.id });
    expect(await outboxDecision(ctx, r, { killed: false })).toBe('broadcast');
    expect(await outboxDecision(ctx, r, { killed: true })).toBe('wait');
    expect(await outboxDecision(ctx, { ...r, nonce: 8 }, { killed: false })).toBe('wait');
    await store.update({
      id: record.id,
      expected: { status: 'signed', version: signed!.version },
      patch: { status: 'failed', code: 'SEND_FAILED' },
      at: NOW,
    });
    expect(await outboxDecision(ctx, r, { killed: false })).toBe('fill');
  });

  it('not recorded yet (preparing, or no record): wait within the grace period, fill after it', async () => {
    const { ctx } = testContext({}, {}, { clock: () => NOW });
    const record = await insertExecution(ctx);
    expect(await outboxDecision(ctx, row({ executionId: record.id }), { killed: false })).toBe('wait');
    expect(await outboxDecision(ctx, row({ executionId: 'gone' }), { killed: false })).toBe('wait');
    const old = NOW - OUTBOX_GRACE_MS - 1;
    expect(
      await outboxDecision(ctx, row({ executionId: record.id, createdAt: old }), { killed: false }),
    ).toBe('fill');
    expect(await outboxDecision(ctx, row({ executionId: null, createdAt: old }), { killed: true })).toBe(
      'fill',
    );
  });
});
