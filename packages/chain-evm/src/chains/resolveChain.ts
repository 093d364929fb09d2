import { UnsupportedChainError } from '../errors/UnsupportedChainError.js';
import { type ChainInfo, chains } from './chains.js';

/** Parameters of {@link resolveChain}. */
export interface ResolveChainParameters {
  /** A chain name (`'ethereum'`, case-insensitive) or a chain id (`1`, `'1'`). */
  chain: string | number;
  /** The registry to look in; defaults to {@link chains}. */
  registry?: readonly ChainInfo[];
}

/**
 * Resolves a chain name or id to its registry entry. Unknown input throws `UNSUPPORTED_CHAIN`; it never falls
 * back to a default chain.
 *
 * @example
 * ```ts
 * resolveChain({ chain: 'base' }).id; // 8453
 * resolveChain({ chain: '31337' }).name; // 'devnet'
 * ```
 */
export function resolveChain({ chain, registry = chains }: ResolveChainParameters): ChainInfo {
  if (typeof chain === 'number') {
    const found = Number.isSafeInteger(chain) ? registry.find((c) => c.id === chain) : undefined;
    if (!found) throw new UnsupportedChainError({ chain });
    return found;
  }
  const text = chain.trim().toLowerCase();
  const found = /^[1-9][0-9]{0,15}$/.test(text)
    ? registry.find((c) => c.id === Number(text))
    : registry.find((c) => c.name === text);
  if (!found) throw new UnsupportedChainError({ chain });
  return found;
}
