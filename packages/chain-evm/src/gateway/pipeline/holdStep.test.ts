import { parseEther } from '@org/governor';
import { describe, expect, it } from 'vitest';
import { MemoryConfirmationStore } from '../store/MemoryConfirmationStore.js';
import { insertExecution, openReservations, swap, testContext, USDC } from '../testing/gatewayHarness.js';
import { holdStep } from './holdStep.js';

const held = {
  reason: 'all' as const,
  detail: 'every action waits',
  valueWei: parseEther('0.01'),
  gasLimit: 200_000n,
};
const safety = [{ token: USDC as `0x${string}`, isHoneypot: false, buyTax: 0, sellTax: 0 }];

describe('holdStep', () => {
  it('queues a pending confirmation bound to the exact intent; the execution awaits it; nothing reserved', async () => {
    const confirmations = new MemoryConfirmationStore();
    const { ctx, governor, events } = testContext(
      {},
      { confirmMode: { kind: 'all' }, confirmTtlMs: 1_000 },
      { confirmations, clock: () => 5_000 },
    );
    const record = await insertExecution(ctx);
    const { record: waiting, confirmation } = await holdStep(ctx, {
      record,
      intent: swap(),
      ...held,
      safety,
    });
    expect(waiting).toMatchObject({
      status: 'awaiting_confirmation',
      code: 'CONFIRMATION_REQUIRED',
      valueWei: parseEther('0.01'),
    });
    expect(confirmation).toMatchObject({
      status: 'pending',
      executionId: record.id,
      expiresAt: 6_000,
      gasLimit: 200_000n,
      intent: swap(),
    });
    expect(await confirmations.get(confirmation?.id as string)).toEqual(confirmation);
    expect(events.map((e) => e.type)).toEqual(['held']);
    expect(await openReservations(governor)).toBe(0);
  });

  it('while the kill switch is engaged nothing is queued: the execution is refused', async () => {
    const confirmations = new MemoryConfirmationStore();
    const { ctx, governor } = testContext({}, { confirmMode: { kind: 'all' } }, { confirmations });
    const record = await insertExecution(ctx);
    await governor.kill();
    const { record: refused, confirmation } = await holdStep(ctx, {
      record,
      intent: swap(),
      ...held,
      safety,
    });
    expect(refused).toMatchObject({ status: 'blocked', code: 'KILL_SWITCH_ENGAGED' });
    expect(confirmation).toBeUndefined();
    expect((await confirmations.list({ limit: 10 })).items).toEqual([]);
  });
});
