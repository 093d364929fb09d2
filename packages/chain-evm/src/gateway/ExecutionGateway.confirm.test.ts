import { parseEther } from '@org/governor';
import { describe, expect, it } from 'vitest';
import { MemoryConfirmationStore } from './store/MemoryConfirmationStore.js';
import { GWEI, harness, openReservations, type Script, swap, USDC } from './testing/gatewayHarness.js';
import type { ConfirmMode } from './types.js';

// Held actions: the confirmation rule, approval bound to the exact intent, denial, expiry, and decisions made
// elsewhere (the CLI) — on the scripted harness.

const above = (eth: string): ConfirmMode => ({ kind: 'above', thresholdWei: parseEther(eth) });
const FEE = 100_000n * 11n * GWEI; // what the scripted receipt charges

function confirmHarness(script: Script, mode: ConfirmMode, clock?: () => number) {
  const confirmations = new MemoryConfirmationStore();
  const h = harness(
    script,
    { confirmMode: mode, confirmTtlMs: 60_000 },
    { confirmations, ...(clock ? { clock } : {}) },
  );
  return { ...h, confirmations };
}

describe('ExecutionGateway confirmations', () => {
  it('above the threshold: held (nothing reserved or signed), approved → runs once and the governor counts it', async () => {
    const h = confirmHarness({ receiptAt: 0 }, above('0.005'));
    const held = await h.gateway.execute(swap(), { idempotencyKey: 'k-1' });
    expect(held.record).toMatchObject({ status: 'awaiting_confirmation', code: 'CONFIRMATION_REQUIRED' });
    expect(held.confirmation).toMatchObject({
      status: 'pending',
      reason: 'above-threshold',
      valueWei: parseEther('0.01'),
      gasLimit: 200_000n,
      idempotencyKey: 'k-1',
      safety: [{ token: USDC, isHoneypot: false, sellTax: 0 }],
    });
    expect(h.sent).toEqual([]);
    expect(await openReservations(h.governor)).toBe(0);

    const ran = await h.gateway.approve({ id: held.confirmation?.id as string, by: 'test' });
    expect(ran.record.id).toBe(held.record.id);
    expect(ran.record.status).toBe('confirmed');
    expect(h.sent).toHaveLength(1);
    expect((await h.governor.status()).spent.daily.committed).toBe(parseEther('0.01') + FEE);
    expect((await h.confirmations.get(held.confirmation?.id as string))?.status).toBe('running');
    await expect(
      h.gateway.approve({ id: held.confirmation?.id as string, by: 'test' }),
    ).rejects.toMatchObject({
      code: 'CONFIRMATION_NOT_PENDING',
    });
    expect(h.sent).toHaveLength(1);
  });

  it('at or under the threshold runs at once; off never holds', async () => {
    for (const mode of [above('0.01'), { kind: 'off' } as ConfirmMode]) {
      const h = confirmHarness({ receiptAt: 0 }, mode);
      expect((await h.gateway.execute(swap())).record.status).toBe('confirmed');
    }
  });

  it('deny → blocked CONFIRMATION_DENIED, nothing sent or reserved; it cannot be approved after', async () => {
    const h = confirmHarness({ receiptAt: 0 }, { kind: 'all' });
    const held = await h.gateway.execute(swap());
    const id = held.confirmation?.id as string;
    const denied = await h.gateway.deny({ id, by: 'test', note: 'no' });
    expect(denied).toMatchObject({ status: 'blocked', code: 'CONFIRMATION_DENIED', reason: 'no' });
    await expect(h.gateway.approve({ id, by: 'test' })).rejects.toMatchObject({
      code: 'CONFIRMATION_NOT_PENDING',
    });
    expect(h.sent).toEqual([]);
    expect(await openReservations(h.governor)).toBe(0);
  });

  it('expiry: denied automatically; an approval after the expiry is refused', async () => {
    let now = 1_000_000;
    const h = confirmHarness({ receiptAt: 0 }, { kind: 'all' }, () => now);
    const first = await h.gateway.execute(swap());
    const second = await h.gateway.execute(swap());
    now += 60_000;
    const changed = await h.gateway.processConfirmations();
    expect(changed.map((r) => [r.id, r.status, r.code]).sort()).toEqual(
      [
        [first.record.id, 'blocked', 'CONFIRMATION_EXPIRED'],
        [second.record.id, 'blocked', 'CONFIRMATION_EXPIRED'],
      ].sort(),
    );
    await expect(
      h.gateway.approve({ id: first.confirmation?.id as string, by: 'test' }),
    ).rejects.toMatchObject({ code: 'CONFIRMATION_NOT_PENDING' });
    const third = await h.gateway.execute(swap());
    now += 60_000;
    await expect(
      h.gateway.approve({ id: third.confirmation?.id as string, by: 'test' }),
    ).rejects.toMatchObject({ code: 'CONFIRMATION_EXPIRED' });
    expect((await h.store.get(third.record.id))?.code).toBe('CONFIRMATION_EXPIRED');
    expect(h.sent).toEqual([]);
  });

  it('a value that grew after the approval is held again (new confirmation, same execution), not sent', async () => {
    const script: Script = { receiptAt: 0, price: parseEther('0.02') };
    const h = confirmHarness(script, above('0.01'));
    const usdcIn = swap({ value: 0n, spends: [{ token: USDC, amount: 60_000_000n }] });
    const held = await h.gateway.execute(usdcIn);
    expect(held.confirmation?.valueWei).toBe(parseEther('0.02'));
    script.price = parseEther('0.021');
    const again = await h.gateway.approve({ id: held.confirmation?.id as string, by: 'test' });
    expect(again.record).toMatchObject({ id: held.record.id, status: 'awaiting_confirmation' });
    expect(again.confirmation).toMatchObject({ reason: 'value-grew', valueWei: parseEther('0.021') });
    expect(again.confirmation?.id).not.toBe(held.confirmation?.id);
    expect(h.sent).toEqual([]);
    script.price = parseEther('0.0205');
    const ran = await h.gateway.approve({ id: again.confirmation?.id as string, by: 'test' });
    expect(ran.record.status).toBe('confirmed');
    expect((await h.governor.status()).spent.daily.committed).toBe(parseEther('0.0205') + FEE);
  });

  it('unknown mode: an unpriceable spend is held; approving needs a value, which the governor is charged', async () => {
    const h = confirmHarness({ receiptAt: 0, price: null }, { kind: 'unknown' });
    const held = await h.gateway.execute(swap({ value: 0n, spends: [{ token: USDC, amount: 1n }] }));
    expect(held.confirmation).toMatchObject({ reason: 'value-unknown', valueWei: null });
    const id = held.confirmation?.id as string;
    await expect(h.gateway.approve({ id, by: 'test' })).rejects.toMatchObject({
      code: 'CONFIRMATION_VALUE_REQUIRED',
    });
    expect((await h.confirmations.get(id))?.status).toBe('pending');
    const ran = await h.gateway.approve({ id, by: 'test', valueWei: parseEther('0.003') });
    expect(ran.record.status).toBe('confirmed');
    expect((await h.governor.status()).spent.daily.committed).toBe(parseEther('0.003') + FEE);
  });

  it('a confirmed honeypot is never held, in any mode; held for unknown safety but a honeypot when approved → refused', async () => {
    for (const mode of [{ kind: 'unknown' }, { kind: 'all' }, above('0')] as ConfirmMode[]) {
      const h = confirmHarness({ safety: { isHoneypot: true, sellTax: null } }, mode);
      const { record, confirmation } = await h.gateway.execute(swap());
      expect(record).toMatchObject({ status: 'blocked', code: 'TOKEN_UNSAFE' });
      expect(confirmation).toBeUndefined();
    }
    const script: Script = { receiptAt: 0, safety: { isHoneypot: null, sellTax: null } };
    const h = confirmHarness(script, { kind: 'unknown' });
    const held = await h.gateway.execute(swap());
    expect(held.confirmation?.reason).toBe('safety-unknown');
    script.safety = { isHoneypot: true, sellTax: null };
    const ran = await h.gateway.approve({ id: held.confirmation?.id as string, by: 'test' });
    expect(ran.record).toMatchObject({ status: 'blocked', code: 'TOKEN_UNSAFE' });
    expect(h.sent).toEqual([]);
  });

  it('approved, yet the kill switch or a cap still wins', async () => {
    const h = confirmHarness({ receiptAt: 0 }, { kind: 'all' });
    const held = await h.gateway.execute(swap());
    await h.governor.kill();
    const ran = await h.gateway.approve({ id: held.confirmation?.id as string, by: 'test' });
    expect(ran.record).toMatchObject({ status: 'blocked', code: 'KILL_SWITCH_ENGAGED' });
    const capped = confirmHarness({ receiptAt: 0 }, { kind: 'all' });
    const big = await capped.gateway.execute(swap({ value: parseEther('0.06') }));
    const refused = await capped.gateway.approve({ id: big.confirmation?.id as string, by: 'test' });
    expect(refused.record).toMatchObject({ status: 'blocked', code: 'PER_TX_LIMIT_EXCEEDED' });
    expect([...h.sent, ...capped.sent]).toEqual([]);
  });

  it('approved elsewhere (the CLI writes the store): processConfirmations runs it exactly once', async () => {
    const h = confirmHarness({ receiptAt: 0 }, { kind: 'all' });
    const held = await h.gateway.execute(swap());
    await h.confirmations.transition({
      id: held.confirmation?.id as string,
      from: ['pending'],
      to: 'approved',
      patch: { approvedValueWei: parseEther('0.01'), decidedAt: 1, decidedBy: 'cli' },
      at: Date.now(),
    });
    const [a, b] = await Promise.all([h.gateway.processConfirmations(), h.gateway.processConfirmations()]);
    expect([...a, ...b].filter((r) => r.status === 'confirmed')).toHaveLength(1);
    expect(await h.gateway.processConfirmations()).toEqual([]);
    expect(h.sent).toHaveLength(1);
  });

  it('processConfirmations({ runApproved: false }) only expires: an approved action waits for the runner', async () => {
    const h = confirmHarness({ receiptAt: 0 }, { kind: 'all' });
    const held = await h.gateway.execute(swap());
    await h.confirmations.transition({
      id: held.confirmation?.id as string,
      from: ['pending'],
      to: 'approved',
      patch: { approvedValueWei: parseEther('0.01'), decidedAt: 1, decidedBy: 'cli' },
      at: Date.now(),
    });
    expect(await h.gateway.processConfirmations({ runApproved: false })).toEqual([]);
    expect(h.sent).toEqual([]);
    expect((await h.gateway.processConfirmations()).map((r) => r.status)).toEqual(['confirmed']);
  });

  it('an approval is bound to its own intent: approving one held action leaves another untouched', async () => {
    const h = confirmHarness({ receiptAt: 0 }, { kind: 'all' });
    const small = await h.gateway.execute(swap({ value: parseEther('0.01') }));
    const large = await h.gateway.execute(swap({ value: parseEther('0.02') }));
    const ran = await h.gateway.approve({ id: small.confirmation?.id as string, by: 'test' });
    expect(ran.record.id).toBe(small.record.id);
    expect(ran.record.intent.value).toBe('10000000000000000');
    expect((await h.store.get(large.record.id))?.status).toBe('awaiting_confirmation');
    expect((await h.confirmations.get(large.confirmation?.id as string))?.status).toBe('pending');
    expect(h.sent).toHaveLength(1);
  });

  it('needs a confirmations store for any mode but off', () => {
    expect(() => harness({}, { confirmMode: { kind: 'all' } })).toThrow(
      expect.objectContaining({ code: 'CONFIRMATION_NOT_CONFIGURED' }),
    );
  });
});
