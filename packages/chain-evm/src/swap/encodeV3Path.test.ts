import { describe, expect, it } from 'vitest';
import { encodeV3Path } from './encodeV3Path.js';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const C = '0x3333333333333333333333333333333333333333';

describe('encodeV3Path', () => {
  it('packs token, uint24 fee, token … (20 + 3 bytes per hop)', () => {
    expect(encodeV3Path({ path: [A, B, C], fees: [500, 3000] })).toBe(
      `0x${'11'.repeat(20)}0001f4${'22'.repeat(20)}000bb8${'33'.repeat(20)}`,
    );
  });

  it('refuses malformed paths', () => {
    for (const [path, fees] of [
      [[A], []],
      [[A, B], []],
      [
        [A, B],
        [500, 500],
      ],
      [[A, B], [0]],
      [[A, B], [2 ** 24]],
    ] as const) {
      expect(() => encodeV3Path({ path, fees })).toThrow(
        expect.objectContaining({ code: 'INVALID_SWAP_PARAMETER' }),
      );
    }
  });
});
