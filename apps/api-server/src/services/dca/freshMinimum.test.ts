import { describe, expect, it } from 'vitest';
import { freshMinimum } from './freshMinimum.js';

describe('freshMinimum (M2: a re-executed fill takes a fresh minimum from a fresh quote)', () => {
  it('raises an old minimum to the fresh quote less slippage', () => {
    expect(freshMinimum({ given: 900n, fresh: 990n })).toBe(990n);
  });
  it('never lowers the given minimum (the band may require more than the fresh quote)', () => {
    expect(freshMinimum({ given: 1_000n, fresh: 990n })).toBe(1_000n);
    expect(freshMinimum({ given: 990n, fresh: 990n })).toBe(990n);
  });
  it('without a fresh quote the given minimum stands', () => {
    expect(freshMinimum({ given: 900n, fresh: null })).toBe(900n);
  });
});
