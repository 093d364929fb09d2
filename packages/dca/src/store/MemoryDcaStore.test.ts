import { describe, expect, it } from 'vitest';
import { testOrder } from '../testing/fixtures.js';
import { describeDcaStoreContract } from '../testing/dcaStoreContract.js';
import { MemoryDcaStore } from './MemoryDcaStore.js';

describeDcaStoreContract('MemoryDcaStore', {
  create: () => new MemoryDcaStore(),
  createShared: () => {
    const store = new MemoryDcaStore();
    return [store, store];
  },
});

describe('MemoryDcaStore', () => {
  it('keeps stores apart and hands out frozen copies (a caller cannot change what is stored)', async () => {
    const a = new MemoryDcaStore();
    const b = new MemoryDcaStore();
    const order = { ...testOrder(), totals: { ...testOrder().totals } };
    await a.insertOrder(order);
    (order.totals as { fills: number }).fills = 5;
    expect(await b.getOrder(order.id)).toBeNull();
    const stored = await a.getOrder(order.id);
    expect(stored?.totals.fills).toBe(0);
    expect(Object.isFrozen(stored?.totals)).toBe(true);
  });
});
