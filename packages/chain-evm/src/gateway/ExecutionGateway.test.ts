import { parseEther } from '@org/governor';
import { Transaction } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import { MemoryExecutionStore } from './store/MemoryExecutionStore.js';
import {
  GWEI,
  harness,
  openReservations,
  ROUTER,
  type Script,
  swap,
  USDC,
  WALLET,
} from './testing/gatewayHarness.js';
import type { ActionModule } from './actions/ActionModule.js';
import { defaultActionModules } from './actions/defaultActionModules.js';

// Unit tests of the pipeline's ORDER and DECISIONS. The chain-facing steps are ports of this package, replaced
// here by scripted ones (testing/gatewayHarness.ts); the real steps run against the devnet in
// ExecutionGateway.devnet.test.ts.

describe('ExecutionGateway pipeline', () => {
  it('happy path: policy → fees → price → safety → simulate → reserve → sign → broadcast → receipt → commit', async () => {
    const h = harness({ receiptAt: 0 });
    const { record } = await h.gateway.execute(swap());
    expect(record.status).toBe('confirmed');
    expect(h.calls.filter((c) => c !== 'eth_getTransactionCount')).toEqual([
      'fees',
      'price',
      'safety',
      'simulate',
      'eth_sendRawTransaction',
      'wait',
    ]);
    expect(h.sent).toHaveLength(1);
    const tx = Transaction.from(h.sent[0] as string);
    expect(tx.nonce).toBe(7);
    expect(tx.gasLimit).toBe(200_000n);
    expect(record.transactions.map((t) => t.hash)).toEqual([tx.hash]);
    expect(record.feeWei).toBe(100_000n * 11n * GWEI);
    // Committed value = native value + fee actually paid (not the worst case).
    const status = await h.governor.status();
    expect(status.openReservations).toEqual([]);
    expect(status.spent.daily.committed).toBe(parseEther('0.01') + 100_000n * 11n * GWEI);
  });

  it('a target outside the allowlist is blocked before any chain call', async () => {
    const h = harness();
    const { record } = await h.gateway.execute(swap({ to: USDC }));
    expect(record).toMatchObject({ status: 'blocked', code: 'TARGET_NOT_ALLOWED' });
    expect(h.calls).toEqual([]);
  });

  it('calldata that does not do what the intent says is blocked (INTENT_INVALID) by execute and assess alike', async () => {
    const h = harness({ receiptAt: 0 });
    // The honest swap's calldata with the recipient replaced: the same bytes, another wallet paid.
    const honest = swap();
    const tampered = swap({
      data: honest.data.replace(WALLET.slice(2).toLowerCase(), 'dead'.padStart(40, '0')) as `0x${string}`,
    });
    expect(tampered.data).not.toBe(honest.data);
    expect(await h.gateway.assess(tampered)).toMatchObject({
      refusal: { code: 'INTENT_INVALID' },
      valueWei: null,
    });
    const { record } = await h.gateway.execute(tampered);
    expect(record).toMatchObject({ status: 'blocked', code: 'INTENT_INVALID' });
    expect(h.calls).toEqual([]);
    expect(h.sent).toEqual([]);
    expect(await openReservations(h.governor)).toBe(0);
    expect((await h.gateway.execute(honest)).record.status).toBe('confirmed');
  });

  it('the gateway checks with the action table it is given (execute and assess)', async () => {
    // A table without the swap module: a swap has no module and is refused before any chain call.
    const noSwaps = harness(
      { receiptAt: 0 },
      {},
      { actions: defaultActionModules.filter((m) => m.action !== 'swap') },
    );
    expect((await noSwaps.gateway.assess(swap())).refusal?.code).toBe('TARGET_NOT_ALLOWED');
    expect((await noSwaps.gateway.execute(swap())).record).toMatchObject({
      status: 'blocked',
      code: 'TARGET_NOT_ALLOWED',
    });
    expect(noSwaps.calls).toEqual([]);
    // A deposit module, registered: its action runs the pipeline; it is told the gateway's own address.
    const wallets: string[] = [];
    const deposit: ActionModule = {
      action: 'deposit',
      spenders: () => [],
      check: ({ wallet }) => {
        wallets.push(wallet);
        return null;
      },
    };
    const withDeposit = harness({ receiptAt: 0 }, {}, { actions: [...defaultActionModules, deposit] });
    const { record } = await withDeposit.gateway.execute(swap({ action: 'deposit' }));
    expect(record.status).toBe('confirmed');
    expect(wallets).toEqual([WALLET]);
    expect(withDeposit.gateway.address).toBe(WALLET);
    // The default table has no deposit module.
    expect((await harness().gateway.execute(swap({ action: 'deposit' }))).record.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
  });

  it('a base fee above the ceiling blocks with GAS_PRICE_ABOVE_CEILING', async () => {
    const h = harness({}, { feeCeilingWei: 20n * GWEI });
    const { record } = await h.gateway.execute(swap());
    expect(record).toMatchObject({ status: 'blocked', code: 'GAS_PRICE_ABOVE_CEILING' });
    expect(h.sent).toEqual([]);
  });

  it('a reverting simulation blocks, reserves nothing and signs nothing', async () => {
    const h = harness({ simulate: { ok: false, reason: 'UniswapV2Router: EXPIRED' } });
    const { record } = await h.gateway.execute(swap());
    expect(record).toMatchObject({
      status: 'blocked',
      code: 'SIMULATION_REVERTED',
      reason: 'UniswapV2Router: EXPIRED',
    });
    expect(await openReservations(h.governor)).toBe(0);
    expect(h.sent).toEqual([]);
  });

  it('assess: the refusal execute would give before simulating, with nothing recorded or reserved', async () => {
    const unpriced = harness({ price: null });
    const usdcIn = swap({ spends: [{ token: USDC, amount: 100_000_000n }], value: 0n });
    expect(await unpriced.gateway.assess(usdcIn)).toMatchObject({
      refusal: { code: 'VALUE_UNKNOWN' },
      valueWei: null,
    });
    const honey = harness({ safety: { isHoneypot: true, sellTax: null } });
    expect(await honey.gateway.assess(swap())).toMatchObject({
      refusal: { code: 'TOKEN_UNSAFE' },
      valueWei: parseEther('0.01'),
    });
    expect(await harness().gateway.assess(swap({ to: USDC }))).toMatchObject({
      refusal: { code: 'TARGET_NOT_ALLOWED' },
    });
    const fine = harness({ price: parseEther('0.03') });
    expect(await fine.gateway.assess(usdcIn)).toEqual({ refusal: null, valueWei: parseEther('0.03') });
    for (const h of [unpriced, honey, fine]) {
      expect(h.calls).not.toContain('simulate');
      expect((await h.store.list({ limit: 10 })).items).toEqual([]);
      expect(await openReservations(h.governor)).toBe(0);
    }
  });

  it('value and safety are checked before simulation: an unpriceable or unsafe intent is never simulated', async () => {
    for (const script of [{ price: null }, { safety: { isHoneypot: true, sellTax: null } }] as Script[]) {
      const h = harness(script);
      const { record } = await h.gateway.execute(swap({ spends: [{ token: USDC, amount: 1n }], value: 0n }));
      expect(record.status).toBe('blocked');
      expect(h.calls).not.toContain('simulate');
    }
  });

  it('a spent token that cannot be priced → VALUE_UNKNOWN (never 0, never its raw amount)', async () => {
    const h = harness({ price: null });
    const { record } = await h.gateway.execute(
      swap({ spends: [{ token: USDC, amount: 100_000_000n }], value: 0n }),
    );
    expect(record).toMatchObject({ status: 'blocked', code: 'VALUE_UNKNOWN' });
    expect((await h.governor.status()).spent.daily.total).toBe(0n);
  });

  it.each([
    [{ isHoneypot: true, sellTax: null }, 'TOKEN_UNSAFE'],
    [{ isHoneypot: null, sellTax: 0 }, 'TOKEN_SAFETY_UNKNOWN'],
    [{ isHoneypot: false, sellTax: null }, 'TOKEN_SAFETY_UNKNOWN'],
    [{ isHoneypot: false, sellTax: 12 }, 'TOKEN_SELL_TAX_TOO_HIGH'],
    [{ isHoneypot: false, sellTax: 0, veto: true }, 'TOKEN_UNSAFE'],
    [{ isHoneypot: false, sellTax: 0, buyTax: null }, 'TOKEN_SAFETY_UNKNOWN'],
    [{ isHoneypot: false, sellTax: 0, buyTax: 90 }, 'TOKEN_BUY_TAX_TOO_HIGH'],
  ])('acquiring a token with %j is blocked with %s before any reservation', async (safety, code) => {
    const h = harness({ safety });
    const { record } = await h.gateway.execute(swap());
    expect(record).toMatchObject({ status: 'blocked', code });
    expect((await h.governor.status()).spent.daily.total).toBe(0n);
    expect(h.sent).toEqual([]);
  });

  it('maxSellTaxBps raises the tax limit, but a honeypot stays blocked whatever the request says', async () => {
    const taxed = harness({ safety: { isHoneypot: false, sellTax: 12 }, receiptAt: 0 });
    expect((await taxed.gateway.execute(swap({ maxSellTaxBps: 1500 }))).record.status).toBe('confirmed');
    const honeypot = harness({ safety: { isHoneypot: true, sellTax: 100 } });
    const { record } = await honeypot.gateway.execute(swap({ maxSellTaxBps: 10_000 }));
    expect(record.code).toBe('TOKEN_UNSAFE');
  });

  it('the governor is charged the priced value plus the worst-case fee; over the per-tx cap → blocked, nothing sent', async () => {
    const h = harness({ price: parseEther('0.049') });
    const { record } = await h.gateway.execute(swap({ value: 0n, spends: [{ token: USDC, amount: 1n }] }));
    // 0.049 ETH of USDC + 200k gas × 21 gwei × 1.125³ > 0.05 ETH.
    expect(record).toMatchObject({ status: 'blocked', code: 'PER_TX_LIMIT_EXCEEDED' });
    expect(record.valueWei).toBeGreaterThan(parseEther('0.049'));
    expect(h.sent).toEqual([]);
  });

  it('the kill switch engaged after the reservation still stops the send, and the reservation is released', async () => {
    const h = harness({ receiptAt: 0 });
    const original = h.governor.reserve.bind(h.governor);
    h.governor.reserve = async (request) => {
      const decision = await original(request);
      await h.governor.kill();
      return decision;
    };
    const { record } = await h.gateway.execute(swap());
    expect(record).toMatchObject({ status: 'blocked', code: 'KILL_SWITCH_ENGAGED' });
    expect(h.sent).toEqual([]);
    expect(await openReservations(h.governor)).toBe(0);
  });

  it('a send the node refused → failed, reservation released', async () => {
    const h = harness({ sendError: new Error('insufficient funds'), definitelyNotSent: true });
    const { record } = await h.gateway.execute(swap());
    expect(record).toMatchObject({ status: 'failed', code: 'SEND_FAILED' });
    expect(await openReservations(h.governor)).toBe(0);
  });

  it('a send that may have reached the node → pending, reservation kept (never released)', async () => {
    const h = harness({ sendError: new Error('socket hang up'), definitelyNotSent: false });
    const { record } = await h.gateway.execute(swap());
    expect(record).toMatchObject({ status: 'pending', code: 'BROADCAST_UNCERTAIN' });
    expect(await openReservations(h.governor)).toBe(1);
  });

  it('mined with status 0 → reverted: the fee is committed, never reported as success', async () => {
    const h = harness({ receiptAt: 0, receiptStatus: 0 });
    const { record } = await h.gateway.execute(swap());
    expect(record).toMatchObject({ status: 'reverted', code: 'TX_REVERTED' });
    const status = await h.governor.status();
    expect(status.openReservations).toEqual([]);
    expect(status.spent.daily.committed).toBe(100_000n * 11n * GWEI);
  });

  it('no receipt in time → pending with the reservation still counted; a stuck tx is replaced with the same nonce', async () => {
    // The scripted node answers "not mined" at once, so the count of replacements, not the clock, ends the wait; a
    // generous receipt time-out keeps a stalled test process from ending it early (with fewer replacements).
    const h = harness({}, { maxReplacements: 2, receiptTimeoutMs: 10_000 });
    const { record } = await h.gateway.execute(swap());
    expect(record.status).toBe('pending');
    expect(await openReservations(h.governor)).toBe(1);
    const txs = h.sent.map((raw) => Transaction.from(raw));
    expect(txs.length).toBe(3);
    expect(new Set(txs.map((t) => t.nonce))).toEqual(new Set([7]));
    for (let i = 1; i < txs.length; i++) {
      expect((txs[i]?.maxFeePerGas ?? 0n) * 1000n).toBeGreaterThanOrEqual(
        (txs[i - 1]?.maxFeePerGas ?? 0n) * 1125n,
      );
    }
    const stored = await h.store.get(record.id);
    expect(stored?.transactions.map((t) => t.hash)).toEqual(txs.map((t) => t.hash));
  });

  it('settles on the replacement that was mined', async () => {
    const h = harness({ receiptAt: 1 }, { maxReplacements: 3, receiptTimeoutMs: 10_000 });
    const { record } = await h.gateway.execute(swap());
    expect(record.status).toBe('confirmed');
    expect(record.minedHash).toBe(record.transactions[1]?.hash);
  });
});

describe('ExecutionGateway.reconcile', () => {
  it('never touches an execution still running in this process (its reservation stays; it settles once)', async () => {
    let open!: () => void;
    const safetyGate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const h = harness({ safetyGate, receiptAt: 0 });
    // A finished, still-pending execution of an earlier request keeps the reconciler busy with something real.
    const running = h.gateway.execute(swap());
    await new Promise((r) => setTimeout(r, 5));
    const inFlight = (await h.store.listUnsettled())[0];
    expect(inFlight?.status).toBe('preparing');
    // A client polls, the timer fires: the reconciler must leave the running execution alone.
    expect(await Promise.all([h.gateway.reconcile(), h.gateway.reconcile()])).toEqual([[], []]);
    expect((await h.store.get(inFlight?.id as string))?.status).toBe('preparing');
    open();
    const { record } = await running;
    expect(record.status).toBe('confirmed');
    expect(h.sent).toHaveLength(1);
    expect(await openReservations(h.governor)).toBe(0);
    expect((await h.governor.status()).spent.daily.committed).toBe(
      parseEther('0.01') + 100_000n * 11n * GWEI,
    );
  });

  it('a pass that listed an execution while it was preparing acts on it as it is now (re-read, compare-and-set)', async () => {
    let open!: () => void;
    const safetyGate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const store = new MemoryExecutionStore();
    const h = harness({ safetyGate }, {}, { store });
    const running = h.gateway.execute(swap());
    await new Promise((r) => setTimeout(r, 5));
    // The list a slow pass took while the swap was still preparing…
    const stale = await store.listUnsettled();
    expect(stale.map((r) => r.status)).toEqual(['preparing']);
    open();
    const { record } = await running;
    expect(record.status).toBe('pending');
    // …is what it works from once the swap is out (the swap is no longer running in this process).
    const listUnsettled = vi.spyOn(store, 'listUnsettled').mockResolvedValueOnce(stale);
    const later = harness({ latestNonce: 7 }, {}, { governor: h.governor, store });
    await later.gateway.reconcile();
    expect(listUnsettled).toHaveBeenCalled();
    const now = await store.get(record.id);
    expect(now).toMatchObject({ status: 'pending', code: null });
    expect(await openReservations(h.governor)).toBe(1);
  });

  it('a pending execution is settled from its hash once mined, and committed', async () => {
    const first = harness();
    const { record } = await first.gateway.execute(swap());
    expect(record.status).toBe('pending');
    // A new process on the same store and ledger; the chain has mined it meanwhile.
    const later = harness({ receiptAt: 0 }, {}, { governor: first.governor, store: first.store });
    const changed = await later.gateway.reconcile();
    expect(changed.map((r) => [r.id, r.status])).toEqual([[record.id, 'confirmed']]);
    expect(await openReservations(first.governor)).toBe(0);
    expect((await first.governor.status()).spent.daily.committed).toBe(
      parseEther('0.01') + 100_000n * 11n * GWEI,
    );
  });

  it('NONCE_CONSUMED only when no receipt of ours is seen twice, blocks apart: then failed and released', async () => {
    const first = harness();
    const { record } = await first.gateway.execute(swap());
    const script: Script = { latestNonce: 8, blockNumber: 100 };
    const later = harness(script, {}, { governor: first.governor, store: first.store });
    // First sight: remembered, nothing decided.
    await later.gateway.reconcile();
    expect(await first.store.get(record.id)).toMatchObject({ status: 'pending', nonceGoneSinceBlock: 100 });
    // Two blocks later: still too soon.
    script.blockNumber = 102;
    await later.gateway.reconcile();
    expect(await first.store.get(record.id)).toMatchObject({ status: 'pending', nonceGoneSinceBlock: 100 });
    expect(await openReservations(first.governor)).toBe(1);
    // Three blocks after the first sight, still no receipt of ours: another transaction took the nonce.
    script.blockNumber = 103;
    const changed = await later.gateway.reconcile();
    expect(changed.map((r) => [r.status, r.code])).toEqual([['failed', 'NONCE_CONSUMED']]);
    expect(await openReservations(first.governor)).toBe(0);
    expect((await first.store.get(record.id))?.status).toBe('failed');
  });

  it('NONCE_CONSUMED names the transaction of the key that took the nonce, when the node can find it', async () => {
    const first = harness();
    const { record } = await first.gateway.execute(swap());
    const outside = `0x${'ab'.repeat(32)}` as const;
    const script: Script = {
      latestNonce: 8,
      blockNumber: 100,
      takenBy: { block: 97, hash: outside, from: record.from },
    };
    const later = harness(script, {}, { governor: first.governor, store: first.store });
    await later.gateway.reconcile();
    script.blockNumber = 103;
    const [failed] = await later.gateway.reconcile();
    expect(failed).toMatchObject({
      status: 'failed',
      code: 'NONCE_CONSUMED',
      result: { nonceTakenBy: outside },
    });
    expect(failed?.reason).toContain(outside);
    expect(later.events).toContainEqual({
      type: 'settled',
      executionId: record.id,
      status: 'failed',
      feeWei: null,
    });
  });

  it('a lagging node (nonce used, receipt not yet served) never fails a mined transaction: it settles when the receipt comes', async () => {
    const first = harness();
    const { record } = await first.gateway.execute(swap());
    const script: Script = { latestNonce: 8, blockNumber: 100 };
    const lagging = harness(script, {}, { governor: first.governor, store: first.store });
    await lagging.gateway.reconcile();
    expect((await first.store.get(record.id))?.status).toBe('pending');
    // The replica serving receipts catches up before the second look.
    script.receiptAt = 0;
    script.blockNumber = 110;
    const changed = await lagging.gateway.reconcile();
    expect(changed.map((r) => [r.id, r.status])).toEqual([[record.id, 'confirmed']]);
    expect((await first.governor.status()).spent.daily.committed).toBe(
      parseEther('0.01') + 100_000n * 11n * GWEI,
    );
  });

  it('a nonce seen used, then free again, starts the count over', async () => {
    const first = harness();
    const { record } = await first.gateway.execute(swap());
    const script: Script = { latestNonce: 8, blockNumber: 100 };
    const later = harness(script, {}, { governor: first.governor, store: first.store });
    await later.gateway.reconcile();
    script.latestNonce = 7;
    script.blockNumber = 101;
    await later.gateway.reconcile();
    expect(await first.store.get(record.id)).toMatchObject({ status: 'pending', nonceGoneSinceBlock: null });
    script.latestNonce = 8;
    script.blockNumber = 104;
    await later.gateway.reconcile();
    expect(await first.store.get(record.id)).toMatchObject({ status: 'pending', nonceGoneSinceBlock: 104 });
  });

  it('a node that cannot say whether a hash is mined never gets the reservation released, even with the nonce used', async () => {
    const first = harness();
    const { record } = await first.gateway.execute(swap());
    const later = harness(
      { latestNonce: 8, receiptLookupFails: true },
      {},
      { governor: first.governor, store: first.store },
    );
    expect(await later.gateway.reconcile()).toEqual([]);
    expect((await first.store.get(record.id))?.status).toBe('pending');
    expect(await openReservations(first.governor)).toBe(1);
  });

  it('a mined transaction whose nonce is used is settled from its receipt, never failed (slow node)', async () => {
    const first = harness();
    const { record } = await first.gateway.execute(swap());
    const later = harness(
      { latestNonce: 8, receiptAt: 0 },
      {},
      { governor: first.governor, store: first.store },
    );
    const changed = await later.gateway.reconcile();
    expect(changed.map((r) => [r.id, r.status])).toEqual([[record.id, 'confirmed']]);
    expect(await openReservations(first.governor)).toBe(0);
  });

  it('a pending execution not mined and with its nonce free is re-broadcast and stays counted', async () => {
    const first = harness();
    await first.gateway.execute(swap());
    const later = harness({ latestNonce: 7 }, {}, { governor: first.governor, store: first.store });
    expect(await later.gateway.reconcile()).toEqual([]);
    expect(later.sent.length).toBeGreaterThan(0);
    expect(await openReservations(first.governor)).toBe(1);
  });

  it('a record left `preparing` by a crash (nothing signed) releases its reservation', async () => {
    const h = harness();
    const reservation = await h.governor.reserve({ action: 'swap', value: parseEther('0.01') });
    await h.store.insert({
      id: 'crashed',
      version: 0,
      createdAt: 1,
      updatedAt: 1,
      chainId: 1,
      action: 'swap',
      from: h.gateway.address,
      to: ROUTER,
      intent: { description: 'x', value: '0', spends: [], acquires: [] },
      status: 'preparing',
      code: null,
      reason: null,
      valueWei: parseEther('0.01'),
      reservationId: reservation.reservationId,
      nonce: null,
      transactions: [],
      minedHash: null,
      blockNumber: null,
      blockHash: null,
      feeWei: null,
      idempotencyKey: null,
      result: null,
      feeReservedWei: null,
      nonceGoneSinceBlock: null,
      cancelRequestedAt: null,
      cancelRequestedBy: null,
    });
    const changed = await h.gateway.reconcile();
    expect(changed.map((r) => [r.status, r.code])).toEqual([['failed', 'INTERRUPTED']]);
    expect(await openReservations(h.governor)).toBe(0);
  });
});
