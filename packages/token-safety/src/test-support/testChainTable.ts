import { SOLANA_CHAIN } from '../solanaChain.js';
import type { ChainTableEntry } from '../types.js';

/**
 * A chain table for this package's tests and bench only. Applications pass the table built from their one chain
 * registry (the API server builds it from `@org/chain-evm`'s), plus {@link SOLANA_CHAIN}.
 */
export const TEST_CHAIN_TABLE: readonly ChainTableEntry[] = Object.freeze([
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
  SOLANA_CHAIN,
] as const satisfies readonly ChainTableEntry[]);
