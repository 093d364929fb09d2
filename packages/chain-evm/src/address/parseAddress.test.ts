import { describe, expect, it } from 'vitest';
import { parseAddress } from './parseAddress.js';

describe('parseAddress', () => {
  it('checksums lower-case input', () => {
    expect(parseAddress({ address: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045' })).toBe(
      '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
    );
  });

  it.each([
    '',
    'vitalik.eth',
    '0x123',
    ' 0xd8da6bf26964af9d7eed9e03e53415d37aa96045',
    '0xd8da6bf26964af9d7eed9e03e53415d37aa9604g',
    '0xD8dA6BF26964aF9D7eEd9e03E53415D37aA96045', // bad checksum (first letter case flipped)
    'XE65GB6LDNXYOFTX0NSV3FUWKOWIXAMJK36',
  ])('rejects %j with INVALID_ADDRESS', (address) => {
    expect(() => parseAddress({ address })).toThrow(expect.objectContaining({ code: 'INVALID_ADDRESS' }));
  });
});
