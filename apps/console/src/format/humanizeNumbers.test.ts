import { describe, expect, it } from 'vitest';
import { humanizeNumbers } from './humanizeNumbers';

describe('humanizeNumbers', () => {
  it('rounds every decimal figure of a sentence, leaving ids, addresses and versions alone', () => {
    expect(humanizeNumbers('swap 0.3 ETH for at least 892.546538 USDC (v3)')).toBe(
      'swap 0.3 ETH for at least 892.55 USDC (v3)',
    );
    expect(humanizeNumbers('order 01a2-b slot 2: 0.05 ETH for 148.794832 USDC at 0xab12.3')).toBe(
      'order 01a2-b slot 2: 0.05 ETH for 148.79 USDC at 0xab12.3',
    );
    expect(humanizeNumbers('version 1.2.3')).toBe('version 1.2.3');
  });
});
