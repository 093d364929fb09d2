import { describe, expect, it } from 'vitest';
import { formatEther } from './formatEther.js';

describe('formatEther', () => {
  it('formats wei as a minimal exact decimal', () => {
    expect(formatEther(50_000_000_000_000_000n)).toBe('0.05');
    expect(formatEther(10n ** 18n)).toBe('1');
    expect(formatEther(0n)).toBe('0');
    expect(formatEther(1n)).toBe('0.000000000000000001');
    expect(formatEther(1_500_000_000_000_000_000n)).toBe('1.5');
    expect(formatEther(-50_000_000_000_000_000n)).toBe('-0.05');
  });

  it('rejects non-bigints', () => {
    expect(() => formatEther(1 as unknown as bigint)).toThrow(
      expect.objectContaining({ code: 'AMOUNT_INVALID' }),
    );
  });
});
