import { Interface } from 'ethers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeDepositCalldata, DEPOSIT_SELECTOR } from './decodeDepositCalldata.js';
import { encodeDepositCalldata } from './encodeDepositCalldata.js';

const vault = new Interface([
  'function deposit(uint256 assets, address receiver) returns (uint256)',
  'function mint(uint256 shares, address receiver) returns (uint256)',
  'function redeem(uint256 shares, address receiver, address owner) returns (uint256)',
]);
const WALLET = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

describe('decodeDepositCalldata / encodeDepositCalldata', () => {
  it('decodes what ethers encodes for deposit(assets, receiver), receiver checksummed', () => {
    expect(vault.getFunction('deposit')?.selector).toBe(DEPOSIT_SELECTOR);
    const data = vault.encodeFunctionData('deposit', [1_050_000_000n, WALLET.toLowerCase()]) as `0x${string}`;
    expect(decodeDepositCalldata({ data })).toEqual({ assets: 1_050_000_000n, receiver: WALLET });
    expect(encodeDepositCalldata({ assets: 1_050_000_000n, receiver: WALLET })).toBe(data);
  });

  it.each([
    ['another function with the same shape (mint)', vault.encodeFunctionData('mint', [1n, WALLET])],
    ['redeem', vault.encodeFunctionData('redeem', [1n, WALLET, WALLET])],
    ['trailing bytes', `${vault.encodeFunctionData('deposit', [1n, WALLET])}00`],
    ['a missing word', vault.encodeFunctionData('deposit', [1n, WALLET]).slice(0, 74)],
    ['a dirty address word', `${DEPOSIT_SELECTOR}${'0'.repeat(63)}1${'f'.repeat(24)}${WALLET.slice(2)}`],
    ['non-hex', `${DEPOSIT_SELECTOR}${'z'.repeat(128)}`],
    ['empty', '0x'],
  ])('refuses %s', (_name, data) => {
    expect(decodeDepositCalldata({ data: data as `0x${string}` })).toBeNull();
  });

  it('encode refuses what is not a uint256 or an address', () => {
    expect(() => encodeDepositCalldata({ assets: -1n, receiver: WALLET })).toThrow(
      expect.objectContaining({ code: 'INVALID_YIELD_PARAMETER' }),
    );
    expect(() => encodeDepositCalldata({ assets: 1n << 256n, receiver: WALLET })).toThrow(
      expect.objectContaining({ code: 'INVALID_YIELD_PARAMETER' }),
    );
    expect(() => encodeDepositCalldata({ assets: 1n, receiver: '0x12' as `0x${string}` })).toThrow(
      expect.objectContaining({ code: 'INVALID_YIELD_PARAMETER' }),
    );
  });

  it('property: decode(encode(x)) = x for every uint256 and address, and agrees with ethers', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }),
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        (assets, bytes) => {
          const receiver = `0x${Buffer.from(bytes).toString('hex')}` as `0x${string}`;
          const data = encodeDepositCalldata({ assets, receiver });
          expect(data).toBe(vault.encodeFunctionData('deposit', [assets, receiver]));
          const decoded = decodeDepositCalldata({ data });
          expect(decoded?.assets).toBe(assets);
          expect(decoded?.receiver.toLowerCase()).toBe(receiver);
        },
      ),
    );
  });
});
