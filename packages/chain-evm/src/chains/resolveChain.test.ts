import { getAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import { chains } from './chains.js';
import { configureChains } from './configureChains.js';
import { resolveChain } from './resolveChain.js';

describe('resolveChain', () => {
  it('resolves names and aliases case-insensitively and ids as numbers or strings', () => {
    expect(resolveChain({ chain: 'Ethereum' }).id).toBe(1);
    expect(resolveChain({ chain: 'eth' }).id).toBe(1);
    expect(resolveChain({ chain: 'mainnet' }).id).toBe(1);
    expect(resolveChain({ chain: 'ARB' }).id).toBe(42161);
    expect(resolveChain({ chain: 'anvil' }).name).toBe('devnet');
    expect(resolveChain({ chain: 8453 }).name).toBe('base');
    expect(resolveChain({ chain: '31337' }).name).toBe('devnet');
    expect(resolveChain({ chain: 'sepolia' }).id).toBe(11155111);
    expect(resolveChain({ chain: 'avalanche' }).id).toBe(43114);
  });

  it.each(['', ' eth', 'mainnet ', 'ethereum\n', '0', '01', '1.0', '1e3', 'NaN', '999999', '-1', 'solana'])(
    'rejects %j with UNSUPPORTED_CHAIN and never falls back to chain 1',
    (input) => {
      expect(() => resolveChain({ chain: input })).toThrow(
        expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }),
      );
    },
  );

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 424242])('rejects the number %s', (input) => {
    expect(() => resolveChain({ chain: input })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }),
    );
  });
});

describe('the chain registry', () => {
  it('has unique ids, and names and aliases that are unique across the whole registry', () => {
    expect(new Set(chains.map((c) => c.id)).size).toBe(chains.length);
    const names = chains.flatMap((c) => [c.name, ...c.aliases]);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it('lists only EIP-55 checksummed contract addresses', () => {
    for (const c of chains) {
      const { uniswapV2, uniswapV3, ...single } = c.contracts;
      const all = [
        ...Object.values(single),
        ...Object.values(uniswapV2 ?? {}),
        uniswapV3?.factory,
        uniswapV3?.swapRouter,
        uniswapV3?.quoterV2,
      ].filter((a): a is string => typeof a === 'string');
      for (const address of all) expect(getAddress(address)).toBe(address);
    }
  });

  it('holds the mainnet Uniswap V2 deployment and each provider id', () => {
    const ethereum = resolveChain({ chain: 1 });
    expect(ethereum.contracts.uniswapV2).toEqual({
      router02: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
      factory: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f',
    });
    expect(ethereum.contracts.wrappedNative).toBe('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2');
    expect(ethereum.providers).toEqual({
      goplus: '1',
      dexscreener: 'ethereum',
      defillama: 'Ethereum',
      lifi: 1,
    });
    expect(resolveChain({ chain: 'devnet' }).providers.goplus).toBeNull();
  });

  it('is frozen: nobody can repoint a router at run time', () => {
    const ethereum = resolveChain({ chain: 1 });
    expect(() => {
      (ethereum.contracts as { wrappedNative: string | null }).wrappedNative = '0x0';
    }).toThrow(TypeError);
    expect(() => {
      (ethereum.contracts.uniswapV2 as { router02: string }).router02 = '0x0';
    }).toThrow(TypeError);
  });
});

describe('configureChains', () => {
  const weth = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
  const router = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
  const factory = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

  it('overrides contracts of one chain, checksums them, and leaves the base registry untouched', () => {
    const registry = configureChains({
      overrides: new Map([
        [31337, { wrappedNative: weth.toLowerCase(), uniswapV2: { router02: router, factory } }],
      ]),
    });
    const devnet = resolveChain({ chain: 'devnet', registry });
    expect(devnet.contracts.wrappedNative).toBe(weth);
    expect(devnet.contracts.uniswapV2).toEqual({ router02: router, factory });
    expect(devnet.contracts.multicall3).toBe('0xcA11bde05977b3631167028862bE2a173976CA11');
    expect(resolveChain({ chain: 'devnet' }).contracts.wrappedNative).toBeNull();
    expect(resolveChain({ chain: 1, registry })).toBe(resolveChain({ chain: 1 }));
  });

  it('refuses a bad address and an override for a chain the registry does not know', () => {
    expect(() => configureChains({ overrides: new Map([[31337, { wrappedNative: '0x1234' }]]) })).toThrow(
      expect.objectContaining({ code: 'INVALID_ADDRESS' }),
    );
    expect(() => configureChains({ overrides: new Map([[999, { wrappedNative: weth }]]) })).toThrow();
  });
});
