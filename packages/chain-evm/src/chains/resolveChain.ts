import { UnsupportedChainError } from '../errors/UnsupportedChainError.js';
import { type ChainInfo, chains } from './chains.js';

/** Parameters of {@link resolveChain}. */
export interface ResolveChainParameters {
  /** A chain name or alias (`'ethereum'`, `'eth'`, case-insensitive) or a chain id (`1`, `'1'`). */
  chain: string | number;
  /** The registry to look in; defaults to {@link chains} (the app passes its configured copy). */
  registry?: readonly ChainInfo[];
}

/**
 * Resolves a chain name, alias or id to its registry entry. Unknown input — including surrounding white space,
 * an empty string, `0`, `1.0` or `1e3` — throws `UNSUPPORTED_CHAIN`; it never falls back to a default chain.
 *
 * @example
 * ```ts
 * resolveChain({ chain: 'base' }).id; // 8453
 * resolveChain({ chain: 'eth' }).name; // 'ethereum'
 * resolveChain({ chain: '31337' }).name; // 'devnet'
 * ```
 */
export function resolveChain({ chain, registry = chains }: ResolveChainParameters): ChainInfo {
  if (typeof chain === 'number') {
    const found = Number.isSafeInteger(chain) ? registry.find((c) => c.id === chain) : undefined;
    if (!found) throw new UnsupportedChainError({ chain });
    return found;
  }
  if (typeof chain !== 'string') throw new UnsupportedChainError({ chain: String(chain) });
  const text = chain.toLowerCase();
  const found = /^[1-9][0-9]{0,15}$/.test(text)
    ? registry.find((c) => c.id === Number(text))
    : registry.find((c) => c.name === text || c.aliases.includes(text));
  if (!found) throw new UnsupportedChainError({ chain });
  return found;
}
