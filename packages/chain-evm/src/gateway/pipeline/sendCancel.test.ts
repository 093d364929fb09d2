import { Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { GWEI, harness, swap, testContext } from '../testing/gatewayHarness.js';
import { sendCancel } from './sendCancel.js';

async function pending(settings: Record<string, unknown> = {}) {
  const first = harness({}, { maxReplacements: 0 });
  const { record } = await first.gateway.execute(swap());
  return {
    ...testContext({}, settings, { governor: first.governor, store: first.store }),
    record: (await first.store.get(record.id))!,
  };
}

describe('sendCancel', () => {
  it('a 0-value self-transfer with the nonce, above every fee of the execution, recorded then broadcast', async () => {
    const { ctx, record, sent, events } = await pending();
    const withCancel = await sendCancel(ctx, record);
    const tx = Transaction.from(withCancel.transactions[1]!.raw);
    expect({ to: tx.to, value: tx.value, data: tx.data, nonce: tx.nonce, gasLimit: tx.gasLimit }).toEqual({
      to: ctx.address,
      value: 0n,
      data: '0x',
      nonce: record.nonce,
      gasLimit: 21_000n,
    });
    expect(tx.maxFeePerGas! * 1000n).toBeGreaterThanOrEqual(record.transactions[0]!.maxFeePerGas * 1125n);
    expect(sent).toEqual([withCancel.transactions[1]!.raw]);
    expect(withCancel.status).toBe('pending');
    expect(events.map((e) => e.type)).toEqual(['cancel']);
  });

  it('refused above the fee ceiling (nothing signed)', async () => {
    const { ctx, record, sent } = await pending({ feeCeilingWei: 21n * GWEI });
    await expect(sendCancel(ctx, record)).rejects.toMatchObject({ code: 'CANCEL_ABOVE_FEE_CEILING' });
    expect(sent).toEqual([]);
  });
});
