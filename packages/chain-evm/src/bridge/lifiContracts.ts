import type { Address } from '../chains/chains.js';

/** LI.FI's published contracts on one chain: the only built-in entries of a bridge allowlist. */
export interface LifiChainContracts {
  /** The LI.FI diamond (`LiFiDiamond`): the target of bridge calls and the spender LI.FI asks to approve. */
  readonly diamond: Address;
  /** LI.FI's `Permit2Proxy`, where one is published; `null` where we found none (fail closed). */
  readonly permit2Proxy: Address | null;
  /** Where the addresses were read. */
  readonly source: string;
}

const DIAMOND: Address = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE';
const PERMIT2_PROXY: Address = '0x89c6340B1a1f4b25D36cd8B063D49045caF3f818';
const DOCS =
  'https://docs.li.fi/smart-contracts/deployments-contract-addresses (diamond "on most supported networks")';
const deployments = (file: string, commit: string) => `lifinance/contracts@${commit} deployments/${file}`;

/**
 * LI.FI's diamond and Permit2Proxy per chain id, pinned in our code — never taken from an API answer (`/v1/chains`'s
 * `diamondAddress` may serve as a cross-check only). Read from LI.FI's published deployment files and
 * documentation; Linea's diamond differs from the usual address. A chain not listed (Sepolia, the devnets) has no
 * built-in entry: its bridge contracts come from the operator's configuration or nothing is allowed there.
 *
 * @example
 * ```ts
 * LIFI_CONTRACTS[8453]?.diamond; // '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE'
 * ```
 */
export const LIFI_CONTRACTS: Readonly<Record<number, LifiChainContracts>> = Object.freeze({
  1: {
    diamond: DIAMOND,
    permit2Proxy: PERMIT2_PROXY,
    source: `${DOCS}; Permit2Proxy: docs.li.fi smart-contract-addresses and stakekit/shield#14 (research notes C.4)`,
  },
  10: {
    diamond: DIAMOND,
    permit2Proxy: '0x6307119078556Fc8aD77781DFC67df20d75FB4f9',
    source: deployments('optimism.json', '0515279'),
  },
  56: { diamond: DIAMOND, permit2Proxy: PERMIT2_PROXY, source: deployments('bsc.json', '00ebaa4') },
  137: {
    diamond: DIAMOND,
    permit2Proxy: null,
    source: `${deployments('polygon.json', '01e276e')} (no Permit2Proxy listed in the version read)`,
  },
  8453: { diamond: DIAMOND, permit2Proxy: PERMIT2_PROXY, source: deployments('base.json', '00ebaa4') },
  42161: { diamond: DIAMOND, permit2Proxy: PERMIT2_PROXY, source: deployments('arbitrum.json', '0330a89') },
  43114: { diamond: DIAMOND, permit2Proxy: PERMIT2_PROXY, source: deployments('avalanche.json', '00bd6b7') },
  59144: {
    diamond: '0xDE1E598b81620773454588B85D6b5D4eEC32573e',
    permit2Proxy: '0xE5A89411c7Ef1502123d84ec1F9Da9D8574F4293',
    source: deployments('linea.json', '047ee5e'),
  },
});
