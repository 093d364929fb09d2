import { Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { chains } from '../../chains/chains.js';
import { GWEI, insertExecution, type Script, swap, testContext } from '../testing/gatewayHarness.js';
import type { FeeQuote } from '../types.js';
import { signStep } from './signStep.js';

const chain = chains.find((c) => c.id === 1)!;
const fees: FeeQuote = {
  kind: 'eip1559',
  baseFeePerGas: 10n * GWEI,
  maxPriorityFeePerGas: GWEI,
  maxFeePerGas: 21n * GWEI,
};

describe('signStep', () => {
  it('signs the exact call with the nonce handed out, records it, and only then broadcasts it', async () => {
    const script: Script = {};
    const { ctx, store, sent } = testContext(script);
    const provider = await ctx.provider(1);
    const record = await insertExecution(ctx);
    let recordedWhenSent: unknown;
    script.onSend = async (raw) => {
      recordedWhenSent = (await store.get(record.id))?.transactions.map((t) => t.raw);
      expect(raw).toBe(sent[0]);
    };
    let recorded = 0;
    const signed = await signStep(ctx, {
      record,
      intent: swap(),
      chain,
      provider,
      gasLimit: 200_000n,
      fees,
      onRecorded: () => recorded++,
    });
    if (!('sent' in signed)) throw new Error('not sent');
    const tx = Transaction.from(signed.sent.raw);
    expect({
      to: tx.to,
      data: tx.data,
      value: tx.value,
      nonce: tx.nonce,
      gasLimit: tx.gasLimit,
      maxFeePerGas: tx.maxFeePerGas,
    }).toEqual({
      to: swap().to,
      data: swap().data,
      value: swap().value,
      nonce: 7,
      gasLimit: 200_000n,
      maxFeePerGas: 21n * GWEI,
    });
    expect(recordedWhenSent).toEqual([signed.sent.raw]);
    expect(recorded).toBe(1);
    expect(signed.record).toMatchObject({ status: 'signed', nonce: 7 });
  });

  it('a record another writer moved is never broadcast (EXECUTION_CONFLICT)', async () => {
    const { ctx, store, sent } = testContext();
    const record = await insertExecution(ctx);
    await store.update({
      id: record.id,
      expected: { status: 'preparing', version: 0 },
      patch: { status: 'failed' },
      at: 1,
    });
    await expect(
      signStep(ctx, {
        record,
        intent: swap(),
        chain,
        provider: await ctx.provider(1),
        gasLimit: 200_000n,
        fees,
      }),
    ).rejects.toMatchObject({ code: 'EXECUTION_CONFLICT', record: { status: 'failed' } });
    expect(sent).toEqual([]);
  });

  it('a failed send is returned with the record as last written, for the failure step', async () => {
    const { ctx } = testContext({ sendError: new Error('insufficient funds for gas * price + value') });
    const record = await insertExecution(ctx);
    const signed = await signStep(ctx, {
      record,
      intent: swap(),
      chain,
      provider: await ctx.provider(1),
      gasLimit: 200_000n,
      fees,
    });
    expect(signed).toMatchObject({ error: expect.any(Error), record: { status: 'signed' } });
  });
});
