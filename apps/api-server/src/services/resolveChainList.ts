import type { ChainInfo } from '@org/chain-evm';
import { ApiProblem } from '../http/ApiProblem.js';
import type { ChainProviders } from './ChainProviders.js';

/** Most chains one request may name. */
export const MAX_CHAINS_PER_REQUEST = 20;

/**
 * A `chains` query parameter → configured chains, in order, without duplicates (an alias and an id of the same
 * chain count once). Omitted → every configured chain (none configured → 422 `CHAIN_NOT_CONFIGURED`). Malformed
 * (empty entries, spaces, more than {@link MAX_CHAINS_PER_REQUEST}) → 422 `VALIDATION_FAILED`; an unknown chain →
 * `UNSUPPORTED_CHAIN`; a known one without an RPC URL → `CHAIN_NOT_CONFIGURED`. No I/O.
 *
 * @example
 * ```ts
 * resolveChainList({ providers, chains: 'devnet,1' }); // [devnet, ethereum]
 * ```
 */
export function resolveChainList({
  providers,
  chains,
}: {
  providers: ChainProviders;
  chains: string | undefined;
}): ChainInfo[] {
  if (chains === undefined) {
    const all = providers.configured();
    if (all.length === 0) {
      throw new ApiProblem(
        422,
        'CHAIN_NOT_CONFIGURED',
        'No chain has an RPC URL configured',
        'set RPC_URL_<CHAIN>',
      );
    }
    return all;
  }
  const entries = chains.split(',');
  if (!/^[A-Za-z0-9-]{1,40}(,[A-Za-z0-9-]{1,40})*$/.test(chains) || entries.length > MAX_CHAINS_PER_REQUEST) {
    throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
      fields: {
        chains: `comma-separated chain names, aliases or ids (no spaces, no empty entries), at most ${MAX_CHAINS_PER_REQUEST}`,
      },
    });
  }
  const out = new Map<number, ChainInfo>();
  for (const entry of entries) {
    const chain = providers.resolve(entry);
    if (!out.has(chain.id)) out.set(chain.id, chain);
  }
  return [...out.values()];
}
