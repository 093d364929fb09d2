import { getAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import { type ChainInfo, chains } from '../chains/chains.js';
import { getSwapTokenList } from './getSwapTokenList.js';
import { WELL_KNOWN_TOKENS } from './wellKnownTokens.js';

const chain = (name: string) => chains.find((c) => c.name === name) as ChainInfo;
const devnetChain: ChainInfo = {
  ...chain('devnet'),
  contracts: { ...chain('devnet').contracts, wrappedNative: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
};

describe('WELL_KNOWN_TOKENS', () => {
  it('covers ethereum, base, arbitrum, optimism and polygon with USDC, USDT, DAI and the wrapped native', () => {
    for (const name of ['ethereum', 'base', 'arbitrum', 'optimism', 'polygon']) {
      const list = getSwapTokenList({ chain: chain(name) });
      const symbols = list.map((t) => t.symbol);
      expect(symbols).toEqual(expect.arrayContaining(['USDC', 'USDT', 'DAI']));
      const wrapped = list.filter((t) => t.address === chain(name).contracts.wrappedNative);
      expect(wrapped).toHaveLength(1);
    }
  });

  it('every address is EIP-55 checksummed, every decimals an integer 0..255, symbols unique per chain', () => {
    for (const [id, list] of Object.entries(WELL_KNOWN_TOKENS)) {
      expect(chains.some((c) => c.id === Number(id))).toBe(true);
      for (const token of list) {
        expect(getAddress(token.address)).toBe(token.address);
        expect(Number.isInteger(token.decimals) && token.decimals >= 0 && token.decimals <= 255).toBe(true);
      }
      const symbols = list.map((t) => t.symbol.toUpperCase());
      expect(new Set(symbols).size).toBe(symbols.length);
      expect(new Set(list.map((t) => t.address)).size).toBe(list.length);
    }
  });

  it('pins the decimals that matter most (USDC/USDT 6, WBTC 8, DAI 18)', () => {
    for (const list of Object.values(WELL_KNOWN_TOKENS)) {
      for (const token of list) {
        if (['USDC', 'USDC.e', 'USDT', 'USDbC'].includes(token.symbol)) expect(token.decimals).toBe(6);
        if (['WBTC', 'cbBTC'].includes(token.symbol)) expect(token.decimals).toBe(8);
        if (['DAI', 'WETH'].includes(token.symbol)) expect(token.decimals).toBe(18);
      }
    }
    expect(WELL_KNOWN_TOKENS[1]?.find((t) => t.symbol === 'USDC')?.address).toBe(
      '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    );
  });
});

describe('getSwapTokenList', () => {
  it("adds the chain's configured wrapped native token and the app's extra tokens (checksummed)", () => {
    const list = getSwapTokenList({
      chain: devnetChain,
      extraTokens: [
        {
          address: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
          symbol: 'USDC',
          name: 'USD Coin',
          decimals: 6,
        },
      ],
    });
    expect(list).toEqual([
      {
        address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        symbol: 'WETH',
        name: 'Wrapped Ether',
        decimals: 18,
      },
      {
        address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
        symbol: 'USDC',
        name: 'USD Coin',
        decimals: 6,
      },
    ]);
  });

  it('an extra token with the address of a built-in replaces it', () => {
    const list = getSwapTokenList({
      chain: chain('ethereum'),
      extraTokens: [
        { address: '0x6B175474E89094C44Da98b954EedeAC495271d0F', symbol: 'DAI', name: 'Dai', decimals: 18 },
      ],
    });
    expect(list.filter((t) => t.symbol === 'DAI')).toEqual([
      { address: '0x6B175474E89094C44Da98b954EedeAC495271d0F', symbol: 'DAI', name: 'Dai', decimals: 18 },
    ]);
  });

  it('refuses bad extra tokens: bad checksum, bad decimals, bad symbol, a taken symbol, the native symbol', () => {
    const ok = {
      address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      symbol: 'XYZ',
      name: 'X',
      decimals: 18,
    };
    const bad = (over: Partial<typeof ok>, code: string) =>
      expect(() => getSwapTokenList({ chain: chain('ethereum'), extraTokens: [{ ...ok, ...over }] })).toThrow(
        expect.objectContaining({ code }),
      );
    expect(getSwapTokenList({ chain: chain('ethereum'), extraTokens: [ok] }).at(-1)).toEqual(ok);
    bad({ address: '0xE7f1725E7734CE288F8367e1Bb143E90bb3F0512' }, 'INVALID_ADDRESS');
    bad({ decimals: 256 }, 'INVALID_SWAP_PARAMETER');
    bad({ decimals: 6.5 }, 'INVALID_SWAP_PARAMETER');
    bad({ symbol: '' }, 'INVALID_SWAP_PARAMETER');
    bad({ symbol: 'A B' }, 'INVALID_SWAP_PARAMETER');
    bad({ symbol: 'usdc' }, 'INVALID_SWAP_PARAMETER');
    bad({ symbol: 'eth' }, 'INVALID_SWAP_PARAMETER');
  });

  it('a chain without a built-in list and without a wrapped native token has an empty list', () => {
    expect(getSwapTokenList({ chain: chain('devnet') })).toEqual([]);
  });
});
