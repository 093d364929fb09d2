import { Governor, MemorySpendLedger, parseEther } from '@org/governor';
import { describe, expect, it } from 'vitest';
import type { GatewayReceipt } from '../gatewayTypes.js';
import { harness, swap, testContext } from '../testing/gatewayHarness.js';
import type { Hex } from '../types.js';
import { settleStep } from './settleStep.js';

async function pending() {
  const governor = new Governor({ ledger: new MemorySpendLedger() });
  const first = harness({}, { maxReplacements: 0 }, { governor });
  const { record } = await first.gateway.execute(swap());
  const t = testContext({}, {}, { governor, store: first.store });
  return { ...t, record: (await first.store.get(record.id))! };
}
const receipt = (hash: Hex, status: 0 | 1): GatewayReceipt => ({
  transactionHash: hash,
  status,
  blockNumber: 9,
  gasUsed: 100_000n,
  effectiveGasPrice: 30n * 10n ** 9n,
  logs: [],
});

describe('settleStep', () => {
  it('mined: commits the value plus the fee paid, exactly; confirmed; settled event', async () => {
    const { ctx, governor, record, events } = await pending();
    const settled = await settleStep(ctx, {
      id: record.id,
      receipt: receipt(record.transactions[0]!.hash, 1),
      describeResult: () => ({ ok: true }),
    });
    const fee = 100_000n * 30n * 10n ** 9n;
    expect(settled).toMatchObject({ status: 'confirmed', feeWei: fee, blockNumber: 9, result: { ok: true } });
    expect((await governor.status()).spent.daily.committed).toBe(parseEther('0.01') + fee);
    expect(events.map((e) => e.type)).toEqual(['settled']);
  });

  it('reverted: the fee only, TX_REVERTED, no result', async () => {
    const { ctx, governor, record } = await pending();
    const settled = await settleStep(ctx, {
      id: record.id,
      receipt: receipt(record.transactions[0]!.hash, 0),
      describeResult: () => ({ ok: true }),
    });
    expect(settled).toMatchObject({ status: 'reverted', code: 'TX_REVERTED', result: null });
    expect((await governor.status()).spent.daily.committed).toBe(100_000n * 30n * 10n ** 9n);
  });

  it('idempotent: a commit already made (record not finished) still finishes the record; a settled record is left as is', async () => {
    const { ctx, governor, record } = await pending();
    await governor.commit({ id: record.reservationId as string, value: 1n });
    const settled = await settleStep(ctx, {
      id: record.id,
      receipt: receipt(record.transactions[0]!.hash, 1),
    });
    expect(settled.status).toBe('confirmed');
    expect((await governor.status()).spent.daily.committed).toBe(1n); // counted once
    expect(
      await settleStep(ctx, { id: record.id, receipt: receipt(record.transactions[0]!.hash, 0) }),
    ).toEqual(settled);
  });
});
