import { getAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import { chains } from '../chains/chains.js';
import { configureChains } from '../chains/configureChains.js';
import { resolveChain } from '../chains/resolveChain.js';
import { getKnownProtocols } from './getKnownProtocols.js';
import { KNOWN_PROTOCOLS } from './knownProtocols.js';

describe('known protocols', () => {
  it('are stored checksummed, named, without duplicates, for chains of the registry', () => {
    for (const [chainId, list] of Object.entries(KNOWN_PROTOCOLS)) {
      expect(chains.some((c) => c.id === Number(chainId))).toBe(true);
      const seen = new Set<string>();
      for (const p of list) {
        expect(p.address).toBe(getAddress(p.address));
        expect(p.name.trim().length).toBeGreaterThan(0);
        expect(seen.has(p.address.toLowerCase())).toBe(false);
        seen.add(p.address.toLowerCase());
      }
    }
  });

  it('every chain with a built-in list names its registry routers and Permit2 the same way', () => {
    const ethereum = getKnownProtocols({ chain: resolveChain({ chain: 1 }) });
    const names = new Map(ethereum.map((p) => [p.address, p.name]));
    expect(names.get('0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D')).toBe('Uniswap V2: Router02');
    expect(names.get('0x000000000022D473030F116dDEE9F6B43aC78BA3')).toBe('Uniswap Permit2');
    expect(names.get('0x1111111254EEB25477B68fb85Ed929f73A960582')).toBe('1inch: Aggregation Router V5');
    expect(new Set(ethereum.map((p) => p.address.toLowerCase())).size).toBe(ethereum.length);
  });

  it('on the devnet: the deployed (configured) routers, nothing else', () => {
    const V2 = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
    const V3 = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
    const registry = configureChains({
      overrides: new Map([
        [
          31337,
          {
            uniswapV2: { router02: V2.toLowerCase(), factory: V2 },
            uniswapV3: { factory: V3, swapRouter: V3, swapRouterKind: 'SwapRouter' as const, quoterV2: V3 },
          },
        ],
      ]),
    });
    expect(getKnownProtocols({ chain: resolveChain({ chain: 31337, registry }) })).toEqual([
      { address: V2, name: 'Uniswap V2: Router02' },
      { address: V3, name: 'Uniswap V3: SwapRouter' },
    ]);
    expect(getKnownProtocols({ chain: resolveChain({ chain: 31337 }) })).toEqual([]);
  });
});
