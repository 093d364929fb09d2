import { parseEther } from '@org/governor';
import { describe, expect, it } from 'vitest';
import { MemoryConfirmationStore } from '../store/MemoryConfirmationStore.js';
import { harness, swap, testContext } from '../testing/gatewayHarness.js';
import { expireApprovedStep } from './expireApprovedStep.js';

describe('expireApprovedStep', () => {
  it('an approval nothing ran in time: the confirmation expired, the execution blocked, an expired event', async () => {
    const confirmations = new MemoryConfirmationStore();
    const first = harness({}, { confirmMode: { kind: 'all' } }, { confirmations });
    const held = await first.gateway.execute(swap());
    const approved = (await confirmations.transition({
      id: held.confirmation!.id,
      from: ['pending'],
      to: 'approved',
      patch: { approvedValueWei: parseEther('0.01'), decidedAt: 1, decidedBy: 'cli' },
      at: 1,
    }))!;
    const { ctx, events } = testContext({}, {}, { confirmations, store: first.store });
    const { record } = await expireApprovedStep(ctx, approved);
    expect(record).toMatchObject({ status: 'blocked', code: 'CONFIRMATION_EXPIRED' });
    expect((await confirmations.get(approved.id))?.status).toBe('expired');
    expect(events).toEqual([expect.objectContaining({ type: 'confirmation', decision: 'expired' })]);
    // Already expired: nothing more happens.
    expect((await expireApprovedStep(ctx, approved)).record).toEqual(record);
    expect(events).toHaveLength(1);
  });
});
