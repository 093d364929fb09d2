import { describe, expect, it } from 'vitest';
import { MemoryExecutionStore } from './store/MemoryExecutionStore.js';
import { harness, openReservations, type Script, swap } from './testing/gatewayHarness.js';

// The in-flight window per (chain, wallet): never more unmined transactions than the node keeps for one account.

describe('ExecutionGateway in-flight window', () => {
  it('full: the next execution waits its bound, then is refused SENDER_WINDOW_FULL with nothing signed or held', async () => {
    const h = harness({}, { maxPendingPerSender: 1, senderWindowWaitMs: 50, maxReplacements: 0 });
    const first = await h.gateway.execute(swap());
    expect(first.record.status).toBe('pending');
    const second = await h.gateway.execute(swap());
    expect(second.record).toMatchObject({ status: 'blocked', code: 'SENDER_WINDOW_FULL', nonce: null });
    expect(second.record.transactions).toEqual([]);
    // Only the first one's transaction ever went out (the reconciler may have sent it again while the second waited).
    expect(new Set(h.sent)).toEqual(new Set([first.record.transactions[0]?.raw]));
    expect(await openReservations(h.governor)).toBe(1); // the first one's, still counted
  });

  it('many at once: every one is sent in turn, and never more than the window is unmined at a time', async () => {
    const store = new MemoryExecutionStore();
    const script: Script = {};
    const h = harness(
      script,
      { maxPendingPerSender: 2, senderWindowWaitMs: 5_000, maxReplacements: 0, receiptTimeoutMs: 5_000 },
      { store },
    );
    const unminedAtSend: number[] = [];
    const mined = new Set<string>();
    script.onSend = async () => {
      const unmined = (await store.listUnsettled()).filter(
        (r) =>
          (r.status === 'signed' || r.status === 'pending') && !r.transactions.some((t) => mined.has(t.hash)),
      );
      unminedAtSend.push(unmined.length);
      // The chain mines each transaction a little after it arrives.
      setTimeout(() => {
        for (const r of unmined) for (const t of r.transactions) mined.add(t.hash);
      }, 20);
    };
    script.mined = (hash) => mined.has(hash);
    const results = await Promise.all(Array.from({ length: 6 }, () => h.gateway.execute(swap())));
    expect(results.map((r) => r.record.status)).toEqual(Array(6).fill('confirmed'));
    expect(unminedAtSend).toHaveLength(6);
    expect(Math.max(...unminedAtSend)).toBeLessThanOrEqual(2);
    expect(await openReservations(h.governor)).toBe(0);
  });
});
