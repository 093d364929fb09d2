import { Governor, MemorySpendLedger, parseEther } from '@org/governor';
import { describe, expect, it } from 'vitest';
import { StoreError } from '../errors/StoreError.js';
import { MemoryConfirmationStore } from './store/MemoryConfirmationStore.js';
import { MemoryExecutionStore } from './store/MemoryExecutionStore.js';
import { GWEI, harness, openReservations, swap } from './testing/gatewayHarness.js';
import type { ExecutionRecord, UpdateExecutionParameters } from './types.js';

// Settlement as one idempotent step (review F8): the governor and the record never drift apart for good.

const FEE = 100_000n * 11n * GWEI; // what the scripted receipt charges

/** A memory store whose next update matching `when` fails as a database would (nothing written). */
class FlakyStore extends MemoryExecutionStore {
  when: ((p: UpdateExecutionParameters) => boolean) | undefined;
  override async update(p: UpdateExecutionParameters): Promise<ExecutionRecord | null> {
    if (this.when?.(p)) {
      this.when = undefined;
      throw new StoreError('STORE_FAILURE', 'The SQLite SqliteExecutionStore failed.');
    }
    return super.update(p);
  }
}

describe('ExecutionGateway settlement (F8)', () => {
  it('commit done, record update lost: a later pass finishes the record, and the spend counts once', async () => {
    const store = new FlakyStore();
    const h = harness({ receiptAt: 0 }, {}, { store });
    store.when = (p) => p.patch.status === 'confirmed';
    // Broadcast already: the answer is the execution as last recorded (never "nothing happened"), no receipt.
    const answered = await h.gateway.execute(swap());
    expect([answered.record.status, answered.receipt]).toEqual(['pending', null]);
    const [left] = await store.listUnsettled();
    expect(left?.status).toBe('pending');
    expect(await openReservations(h.governor)).toBe(0); // the commit went through

    const later = harness({ receiptAt: 0 }, {}, { governor: h.governor, store });
    const changed = await later.gateway.reconcile();
    expect(changed.map((r) => [r.id, r.status])).toEqual([[left?.id, 'confirmed']]);
    expect(await store.listUnsettled()).toEqual([]);
    expect((await h.governor.status()).spent.daily.committed).toBe(parseEther('0.01') + FEE);
  });

  it('the reservation is written to the record or released: a failed write after reserve leaves nothing counted', async () => {
    const store = new FlakyStore();
    const h = harness({ receiptAt: 0 }, {}, { store });
    store.when = (p) => p.patch.reservationId !== undefined;
    await expect(h.gateway.execute(swap())).rejects.toMatchObject({ code: 'STORE_FAILURE' });
    expect(await openReservations(h.governor)).toBe(0);
    expect(h.sent).toEqual([]);
    // The record is left preparing with no reservation: the reconciler closes it, releasing nothing twice.
    const changed = await h.gateway.reconcile();
    expect(changed.map((r) => [r.status, r.code, r.reservationId])).toEqual([
      ['failed', 'INTERRUPTED', null],
    ]);
    expect((await h.governor.status()).spent.daily.total).toBe(0n);
  });

  it('the record write after reserve fails and so does the first release (the same dropped connection): released on a retry', async () => {
    const store = new FlakyStore();
    const governor = new Governor({ ledger: new MemorySpendLedger() });
    const release = governor.release.bind(governor);
    let failures = 2;
    governor.release = (p) =>
      failures-- > 0 ? Promise.reject(new Error('Connection terminated')) : release(p);
    const h = harness({ receiptAt: 0 }, {}, { store, governor });
    store.when = (p) => p.patch.reservationId !== undefined;
    await expect(h.gateway.execute(swap())).rejects.toMatchObject({ code: 'STORE_FAILURE' });
    expect(h.sent).toEqual([]);
    expect(await openReservations(governor)).toBe(0);
  });

  it('an approved action is not run after its approval expired (approved from the CLI, picked up late)', async () => {
    let now = 1_000_000;
    const confirmations = new MemoryConfirmationStore();
    const h = harness(
      { receiptAt: 0 },
      { confirmMode: { kind: 'all' }, confirmTtlMs: 60_000 },
      { confirmations, clock: () => now },
    );
    const held = await h.gateway.execute(swap());
    const id = held.confirmation?.id as string;
    await confirmations.transition({
      id,
      from: ['pending'],
      to: 'approved',
      patch: { approvedValueWei: parseEther('0.01'), decidedAt: now, decidedBy: 'cli' },
      at: now,
    });
    now += 60_000; // the server comes back after the expiry
    const changed = await h.gateway.processConfirmations();
    expect(changed.map((r) => [r.id, r.status, r.code])).toEqual([
      [held.record.id, 'blocked', 'CONFIRMATION_EXPIRED'],
    ]);
    expect((await confirmations.get(id))?.status).toBe('expired');
    expect(h.sent).toEqual([]);
    expect(await openReservations(h.governor)).toBe(0);
    expect(await h.gateway.processConfirmations()).toEqual([]);
  });
});
