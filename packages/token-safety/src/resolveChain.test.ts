import { describe, expect, it } from 'vitest';
import { resolveChain } from './resolveChain.js';
import { SOLANA_CHAIN } from './solanaChain.js';
import { TEST_CHAIN_TABLE } from './test-support/testChainTable.js';

const table = TEST_CHAIN_TABLE;

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
    ['sol', 'solana', 'solana', 'solana'],
  ])('%s → %s (goplus %s, dexscreener %s)', (input, name, goplus, dexscreener) => {
    expect(resolveChain({ chain: input, table })).toMatchObject({ name, goplus, dexscreener });
  });

  it.each([999, 0, -1, 1.5, '', 'mainnet2', '0x1', '01', Number.NaN])(
    '%s is UNSUPPORTED_CHAIN, never chain 1',
    (input) => {
      expect(() => resolveChain({ chain: input, table })).toThrow(
        expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }),
      );
    },
  );

  it('knows only the chains of the table it is given (there is no built-in registry)', () => {
    const only = [
      { id: 11155111, name: 'sepolia', kind: 'evm' as const, goplus: null, dexscreener: null },
      SOLANA_CHAIN,
    ];
    expect(resolveChain({ chain: 11155111, table: only }).name).toBe('sepolia');
    expect(resolveChain({ chain: 'sol', table: only }).kind).toBe('solana');
    expect(() => resolveChain({ chain: 1, table: only })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }),
    );
    expect(() => resolveChain({ chain: 11155111, table })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }),
    );
  });
});
