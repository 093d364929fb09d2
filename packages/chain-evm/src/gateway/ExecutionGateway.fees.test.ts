import { Governor, MemorySpendLedger, parseEther } from '@org/governor';
import { Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { GWEI, harness, openReservations, type Script, swap } from './testing/gatewayHarness.js';
import { worstCaseFeeWei } from './worstCaseFeeWei.js';

// A replacement never pays an uncounted fee (review F3): its worst case fits in the fee budget the governor holds,
// or the governor first agrees to hold more; the commit is the value plus the fee actually paid, to the wei.

const spike = {
  kind: 'eip1559',
  baseFeePerGas: 100n * GWEI,
  maxPriorityFeePerGas: 2n * GWEI,
  maxFeePerGas: 202n * GWEI,
} as const;

describe('replacement fees and the governor (F3)', () => {
  it('the network asks more than the budget: the governor holds more first, and the commit is value + the fee paid', async () => {
    const script: Script = { laterFees: spike, effectiveGasPrice: 150n * GWEI, gasUsed: 180_000n };
    const governor = new Governor({ ledger: new MemorySpendLedger(), policy: { maxPerTx: parseEther('1') } });
    const h = harness(
      script,
      { receiptTimeoutMs: 500, replaceAfterMs: 10, maxReplacements: 1 },
      { governor },
    );
    script.mined = (hash) => h.sent.length === 2 && Transaction.from(h.sent[1] as string).hash === hash;
    const { record } = await h.gateway.execute(swap());
    expect(record.status).toBe('confirmed');
    const [first, replacement] = record.transactions;
    expect(replacement?.maxFeePerGas).toBeGreaterThanOrEqual(202n * GWEI);
    const firstBudget = worstCaseFeeWei({
      gasLimit: 200_000n,
      maxFeePerGas: first?.maxFeePerGas as bigint,
      feeCeilingWei: 500n * GWEI,
      maxReplacements: 1,
    });
    // The budget grew to cover the replacement's worst case before it was signed.
    expect(record.feeReservedWei).toBe(200_000n * (replacement?.maxFeePerGas as bigint));
    expect(record.feeReservedWei).toBeGreaterThan(firstBudget);
    expect(record.valueWei).toBe(parseEther('0.01') + (record.feeReservedWei as bigint));
    // The fee actually paid is above the first budget, and it is what counts — no clamp.
    const fee = 180_000n * 150n * GWEI;
    expect(fee).toBeGreaterThan(firstBudget);
    expect(record.feeWei).toBe(fee);
    const status = await h.governor.status();
    expect(status.openReservations).toEqual([]);
    expect(status.spent.daily.committed).toBe(parseEther('0.01') + fee);
  });

  it('the governor refuses to hold more: not replaced, still pending, and the record and the events say so', async () => {
    const governor = new Governor({
      ledger: new MemorySpendLedger(),
      policy: { maxPerTx: parseEther('0.02') },
    });
    const h = harness({ laterFees: spike }, { receiptTimeoutMs: 200, replaceAfterMs: 10 }, { governor });
    const { record } = await h.gateway.execute(swap());
    expect(record.status).toBe('pending');
    const stored = await h.store.get(record.id);
    expect(stored).toMatchObject({ status: 'pending', code: 'REPLACEMENT_REFUSED' });
    expect(stored?.reason).toMatch(/PER_TX_LIMIT_EXCEEDED/);
    expect(stored?.transactions).toHaveLength(1);
    expect(h.sent).toHaveLength(1);
    expect(h.events.filter((e) => e.type === 'replacement-refused')).toEqual([
      expect.objectContaining({ executionId: record.id, code: 'PER_TX_LIMIT_EXCEEDED' }),
    ]);
    expect(await openReservations(governor)).toBe(1);
    expect((await governor.status()).openReservations[0]?.reservedValue).toBe(stored?.valueWei);
  });

  it('a replacement within the budget needs nothing more from the governor', async () => {
    const h = harness({}, { receiptTimeoutMs: 200, replaceAfterMs: 10, maxReplacements: 3 });
    const { record } = await h.gateway.execute(swap());
    const stored = await h.store.get(record.id);
    expect(stored?.transactions).toHaveLength(4);
    const budget = stored?.feeReservedWei as bigint;
    for (const t of stored?.transactions ?? [])
      expect(t.gasLimit * t.maxFeePerGas).toBeLessThanOrEqual(budget);
    expect((await h.governor.status()).openReservations[0]?.reservedValue).toBe(parseEther('0.01') + budget);
  });
});
