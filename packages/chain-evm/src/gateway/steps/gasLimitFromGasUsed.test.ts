import { describe, expect, it } from 'vitest';
import { gasLimitFromGasUsed } from './gasLimitFromGasUsed.js';

describe('gasLimitFromGasUsed', () => {
  it('restores what refunds took off (× 5/4, rounded up), then adds the 25% margin (rounded up)', () => {
    expect(gasLimitFromGasUsed(100_000n)).toBe(156_250n);
    expect(gasLimitFromGasUsed(21_000n)).toBe(32_813n); // 26 250 × 1.25 = 32 812.5 → 32 813
    expect(gasLimitFromGasUsed(1n)).toBe(3n); // 2 (5/4 rounded up) → 2.5 → 3
    expect(gasLimitFromGasUsed(0n)).toBe(0n);
  });
});
