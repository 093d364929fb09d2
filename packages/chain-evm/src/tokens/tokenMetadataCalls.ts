import { Interface } from 'ethers';
import type { Address } from '../chains/chains.js';
import type { Aggregate3Call } from '../multicall/aggregate3.js';

const erc20Metadata = new Interface([
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
  'function name() view returns (string)',
]);

/**
 * The three Multicall3 calls that read a token's metadata — `decimals()`, `symbol()`, `name()`, in that order, each
 * allowed to fail — so callers can put many tokens' metadata into the same batch as their other reads. Decode the
 * three results with {@link decodeTokenMetadata}.
 *
 * @example
 * ```ts
 * const calls = tokens.flatMap((token) => tokenMetadataCalls(token));
 * const results = await aggregate3({ provider, chainId, multicall3, calls });
 * const usdc = decodeTokenMetadata(results.slice(0, 3));
 * ```
 */
export function tokenMetadataCalls(token: Address): Aggregate3Call[] {
  return ['decimals', 'symbol', 'name'].map((fn) => ({
    target: token,
    callData: erc20Metadata.encodeFunctionData(fn, []) as `0x${string}`,
    allowFailure: true,
  }));
}
