import { DcaScheduler } from '@org/dca';
import { MemoryDcaStore } from '@org/dca';
import { describe, expect, it } from 'vitest';
import { dcaTimeouts } from './dcaTimeouts.js';

describe('dcaTimeouts (M15: a fill is never looked up while its first execute still waits on receipts)', () => {
  it('the longest receipt wait: two transactions, each a window wait and a receipt, plus a margin', () => {
    expect(dcaTimeouts({ receiptTimeoutMs: 600_000, senderWindowWaitMs: 30_000 })).toEqual({
      executeTimeoutMs: 1_320_000,
      leaseMs: 2_790_000,
    });
  });
  it('the defaults keep the 5 min floor', () => {
    expect(dcaTimeouts({ receiptTimeoutMs: 60_000, senderWindowWaitMs: 30_000 })).toEqual({
      executeTimeoutMs: 300_000,
      leaseMs: 750_000,
    });
    expect(dcaTimeouts({ receiptTimeoutMs: 90_001, senderWindowWaitMs: 30_000 }).executeTimeoutMs).toBe(
      300_002,
    );
  });
  it('the scheduler accepts the lease for every allowed receipt time-out', () => {
    for (const receiptTimeoutMs of [100, 60_000, 600_000]) {
      for (const senderWindowWaitMs of [0, 600_000]) {
        const t = dcaTimeouts({ receiptTimeoutMs, senderWindowWaitMs });
        const make = () =>
          new DcaScheduler({
            store: new MemoryDcaStore(),
            executor: {
              balance: async () => 0n,
              quote: async () => ({ amountOut: 0n, valueWei: 0n, worstCaseFeeWei: 0n }),
              execute: async () => ({ status: 'blocked', code: 'X', reason: 'x' }),
              lookup: async () => null,
            },
            ...t,
          });
        expect(make).not.toThrow();
      }
    }
  });
});
