import { describe, expect, it } from 'vitest';
import { createPolicy } from './createPolicy.js';
import { evaluate } from './evaluate.js';
import { MemorySpendLedger } from './MemorySpendLedger.js';
import { describeLedgerContract } from './testing/ledgerContract.js';

describeLedgerContract('MemorySpendLedger', () => new MemorySpendLedger());

describe('MemorySpendLedger', () => {
  it('keeps out-of-order reservations (lagging clocks) in the right window', async () => {
    const ledger = new MemorySpendLedger();
    const policy = createPolicy({ sessionLimit: 10n ** 19n });
    const decide =
      (value: bigint) => (state: Parameters<Parameters<typeof ledger.reserve>[0]['decide']>[0]) =>
        evaluate({ policy, request: { action: 'a', value }, state });
    for (const [id, at] of [
      ['a', 1_000],
      ['b', 3_000],
      ['c', 2_000],
    ] as const) {
      await ledger.reserve({
        id,
        action: 'a',
        sessionId: 's',
        at,
        windowStart: at - 500,
        decide: decide(5n),
      });
      await ledger.commit({ id, at });
    }
    expect((await ledger.snapshot({ sessionId: 's', windowStart: 1_500 })).daily.committed).toBe(10n);
    expect((await ledger.snapshot({ sessionId: 's', windowStart: 2_500 })).daily.committed).toBe(5n);
    expect((await ledger.snapshot({ sessionId: 's', windowStart: 0 })).daily.committed).toBe(15n);
  });

  it('refuses a duplicate reservation id', async () => {
    const ledger = new MemorySpendLedger();
    const policy = createPolicy();
    const args = {
      id: 'x',
      action: 'a',
      sessionId: 's',
      at: 1,
      windowStart: 0,
      decide: (state: Parameters<Parameters<typeof ledger.reserve>[0]['decide']>[0]) =>
        evaluate({ policy, request: { action: 'a', value: 1n }, state }),
    };
    await ledger.reserve(args);
    await expect(ledger.reserve(args)).rejects.toMatchObject({ code: 'LEDGER_FAILURE' });
  });
});
