import { describe, expect, it } from 'vitest';
import { chains } from '../../chains/chains.js';
import { GWEI, harness, type Script, swap, testContext } from '../testing/gatewayHarness.js';
import type { FeeQuote } from '../types.js';
import { receiptStep } from './receiptStep.js';

const chain = chains.find((c) => c.id === 1)!;
const fees: FeeQuote = {
  kind: 'eip1559',
  baseFeePerGas: 10n * GWEI,
  maxPriorityFeePerGas: GWEI,
  maxFeePerGas: 21n * GWEI,
};

describe('receiptStep', () => {
  it('the receipt of whichever hash is mined; replaced at most maxReplacements times; null when time is up', async () => {
    const first = harness({}, { maxReplacements: 0 });
    const { record } = await first.gateway.execute(swap());
    const script: Script = {};
    const t = testContext(
      script,
      { receiptTimeoutMs: 300, replaceAfterMs: 10, maxReplacements: 2 },
      { governor: first.governor, store: first.store },
    );
    const provider = await t.ctx.provider(1);
    expect(await receiptStep(t.ctx, { provider, chain, record, fees })).toBeNull();
    expect((await first.store.get(record.id))?.transactions).toHaveLength(3);
    // The first transaction is the one mined.
    script.mined = (hash) => hash === record.transactions[0]?.hash;
    const receipt = await receiptStep(t.ctx, { provider, chain, record, fees });
    expect(receipt?.transactionHash).toBe(record.transactions[0]?.hash);
  });
});
