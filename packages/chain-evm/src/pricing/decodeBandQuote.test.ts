import { describe, expect, it } from 'vitest';
import { decodeBandQuote } from './decodeBandQuote.js';

const word = (n: bigint) => n.toString(16).padStart(64, '0');
const answer = (amountOut: bigint) => `0x${word(amountOut)}${word(1n)}${word(2n)}${word(3n)}` as const;

describe('decodeBandQuote', () => {
  it("QuoterV2's first word is the amount paid out", () => {
    expect(decodeBandQuote({ success: true, returnData: answer(123_456n) })).toBe(123_456n);
  });

  it('a failed, missing or short answer is 0: no depth', () => {
    expect(decodeBandQuote({ success: false, returnData: answer(123_456n) })).toBe(0n);
    expect(decodeBandQuote(undefined)).toBe(0n);
    expect(decodeBandQuote({ success: true, returnData: `0x${word(5n)}${word(1n)}${word(2n)}` })).toBe(0n);
    expect(decodeBandQuote({ success: true, returnData: '0x' })).toBe(0n);
  });
});
