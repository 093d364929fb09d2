import { describe, expect, it } from 'vitest';
import { amountInBaseUnits } from './amountInBaseUnits.js';

describe('amountInBaseUnits', () => {
  it('converts exactly, and rounds a finer amount UP (a request is never read as smaller)', () => {
    expect(amountInBaseUnits('1000.5', 6)).toBe(1_000_500_000n);
    expect(amountInBaseUnits('600', 6)).toBe(600_000_000n);
    expect(amountInBaseUnits('0.0000001', 6)).toBe(1n);
    expect(amountInBaseUnits('1.1234560', 6)).toBe(1_123_456n);
    expect(amountInBaseUnits('1.12345601', 6)).toBe(1_123_457n);
    expect(amountInBaseUnits('2.5', 0)).toBe(3n);
    expect(amountInBaseUnits('123456789012345678901234567890', 18)).toBe(
      123456789012345678901234567890n * 10n ** 18n,
    );
  });
});
