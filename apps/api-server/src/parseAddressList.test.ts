import { describe, expect, it } from 'vitest';
import { parseAddressList } from './parseAddressList.js';

const A = '0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82';
const B = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

describe('parseAddressList', () => {
  it('checksums, trims and drops repeats, keeping the order', () => {
    expect(parseAddressList({ variable: 'V', raw: ` ${A.toLowerCase()}, ${B} ,${A}`, max: 3 })).toEqual([
      A,
      B,
    ]);
  });

  it.each([
    ['more entries than max', `${A},${B}`, 1, /V: must be a comma-separated list of at most 1 0x addresses/],
    ['an empty entry', `${A},`, 5, /V: must be a comma-separated list/],
    [
      'a bad checksum',
      A.replace('D', 'd'),
      5,
      /V: every entry must be a 0x address with a valid EIP-55 checksum/,
    ],
    ['not an address', '0x12', 5, /V: every entry must be a 0x address/],
  ])('%s fails, naming the variable', (_name, raw, max, message) => {
    expect(() => parseAddressList({ variable: 'V', raw, max })).toThrow(message);
  });
});
