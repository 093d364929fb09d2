import { describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { splitPriced } from './splitPriced.js';

const A = '0x00000000000000000000000000000000000000aa' as Address;
const item = (valueWei: bigint | null) => ({ token: A, amount: 1n, valueWei, routes: [], route: null });

describe('splitPriced', () => {
  it('totals only the own items; the rest are valued one by one', () => {
    expect(splitPriced({ items: [item(3n), item(4n), item(10n)], reason: null }, 2)).toEqual({
      totalWei: 7n,
      reason: null,
      alsoValued: [10n],
    });
  });

  it('an unpriceable extra item leaves the total known', () => {
    expect(splitPriced({ items: [item(3n), item(null)], reason: 'extra has no pool' }, 1)).toEqual({
      totalWei: 3n,
      reason: null,
      alsoValued: [null],
    });
  });

  it('an unpriceable own item makes the total unknown, with the reason', () => {
    expect(splitPriced({ items: [item(null), item(5n)], reason: 'no pool' }, 1)).toEqual({
      totalWei: null,
      reason: 'no pool',
      alsoValued: [5n],
    });
    expect(splitPriced({ items: [item(null)], reason: null }, 1).reason).toBe(
      'a token spent cannot be priced',
    );
  });

  it('no own items: worth 0', () => {
    expect(splitPriced({ items: [], reason: null }, 0)).toEqual({
      totalWei: 0n,
      reason: null,
      alsoValued: [],
    });
  });
});
