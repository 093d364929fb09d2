import type { ChainTableEntry } from './types.js';

/**
 * The explicit chain table: which chains exist for token safety and which providers cover them.
 * GoPlus ids come from its `supported_chains` list; DexScreener slugs are its `chainId` values.
 * The devnet (31337) is covered by no provider: only on-chain evidence can speak for its tokens.
 *
 * @example
 * ```ts
 * const base = DEFAULT_CHAIN_TABLE.find((c) => c.id === 8453); // { name: 'base', goplus: '8453', dexscreener: 'base' }
 * ```
 */
export const DEFAULT_CHAIN_TABLE: readonly ChainTableEntry[] = Object.freeze([
  { id: 1, name: 'ethereum', kind: 'evm', goplus: '1', dexscreener: 'ethereum', aliases: ['eth', 'mainnet'] },
  { id: 10, name: 'optimism', kind: 'evm', goplus: '10', dexscreener: 'optimism', aliases: ['op'] },
  { id: 56, name: 'bsc', kind: 'evm', goplus: '56', dexscreener: 'bsc', aliases: ['bnb'] },
  { id: 137, name: 'polygon', kind: 'evm', goplus: '137', dexscreener: 'polygon', aliases: ['matic'] },
  { id: 8453, name: 'base', kind: 'evm', goplus: '8453', dexscreener: 'base' },
  { id: 42161, name: 'arbitrum', kind: 'evm', goplus: '42161', dexscreener: 'arbitrum', aliases: ['arb'] },
  { id: 43114, name: 'avalanche', kind: 'evm', goplus: '43114', dexscreener: 'avalanche', aliases: ['avax'] },
  { id: 59144, name: 'linea', kind: 'evm', goplus: '59144', dexscreener: 'linea' },
  {
    id: 31337,
    name: 'devnet',
    kind: 'evm',
    goplus: null,
    dexscreener: null,
    aliases: ['anvil', 'localhost'],
  },
  { id: 'solana', name: 'solana', kind: 'solana', goplus: 'solana', dexscreener: 'solana', aliases: ['sol'] },
] as const satisfies readonly ChainTableEntry[]);
