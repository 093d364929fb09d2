import { Governor, MemorySpendLedger, parseEther } from '@org/governor';
import { describe, expect, it } from 'vitest';
import { harness, swap, testContext } from '../testing/gatewayHarness.js';
import { topUpFeesStep } from './topUpFeesStep.js';

async function pending(policy: { maxPerTx: bigint }) {
  const governor = new Governor({ ledger: new MemorySpendLedger(), policy });
  const first = harness({}, { maxReplacements: 0 }, { governor });
  const { record } = await first.gateway.execute(swap());
  return {
    ...testContext({}, {}, { governor, store: first.store }),
    record: (await first.store.get(record.id))!,
  };
}

describe('topUpFeesStep', () => {
  it('the governor holds the difference first; the record names the new budget (value part unchanged)', async () => {
    const { ctx, governor, record } = await pending({ maxPerTx: parseEther('1') });
    const budget = record.feeReservedWei as bigint;
    const need = budget + 12_345n;
    const topped = await topUpFeesStep(ctx, { record, need, maxFeePerGas: 1n });
    expect(topped.ok).toBe(true);
    expect(topped.record).toMatchObject({
      feeReservedWei: need,
      valueWei: (record.valueWei as bigint) + 12_345n,
    });
    expect((await governor.status()).openReservations[0]?.reservedValue).toBe(topped.record.valueWei);
  });

  it('refused by the governor: REPLACEMENT_REFUSED on the (still pending) record and a replacement-refused event', async () => {
    const { ctx, governor, record, events } = await pending({ maxPerTx: parseEther('0.02') });
    const need = (record.feeReservedWei as bigint) + parseEther('0.05');
    const refused = await topUpFeesStep(ctx, { record, need, maxFeePerGas: 9n });
    expect(refused.ok).toBe(false);
    expect(refused.record).toMatchObject({
      status: 'pending',
      code: 'REPLACEMENT_REFUSED',
      feeReservedWei: record.feeReservedWei,
    });
    expect(events).toEqual([
      expect.objectContaining({ type: 'replacement-refused', code: 'PER_TX_LIMIT_EXCEEDED' }),
    ]);
    expect((await governor.status()).openReservations[0]?.reservedValue).toBe(record.valueWei);
  });
});
