import { DEVNET_B_CHAIN_ID, DEVNET_CHAIN_ID } from '../constants.js';
import type { Devnet } from '../types.js';
import type { LifiFixtureChain } from './types.js';

/** The native coin's address in LI.FI's answers. */
const NATIVE: `0x${string}` = '0x0000000000000000000000000000000000000000';

/**
 * The LI.FI fixture's view of a running devnet chain: its bridge, its RPC URL, and the tokens the bridge carries
 * (ETH at 3,000 USD, USDC and DAI at 1, WBTC at 60,000 — the devnet's pool prices).
 *
 * @example
 * ```ts
 * import { lifiFixtureChain, startDevnetPair, startLifiFixture } from '@org/devnet';
 * const { a, b } = await startDevnetPair();
 * const lifi = await startLifiFixture({ chains: [lifiFixtureChain(a), lifiFixtureChain(b)] });
 * ```
 */
export function lifiFixtureChain(devnet: Pick<Devnet, 'manifest' | 'rpcUrl'>): LifiFixtureChain {
  const { chainId, contracts, tokens } = devnet.manifest;
  const key = chainId === DEVNET_CHAIN_ID ? 'dva' : chainId === DEVNET_B_CHAIN_ID ? 'dvb' : `d${chainId}`;
  const name =
    chainId === DEVNET_CHAIN_ID ? 'Devnet' : chainId === DEVNET_B_CHAIN_ID ? 'Devnet B' : `Devnet ${chainId}`;
  return {
    id: chainId,
    key,
    name,
    rpcUrl: devnet.rpcUrl,
    bridge: contracts.devnetBridge,
    tokens: [
      { address: NATIVE, symbol: 'ETH', name: 'Ether', decimals: 18, priceUSD: '3000' },
      { ...pick(tokens.usdc), priceUSD: '1' },
      { ...pick(tokens.dai), priceUSD: '1' },
      { ...pick(tokens.wbtc), priceUSD: '60000' },
    ],
  };
}

function pick(token: { address: `0x${string}`; symbol: string; name: string; decimals: number }) {
  return { address: token.address, symbol: token.symbol, name: token.name, decimals: token.decimals };
}
