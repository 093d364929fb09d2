import type { ChainTableEntry } from './types.js';

/**
 * The Solana entry of a chain table. EVM chains come from the application's chain registry (the one source of
 * truth for ids, names, aliases and provider ids); Solana is not an EVM chain, so token-safety supplies its entry.
 *
 * @example
 * ```ts
 * const service = createTokenSecurityService({ sources, chains: [...evmChains, SOLANA_CHAIN] });
 * ```
 */
export const SOLANA_CHAIN: ChainTableEntry = Object.freeze({
  id: 'solana',
  name: 'solana',
  kind: 'solana',
  goplus: 'solana',
  dexscreener: 'solana',
  aliases: Object.freeze(['sol']),
} as const);
