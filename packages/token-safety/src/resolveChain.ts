import { UnsupportedChainError } from './errors/UnsupportedChainError.js';
import type { ChainInfo, ChainInput, ChainTableEntry } from './types.js';

/** Parameters of {@link resolveChain}. */
export type ResolveChainParameters = {
  /** EVM chain id (number or decimal string), a table name or alias, or `'solana'`. */
  chain: ChainInput;
  /**
   * The chain table: the application's chain registry (EVM chains) plus `SOLANA_CHAIN` where Solana is wanted.
   * There is no built-in table: one registry is the source of truth for chain ids, names and provider ids.
   */
  table: readonly ChainTableEntry[];
};

/** Return type of {@link resolveChain}. */
export type ResolveChainReturnType = ChainInfo;

/**
 * Resolves a chain input against the explicit chain table. Unknown chains throw `UNSUPPORTED_CHAIN`; there is
 * no fallback to chain 1.
 *
 * @example
 * ```ts
 * const table = [{ id: 8453, name: 'base', kind: 'evm', goplus: '8453', dexscreener: 'base' }, SOLANA_CHAIN];
 * resolveChain({ chain: '8453', table }).name; // 'base'
 * resolveChain({ chain: 'solana', table }).kind; // 'solana'
 * resolveChain({ chain: 999, table }); // throws UnsupportedChainError
 * ```
 */
export function resolveChain({ chain, table }: ResolveChainParameters): ResolveChainReturnType {
  let entry: ChainTableEntry | undefined;
  if (typeof chain === 'number') {
    if (Number.isSafeInteger(chain) && chain > 0) entry = table.find((c) => c.id === chain);
  } else if (typeof chain === 'string') {
    const text = chain.trim().toLowerCase();
    if (/^[1-9][0-9]{0,15}$/.test(text)) {
      const id = Number(text);
      entry = table.find((c) => c.id === id);
    } else if (text.length > 0) {
      entry = table.find((c) => c.name === text || (c.aliases ?? []).includes(text));
    }
  }
  if (!entry) throw new UnsupportedChainError({ chain });
  return {
    id: entry.id,
    name: entry.name,
    kind: entry.kind,
    goplus: entry.goplus,
    dexscreener: entry.dexscreener,
  };
}
