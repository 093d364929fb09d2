import { describe, expect, it } from 'vitest';
import { DEFAULT_CHAIN_TABLE } from './defaultChainTable.js';
import { resolveChain } from './resolveChain.js';

describe('resolveChain', () => {
  it.each([
    [1, 'ethereum', '1', 'ethereum'],
    ['8453', 'base', '8453', 'base'],
    ['arbitrum', 'arbitrum', '42161', 'arbitrum'],
    ['BSC', 'bsc', '56', 'bsc'],
    [137, 'polygon', '137', 'polygon'],
    ['op', 'optimism', '10', 'optimism'],
    [31337, 'devnet', null, null],
    ['solana', 'solana', 'solana', 'solana'],
  ])('%s → %s (goplus %s, dexscreener %s)', (input, name, goplus, dexscreener) => {
    expect(resolveChain({ chain: input })).toMatchObject({ name, goplus, dexscreener });
  });

  it.each([999, 0, -1, 1.5, '', 'mainnet2', '0x1', '01', Number.NaN])(
    '%s is UNSUPPORTED_CHAIN, never chain 1',
    (input) => {
      expect(() => resolveChain({ chain: input })).toThrow(
        expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }),
      );
    },
  );

  it('uses a custom table when given', () => {
    const table = [
      ...DEFAULT_CHAIN_TABLE,
      { id: 11155111, name: 'sepolia', kind: 'evm' as const, goplus: null, dexscreener: null },
    ];
    expect(resolveChain({ chain: 11155111, table }).name).toBe('sepolia');
    expect(() => resolveChain({ chain: 11155111 })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }),
    );
  });
});
