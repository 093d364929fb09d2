import { Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { chains } from '../../chains/chains.js';
import { createMemoryNonceManager } from '../steps/createMemoryNonceManager.js';
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

  it('the kill switch is read inside the nonce lane: a send queued behind a slow one is not signed after a kill (G4)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const script: Script = { latestNonce: 7 };
    const t = testContext(script);
    const ctx = { ...t.ctx, nonces: createMemoryNonceManager({ provider: t.ctx.provider }) };
    const provider = await ctx.provider(1);
    script.onSend = () => held;
    const first = await insertExecution(ctx);
    const second = await insertExecution(ctx);
    const a = signStep(ctx, { record: first, intent: swap(), chain, provider, gasLimit: 200_000n, fees });
    const b = signStep(ctx, { record: second, intent: swap(), chain, provider, gasLimit: 200_000n, fees });
    while (t.sent.length === 0) await new Promise((r) => setTimeout(r, 5));
    await t.governor.kill();
    release();
    expect(await a).toMatchObject({ sent: { nonce: 7 } });
    expect(await b).toMatchObject({ killed: { code: 'KILL_SWITCH_ENGAGED' }, record: { transactions: [] } });
    expect(t.sent).toHaveLength(1);
    expect((await t.store.get(second.id))?.transactions).toEqual([]);
  });

  it('a nonce taken by another sender of the key: signed again above the chain, same record, and said so', async () => {
    const script: Script = { latestNonce: 7 };
    const t = testContext(script);
    const ctx = { ...t.ctx, nonces: createMemoryNonceManager({ provider: t.ctx.provider }) };
    script.onSend = (raw) => {
      if (Transaction.from(raw).nonce !== 7) return;
      // Someone else's transactions took 7 and 8 (mined) meanwhile.
      script.latestNonce = 9;
      throw new Error('nonce too low');
    };
    const record = await insertExecution(ctx);
    const signed = await signStep(ctx, {
      record,
      intent: swap(),
      chain,
      provider: await ctx.provider(1),
      gasLimit: 200_000n,
      fees,
    });
    if (!('sent' in signed)) throw new Error('not sent');
    expect(signed.sent.nonce).toBe(9);
    expect(signed.record).toMatchObject({ status: 'signed', nonce: 9 });
    expect(signed.record.transactions.map((x) => x.nonce)).toEqual([7, 9]);
    expect(t.sent.map((raw) => Transaction.from(raw).nonce)).toEqual([7, 9]);
    expect(t.events).toContainEqual({
      type: 'nonce-resynced',
      executionId: record.id,
      chainId: 1,
      refused: 7,
      chainPending: 9,
      chainLatest: 9,
      next: 9,
      chainAhead: true,
    });
  });
});
