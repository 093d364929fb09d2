import { getAddress } from 'ethers';
import type { Address, ChainInfo } from '../chains/chains.js';
import { KNOWN_PROTOCOLS, type KnownProtocol } from './knownProtocols.js';

/** Parameters of {@link getKnownProtocols}. */
export interface GetKnownProtocolsParameters {
  /** The configured chain (operator overrides applied: on the devnet, its deployed routers). */
  readonly chain: ChainInfo;
}

/**
 * The chain's well-known spenders: the built-in list (`KNOWN_PROTOCOLS`) plus the routers and Permit2 of the
 * configured chain registry — so the devnet names its deployed Uniswap routers. Checksummed, one entry per address
 * (the built-in name wins), sorted by name. The same list names spenders in scans and risk reports.
 *
 * @example
 * ```ts
 * const names = new Map(getKnownProtocols({ chain }).map((p) => [p.address.toLowerCase(), p.name]));
 * ```
 */
export function getKnownProtocols({ chain }: GetKnownProtocolsParameters): KnownProtocol[] {
  const { uniswapV2, uniswapV3, permit2 } = chain.contracts;
  const configured: KnownProtocol[] = [
    ...(uniswapV2 ? [{ address: uniswapV2.router02, name: 'Uniswap V2: Router02' }] : []),
    ...(uniswapV3
      ? [{ address: uniswapV3.swapRouter, name: `Uniswap V3: ${uniswapV3.swapRouterKind}` }]
      : []),
    ...(permit2 ? [{ address: permit2, name: 'Uniswap Permit2' }] : []),
  ];
  const byAddress = new Map<string, KnownProtocol>();
  for (const entry of [...(KNOWN_PROTOCOLS[chain.id] ?? []), ...configured]) {
    const address = getAddress(entry.address) as Address;
    if (!byAddress.has(address.toLowerCase()))
      byAddress.set(address.toLowerCase(), { address, name: entry.name });
  }
  return [...byAddress.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.address.localeCompare(b.address),
  );
}
