import { Governor, MemorySpendLedger, parseEther } from '@org/governor';
import { Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { chains } from '../../chains/chains.js';
import { GWEI, harness, type Script, swap, testContext } from '../testing/gatewayHarness.js';
import type { FeeQuote } from '../types.js';
import { replaceStep } from './replaceStep.js';

const chain = chains.find((c) => c.id === 1)!;
const fees: FeeQuote = {
  kind: 'eip1559',
  baseFeePerGas: 10n * GWEI,
  maxPriorityFeePerGas: GWEI,
  maxFeePerGas: 21n * GWEI,
};

/** A pending execution (one transaction out, not mined) on shared stores, and a context over them. */
async function stuck(script: Script = {}, governor = new Governor({ ledger: new MemorySpendLedger() })) {
  const first = harness({}, { maxReplacements: 0 }, { governor });
  const { record } = await first.gateway.execute(swap());
  const t = testContext(script, {}, { governor, store: first.store });
  return { ...t, record, provider: await t.ctx.provider(1) };
}

describe('replaceStep', () => {
  it('replaced: same nonce, call, value and gas limit, fees up 12.5%+, recorded then broadcast', async () => {
    const { ctx, record, provider, sent, events } = await stuck();
    const step = await replaceStep(ctx, { provider, chain, record, fees });
    if (step.kind !== 'replaced') throw new Error(step.kind);
    const [a, b] = step.record.transactions.map((t) => Transaction.from(t.raw));
    expect({ nonce: b?.nonce, to: b?.to, data: b?.data, value: b?.value, gasLimit: b?.gasLimit }).toEqual({
      nonce: a?.nonce,
      to: a?.to,
      data: a?.data,
      value: a?.value,
      gasLimit: a?.gasLimit,
    });
    expect(b!.maxFeePerGas! * 1000n).toBeGreaterThanOrEqual(a!.maxFeePerGas! * 1125n);
    expect(sent.at(-1)).toBe(step.record.transactions[1]?.raw);
    expect(step.record.status).toBe('pending');
    expect(events.map((e) => e.type)).toEqual(['broadcast']);
  });

  it('stop: after a kill, or once an operator asked for a cancel — nothing signed', async () => {
    const killed = await stuck();
    await killed.governor.kill();
    expect((await replaceStep(killed.ctx, { ...killed, chain, fees })).kind).toBe('stop');
    expect(killed.sent).toEqual([]);
    const cancelled = await stuck();
    const now = (await cancelled.store.get(cancelled.record.id))!;
    await cancelled.store.update({
      id: now.id,
      expected: { status: now.status, version: now.version },
      patch: { cancelRequestedAt: 1, cancelRequestedBy: 'cli' },
      at: 1,
    });
    expect((await replaceStep(cancelled.ctx, { ...cancelled, chain, fees })).kind).toBe('stop');
    expect(cancelled.sent).toEqual([]);
  });

  it('stop: a kill that lands while the fees are read — read again right before signing, nothing signed (G4)', async () => {
    const t = await stuck();
    const ctx = {
      ...t.ctx,
      steps: {
        ...t.ctx.steps,
        estimateFees: async (p: Parameters<typeof t.ctx.steps.estimateFees>[0]) => {
          await t.governor.kill();
          return t.ctx.steps.estimateFees(p);
        },
      },
    };
    // A previous fee low enough that the replacement fits the budget held (no top-up, which a kill would refuse).
    const low: FeeQuote = { ...fees, maxFeePerGas: 10n * GWEI };
    const step = await replaceStep(ctx, { provider: t.provider, chain, record: t.record, fees: low });
    expect(step).toMatchObject({ kind: 'stop', record: { code: null } });
    expect(t.sent).toEqual([]);
    expect((await t.store.get(t.record.id))?.transactions).toHaveLength(1);
  });

  it('stop: the network asks above the budget and the governor refuses more — not replaced, and said so', async () => {
    const governor = new Governor({
      ledger: new MemorySpendLedger(),
      policy: { maxPerTx: parseEther('0.02') },
    });
    const spike: FeeQuote = { ...fees, maxFeePerGas: 300n * GWEI, maxPriorityFeePerGas: 2n * GWEI };
    const t = await stuck({ fees: spike }, governor);
    const step = await replaceStep(t.ctx, { provider: t.provider, chain, record: t.record, fees });
    expect(step).toMatchObject({
      kind: 'stop',
      record: { code: 'REPLACEMENT_REFUSED', transactions: [expect.anything()] },
    });
    expect(t.sent).toEqual([]);
  });

  it('wait at the fee ceiling; settled when another writer settled it', async () => {
    const capped = await stuck();
    const atCeiling = testContext(
      {},
      { feeCeilingWei: 21n * GWEI },
      { governor: capped.governor, store: capped.store },
    );
    expect((await replaceStep(atCeiling.ctx, { ...capped, chain, fees })).kind).toBe('wait');
    const now = (await capped.store.get(capped.record.id))!;
    await capped.store.update({
      id: now.id,
      expected: { status: now.status, version: now.version },
      patch: { status: 'confirmed' },
      at: 2,
    });
    expect(await replaceStep(capped.ctx, { ...capped, chain, fees })).toEqual({ kind: 'settled' });
  });
});
