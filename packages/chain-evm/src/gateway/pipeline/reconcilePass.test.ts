import { describe, expect, it } from 'vitest';
import { harness, swap, testContext } from '../testing/gatewayHarness.js';
import { reconcilePass } from './reconcilePass.js';

describe('reconcilePass', () => {
  it('leaves what was in flight when it started; works on the rest from fresh reads; claims while it works', async () => {
    const first = harness({}, { maxReplacements: 0 });
    const a = await first.gateway.execute(swap());
    const b = await first.gateway.execute(swap());
    const t = testContext({ receiptAt: 0 }, {}, { governor: first.governor, store: first.store });
    const inFlight = new Set([a.record.id]);
    const changed = await reconcilePass(t.ctx, inFlight);
    expect(changed.map((r) => [r.id, r.status])).toEqual([[b.record.id, 'confirmed']]);
    expect((await first.store.get(a.record.id))?.status).toBe('pending');
    expect([...inFlight]).toEqual([a.record.id]);
  });
});
