import { describe, expect, it } from 'vitest';
import { fillAmount } from './fillAmount.js';

const order = (amountPerFill: bigint, maxTotalIn: bigint | null, spent: bigint) => ({
  amountPerFill,
  maxTotalIn,
  totals: { spent },
});

describe('fillAmount', () => {
  it.each([
    [100n, null, 10_000n, 100n],
    [100n, 250n, 0n, 100n],
    [100n, 250n, 200n, 50n],
    [100n, 250n, 150n, 100n],
    [100n, 250n, 250n, 0n],
    [100n, 50n, 0n, 50n],
    // Spent beyond the total (never negative), and exactly one fill left.
    [100n, 250n, 300n, 0n],
    [100n, 250n, 151n, 99n],
  ])('amountPerFill %s, maxTotalIn %s, spent %s → %s', (amountPerFill, maxTotalIn, spent, expected) => {
    expect(fillAmount(order(amountPerFill, maxTotalIn, spent))).toBe(expected);
  });
});
