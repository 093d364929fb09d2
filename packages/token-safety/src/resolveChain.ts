import { DEFAULT_CHAIN_TABLE } from './defaultChainTable.js';
import { UnsupportedChainError } from './errors/UnsupportedChainError.js';
import type { ChainInfo, ChainInput, ChainTableEntry } from './types.js';

/** Parameters of {@link resolveChain}. */
export type ResolveChainParameters = {
  /** EVM chain id (number or decimal string), a table name or alias, or `'solana'`. */
  chain: ChainInput;
  /** Chain table; defaults to {@link DEFAULT_CHAIN_TABLE}. */
  table?: readonly ChainTableEntry[];
};

/** Return type of {@link resolveChain}. */
export type ResolveChainReturnType = ChainInfo;

/**
 * Resolves a chain input against the explicit chain table. Unknown chains throw `UNSUPPORTED_CHAIN`; there is
 * no fallback to chain 1.
 *
 * @example
 * ```ts
 * resolveChain({ chain: '8453' }).name; // 'base'
 * resolveChain({ chain: 'solana' }).kind; // 'solana'
 * resolveChain({ chain: 999 }); // throws UnsupportedChainError
 * ```
 */
export function resolveChain({
  chain,
  table = DEFAULT_CHAIN_TABLE,
}: ResolveChainParameters): ResolveChainReturnType {
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
