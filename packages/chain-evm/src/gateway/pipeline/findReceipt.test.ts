import { describe, expect, it } from 'vitest';
import { harness, type Script, swap, testContext } from '../testing/gatewayHarness.js';
import { findReceipt } from './findReceipt.js';

describe('findReceipt', () => {
  it('the receipt of whichever hash is mined; null when none is; a node that errs throws', async () => {
    const first = harness({}, { maxReplacements: 0 });
    const { record } = await first.gateway.execute(swap());
    const script: Script = {};
    const t = testContext(script);
    const provider = await t.ctx.provider(1);
    expect(await findReceipt(t.ctx, { provider, record })).toBeNull();
    script.receiptAt = 0;
    expect((await findReceipt(t.ctx, { provider, record }))?.transactionHash).toBe(
      record.transactions[0]?.hash,
    );
    script.receiptLookupFails = true;
    await expect(findReceipt(t.ctx, { provider, record })).rejects.toThrow();
  });
});
