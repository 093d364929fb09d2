import { describe, expect, it } from 'vitest';
import { normalizeTokenAddress } from './normalizeTokenAddress.js';
import { resolveChain } from './resolveChain.js';
import { TEST_CHAIN_TABLE } from './test-support/testChainTable.js';

const evm = resolveChain({ chain: 1, table: TEST_CHAIN_TABLE });
const solana = resolveChain({ chain: 'solana', table: TEST_CHAIN_TABLE });

describe('normalizeTokenAddress', () => {
  it('lowercases valid EVM addresses and keeps canonical base58 mints', () => {
    expect(
      normalizeTokenAddress({ chain: evm, address: ' 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 ' }),
    ).toBe('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48');
    expect(
      normalizeTokenAddress({ chain: solana, address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' }),
    ).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
  });

  it.each([
    [evm, '0x12'],
    [evm, 'a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'],
    [evm, '0xg0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'],
    [evm, '0x0000000000000000000000000000000000000000'],
    [evm, 42],
    [evm, undefined],
    [solana, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'],
    [solana, '1111111111111111111111111111111111'],
    [solana, 'O0Il'],
  ])('case %#: rejects the address with INVALID_ADDRESS', (chain, address) => {
    expect(() => normalizeTokenAddress({ chain, address })).toThrow(
      expect.objectContaining({ code: 'INVALID_ADDRESS' }),
    );
  });
});
