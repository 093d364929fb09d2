import { describe, expect, it } from 'vitest';
import { requestCancel } from '../requestCancel.js';
import { harness, swap, testContext } from '../testing/gatewayHarness.js';
import { sendRequestedCancels } from './sendRequestedCancels.js';

describe('sendRequestedCancels', () => {
  it('sends each requested cancel once', async () => {
    const first = harness({}, { maxReplacements: 0 });
    const { record } = await first.gateway.execute(swap());
    await first.gateway.execute(swap()); // not asked: left alone
    await requestCancel({ executions: first.store, id: record.id, by: 'cli', at: 1 });
    const t = testContext({}, {}, { governor: first.governor, store: first.store });
    expect((await sendRequestedCancels(t.ctx)).map((r) => [r.id, r.transactions.length])).toEqual([
      [record.id, 2],
    ]);
    expect(await sendRequestedCancels(t.ctx)).toEqual([]);
    expect(t.sent).toHaveLength(1);
  });
});
