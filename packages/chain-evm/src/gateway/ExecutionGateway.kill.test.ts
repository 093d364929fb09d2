import { Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { MemoryConfirmationStore } from './store/MemoryConfirmationStore.js';
import { requestCancel } from './requestCancel.js';
import { GWEI, harness, openReservations, type Script, swap, USDC } from './testing/gatewayHarness.js';
import type { ExecutionIntent, Hex } from './types.js';

// The kill switch on every send (issue 23, review F5) and the operator's same-nonce cancel, on the scripted harness.

const FEE = 100_000n * 11n * GWEI; // what the scripted receipt charges
const SPENDER = '0x1111111111111111111111111111111111111111';
const approveData = `0x095ea7b3${SPENDER.slice(2).padStart(64, '0')}${'0'.repeat(63)}1` as Hex;

describe('kill switch engaged: refused at once, for every action kind', () => {
  const kinds: ExecutionIntent[] = [
    swap(),
    swap({ action: 'approve', to: USDC, data: approveData, value: 0n, spender: SPENDER, acquires: [] }),
    swap({ action: 'revoke', to: USDC, data: approveData, value: 0n, spender: SPENDER, acquires: [] }),
    swap({ action: 'wrap', acquires: [] }),
    swap({ action: 'unwrap', value: 0n, acquires: [] }),
  ];
  it.each(kinds.map((k) => [k.action, k] as const))(
    '%s → blocked KILL_SWITCH_ENGAGED before any read, hold or reservation (CONFIRM_MODE all)',
    async (_, intent) => {
      const confirmations = new MemoryConfirmationStore();
      const h = harness({ receiptAt: 0 }, { confirmMode: { kind: 'all' } }, { confirmations });
      await h.governor.kill();
      const { record, confirmation } = await h.gateway.execute(intent);
      expect(record).toMatchObject({ status: 'blocked', code: 'KILL_SWITCH_ENGAGED' });
      expect(confirmation).toBeUndefined();
      expect((await confirmations.list({ limit: 10 })).items).toEqual([]);
      expect(h.calls).toEqual([]);
      expect(h.sent).toEqual([]);
      expect(await openReservations(h.governor)).toBe(0);
    },
  );

  it('a held action created before the kill stays held; approving it while killed runs nothing', async () => {
    const confirmations = new MemoryConfirmationStore();
    const h = harness({ receiptAt: 0 }, { confirmMode: { kind: 'all' } }, { confirmations });
    const held = await h.gateway.execute(swap());
    await h.governor.kill();
    expect((await confirmations.get(held.confirmation?.id as string))?.status).toBe('pending');
    const ran = await h.gateway.approve({ id: held.confirmation?.id as string, by: 'test' });
    expect(ran.record).toMatchObject({ status: 'blocked', code: 'KILL_SWITCH_ENGAGED' });
    expect(h.sent).toEqual([]);
  });
});

describe('after a kill, nothing is sent that was not broadcast before it (F5)', () => {
  it('a stuck transaction is not replaced once the kill switch is engaged', async () => {
    const script: Script = {};
    const h = harness(script, { receiptTimeoutMs: 200, replaceAfterMs: 10 });
    script.onSend = async () => {
      await h.governor.kill();
    };
    const { record } = await h.gateway.execute(swap());
    expect(record.status).toBe('pending');
    expect(h.sent).toHaveLength(1);
    expect((await h.store.get(record.id))?.transactions).toHaveLength(1);
    expect(await openReservations(h.governor)).toBe(1);
  });

  it('the reconciler does not (re-)broadcast a signed transaction while the kill switch is engaged', async () => {
    const first = harness();
    const { record } = await first.gateway.execute(swap());
    await first.governor.kill();
    const later = harness({ latestNonce: 7 }, {}, { governor: first.governor, store: first.store });
    expect(await later.gateway.reconcile()).toEqual([]);
    expect(later.sent).toEqual([]);
    expect((await first.store.get(record.id))?.status).toBe('pending');
    expect(await openReservations(first.governor)).toBe(1);
  });
});

describe('the operator cancel (same nonce, 0 value to the wallet itself, higher fee)', () => {
  it('allowed while killed: signed above every fee of the execution; when mined the execution is cancelled and only its fee counts', async () => {
    const script: Script = {};
    const h = harness(script, { maxReplacements: 0 });
    const { record } = await h.gateway.execute(swap());
    expect(record.status).toBe('pending');
    await h.governor.kill();
    const cancelled = await h.gateway.cancel({ id: record.id, by: 'operator-key' });
    expect(cancelled).toMatchObject({ status: 'pending', cancelRequestedBy: 'operator-key' });
    const [original, cancel] = cancelled.transactions;
    const tx = Transaction.from(cancel?.raw as string);
    expect(tx.to).toBe(h.gateway.address);
    expect(tx.value).toBe(0n);
    expect(tx.data).toBe('0x');
    expect(tx.nonce).toBe(original?.nonce);
    expect(tx.gasLimit).toBe(21_000n);
    expect(tx.maxFeePerGas! * 1000n).toBeGreaterThanOrEqual((original?.maxFeePerGas ?? 0n) * 1125n);
    expect(tx.maxPriorityFeePerGas! * 1000n).toBeGreaterThanOrEqual(
      (original?.maxPriorityFeePerGas ?? 0n) * 1125n,
    );
    expect(h.sent.at(-1)).toBe(cancel?.raw);
    expect(h.events.filter((e) => e.type === 'cancel')).toHaveLength(1);

    // The cancel is mined (not the swap): cancelled, the cancel's fee committed, the swap's value not.
    script.mined = (hash) => hash === cancel?.hash;
    const later = harness(script, {}, { governor: h.governor, store: h.store });
    const changed = await later.gateway.reconcile();
    expect(changed.map((r) => [r.status, r.code, r.minedHash])).toEqual([
      ['cancelled', 'CANCELLED', cancel?.hash],
    ]);
    const status = await h.governor.status();
    expect(status.openReservations).toEqual([]);
    expect(status.spent.daily.committed).toBe(FEE);
  });

  it('a cancel requested from the CLI is sent once by the running gateway', async () => {
    const h = harness({}, { maxReplacements: 0 });
    const { record } = await h.gateway.execute(swap());
    await requestCancel({ executions: h.store, id: record.id, by: 'cli', at: Date.now() });
    const sentBefore = h.sent.length;
    const [first, again] = [await h.gateway.processCancelRequests(), await h.gateway.processCancelRequests()];
    expect(first.map((r) => r.transactions.length)).toEqual([2]);
    expect(again).toEqual([]);
    expect(h.sent).toHaveLength(sentBefore + 1);
  });

  it('refused: an unknown, settled or held execution, and a cancel whose fee does not fit in the budget', async () => {
    const h = harness({ receiptAt: 0 });
    const { record } = await h.gateway.execute(swap());
    expect(record.status).toBe('confirmed');
    await expect(h.gateway.cancel({ id: record.id, by: 't' })).rejects.toMatchObject({
      code: 'EXECUTION_NOT_CANCELLABLE',
    });
    await expect(h.gateway.cancel({ id: 'nope', by: 't' })).rejects.toMatchObject({
      code: 'EXECUTION_NOT_FOUND',
    });
    // A budget smaller than a plain transfer at the cancel's fee: nothing is signed.
    const small = harness({}, { maxReplacements: 0 });
    const pending = await small.gateway.execute(swap());
    const stored = (await small.store.get(pending.record.id))!;
    await small.store.update({
      id: stored.id,
      expected: { status: stored.status, version: stored.version },
      patch: { feeReservedWei: 21_000n * GWEI },
      at: Date.now(),
    });
    const sentBefore = small.sent.length;
    await expect(small.gateway.cancel({ id: stored.id, by: 't' })).rejects.toMatchObject({
      code: 'CANCEL_FEE_NOT_RESERVED',
    });
    expect(small.sent).toHaveLength(sentBefore);
    expect((await small.store.get(stored.id))?.transactions).toHaveLength(1);
  });
});
