import { Interface, Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { MemoryConfirmationStore } from './store/MemoryConfirmationStore.js';
import { MemoryOutstandingApprovalStore } from './store/MemoryOutstandingApprovalStore.js';
import {
  harness,
  openReservations,
  ROUTER,
  type Script,
  swap,
  USDC,
  WALLET,
} from './testing/gatewayHarness.js';
import type { ExecutionIntent, Hex } from './types.js';

// G3 on the scripted harness: an action's prerequisite approval is simulated with it, held with it, and sent only
// once the action is decided (an outstanding approval, entered first); the reset of an outstanding approval of ours
// is the one thing besides the cancel that passes the kill switch.

const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
/** Any amount is worth 0.001 ETH; an approval (a zero spend) is worth nothing. */
const PRICE = (amounts: readonly { amount: bigint }[]) =>
  amounts.some((a) => a.amount > 0n) ? 10n ** 15n : 0n;
const erc20 = new Interface(['function approve(address spender, uint256 amount)']);
const approveCall = (spender: string, amount: bigint) =>
  erc20.encodeFunctionData('approve', [spender, amount]) as Hex;

/** A USDC → DAI swap that needs its exact approval first. */
const needsApproval = (o: Partial<ExecutionIntent> = {}): ExecutionIntent =>
  swap({
    value: 0n,
    spends: [{ token: USDC, amount: 100n }],
    acquires: [{ token: DAI, amount: 1n }],
    prerequisiteApproval: { token: USDC, spender: ROUTER, amount: 100n },
    ...o,
  });
const decoded = (raw: Hex) => {
  const tx = Transaction.from(raw);
  return { to: tx.to, data: tx.data, nonce: tx.nonce };
};

describe('a prerequisite approval travels with its action', () => {
  it('decided at once: simulated with the action, entered as outstanding, sent first, then the action', async () => {
    const approvals = new MemoryOutstandingApprovalStore();
    const h = harness({ receiptAt: 0, price: PRICE }, {}, { approvals });
    const { record, prerequisite } = await h.gateway.execute(needsApproval());
    expect(record.status).toBe('confirmed');
    expect(prerequisite).toMatchObject({ action: 'approve', status: 'confirmed' });
    // Simulated with its approval first; after the approval was mined, the action again on its own.
    const simulated = h.calls.filter((c) => c.startsWith('simulate'));
    expect(simulated.at(0)).toBe('simulate+1');
    expect(simulated.at(-1)).toBe('simulate');
    expect(h.sent.map(decoded)).toEqual([
      { to: USDC, data: approveCall(ROUTER, 100n), nonce: 7 },
      { to: ROUTER, data: needsApproval().data, nonce: 8 },
    ]);
    const row = await approvals.get(prerequisite?.id as string);
    expect(row).toMatchObject({
      owner: WALLET,
      token: USDC,
      spender: ROUTER,
      amount: 100n,
      actionExecutionId: record.id,
      status: 'outstanding',
    });
    expect(await openReservations(h.governor)).toBe(0);
  });

  it('held: nothing sent and nothing outstanding; approved → approval then action; denied → nothing ever sent', async () => {
    const approvals = new MemoryOutstandingApprovalStore();
    const confirmations = new MemoryConfirmationStore();
    const h = harness(
      { receiptAt: 0, price: PRICE },
      { confirmMode: { kind: 'all' } },
      { approvals, confirmations },
    );
    const held = await h.gateway.execute(needsApproval());
    expect(held.record.status).toBe('awaiting_confirmation');
    expect(held.confirmation?.intent.prerequisiteApproval).toEqual({
      token: USDC,
      spender: ROUTER,
      amount: 100n,
    });
    expect(h.sent).toEqual([]);
    expect(await approvals.listOutstanding(10)).toEqual([]);
    expect(await openReservations(h.governor)).toBe(0);

    const ran = await h.gateway.approve({ id: held.confirmation?.id as string, by: 'test' });
    expect(ran.record.status).toBe('confirmed');
    expect(h.sent.map((raw) => decoded(raw).to)).toEqual([USDC, ROUTER]);
    expect((await approvals.listOutstanding(10)).map((r) => r.actionExecutionId)).toEqual([held.record.id]);

    const other = await h.gateway.execute(needsApproval());
    const denied = await h.gateway.deny({ id: other.confirmation?.id as string, by: 'test' });
    expect(denied.code).toBe('CONFIRMATION_DENIED');
    expect(h.sent).toHaveLength(2);
    expect(await approvals.listOutstanding(10)).toHaveLength(1);
  });

  it('the kill lands after the approval went out: the action is not signed, its reservation released, the row stays', async () => {
    const approvals = new MemoryOutstandingApprovalStore();
    const h = harness({ receiptAt: 0, price: PRICE }, {}, { approvals });
    h.gateway; // the first send (the approval) engages the kill switch
    const script = { onSend: async () => h.governor.kill() };
    const k = harness({ receiptAt: 0, price: PRICE, ...script }, {}, { approvals, governor: h.governor });
    const { record, prerequisite } = await k.gateway.execute(needsApproval());
    expect(record).toMatchObject({ status: 'blocked', code: 'KILL_SWITCH_ENGAGED' });
    expect(prerequisite?.status).toBe('confirmed');
    expect(k.sent).toHaveLength(1);
    expect(await openReservations(h.governor)).toBe(0);
    expect(await approvals.listOutstanding(10)).toMatchObject([{ actionExecutionId: record.id }]);
  });

  it('the chain moved while the approval was mined and the action now reverts: it is not signed, the row stays', async () => {
    const approvals = new MemoryOutstandingApprovalStore();
    const script: Script = { receiptAt: 0, price: PRICE };
    script.onSend = () => {
      script.simulate = { ok: false, reason: 'the vault moved' };
    };
    const h = harness(script, {}, { approvals });
    const { record, prerequisite } = await h.gateway.execute(needsApproval());
    expect(record).toMatchObject({ status: 'blocked', code: 'SIMULATION_REVERTED' });
    expect(prerequisite?.status).toBe('confirmed');
    expect(h.sent).toHaveLength(1);
    expect(await openReservations(h.governor)).toBe(0);
    expect(await approvals.listOutstanding(10)).toMatchObject([{ actionExecutionId: record.id }]);
  });

  it('an approval the gateway refuses ends the action unsigned with its code; no store → refused before anything', async () => {
    const approvals = new MemoryOutstandingApprovalStore();
    const h = harness({ receiptAt: 0, price: PRICE }, {}, { approvals });
    const wrong = await h.gateway.execute(
      needsApproval({ prerequisiteApproval: { token: USDC, spender: ROUTER, amount: 101n } }),
    );
    expect(wrong.record).toMatchObject({ status: 'blocked', code: 'PREREQUISITE_APPROVAL_INVALID' });
    const stranger = await h.gateway.execute(
      needsApproval({ prerequisiteApproval: { token: USDC, spender: WALLET, amount: 100n } }),
    );
    expect(stranger.record).toMatchObject({ status: 'blocked', code: 'TARGET_NOT_ALLOWED' });
    const bare = harness({ receiptAt: 0, price: PRICE });
    const none = await bare.gateway.execute(needsApproval());
    expect(none.record).toMatchObject({ status: 'blocked', code: 'PREREQUISITE_APPROVAL_INVALID' });
    expect([...h.sent, ...bare.sent]).toEqual([]);
    expect(h.calls).not.toContain('simulate+1');
  });
});

describe('the reset of our own outstanding approval passes the kill switch — and nothing else does', () => {
  const revoke = (spender: string): ExecutionIntent =>
    swap({
      action: 'revoke',
      to: USDC,
      data: approveCall(spender, 0n),
      value: 0n,
      spender: spender as Hex,
      spends: [],
      acquires: [],
    });

  it('killed: approve(spender, 0) of the row is signed (no reservation); any other intent is refused', async () => {
    const approvals = new MemoryOutstandingApprovalStore();
    const h = harness({ receiptAt: 0 }, {}, { approvals });
    await approvals.insert({
      id: 'ap',
      chainId: 1,
      owner: WALLET,
      token: USDC,
      spender: ROUTER,
      amount: 100n,
      actionExecutionId: 'gone',
      createdAt: 0,
    });
    await h.governor.kill();
    const refused = [
      await h.gateway.execute(revoke(ROUTER)),
      await h.gateway.execute(revoke(WALLET), { resetsOutstandingApproval: 'ap' }),
      await h.gateway.execute(revoke(ROUTER), { resetsOutstandingApproval: 'unknown' }),
      await h.gateway.execute(swap(), { resetsOutstandingApproval: 'ap' }),
      await h.gateway.execute(needsApproval(), { resetsOutstandingApproval: 'ap' }),
    ];
    expect(refused.map((r) => r.record.code)).toEqual(Array(5).fill('KILL_SWITCH_ENGAGED'));
    expect(h.sent).toEqual([]);
    const reset = await h.gateway.execute(revoke(ROUTER), { resetsOutstandingApproval: 'ap' });
    expect(reset.record).toMatchObject({ status: 'confirmed', reservationId: null });
    expect(h.sent.map(decoded)).toEqual([{ to: USDC, data: approveCall(ROUTER, 0n), nonce: 7 }]);
    expect((await h.governor.status()).killSwitch).toBe(true);
  });

  it('not killed: the reset is reserved and charged like any revoke', async () => {
    const approvals = new MemoryOutstandingApprovalStore();
    const h = harness({ receiptAt: 0 }, {}, { approvals });
    await approvals.insert({
      id: 'ap',
      chainId: 1,
      owner: WALLET,
      token: USDC,
      spender: ROUTER,
      amount: 100n,
      actionExecutionId: null,
      createdAt: 0,
    });
    const reset = await h.gateway.execute(revoke(ROUTER), { resetsOutstandingApproval: 'ap' });
    expect(reset.record.status).toBe('confirmed');
    expect(reset.record.reservationId).not.toBeNull();
  });
});
