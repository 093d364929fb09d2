import type { Address } from '../../chains/chains.js';
import { hex, invalid, nonNegativeInteger } from '../store/storeInput.js';

/**
 * The checked key of a nonce row: a positive integer chain id and the address lower-cased (20 bytes of hex), so
 * every backend and every instance name one wallet alike.
 *
 * @example
 * ```ts
 * const { chainId, address } = nonceKey({ chainId: 1, address: '0xAbC…' });
 * ```
 */
export function nonceKey(p: { readonly chainId: unknown; readonly address: unknown }): {
  readonly chainId: number;
  readonly address: Address;
} {
  const chainId = nonNegativeInteger(p.chainId, 'chain id');
  if (chainId === 0) throw invalid('chain id', 'must be positive');
  return { chainId, address: hex(p.address, 'address', 20).toLowerCase() as Address };
}
