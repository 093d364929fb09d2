import { describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { uniswapPoolAddress } from './uniswapPoolAddress.js';

// Mainnet: the canonical factories and two well-known pools.
const V2_FACTORY = '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f' as Address;
const V3_FACTORY = '0x1F98431c8aD98523631AE4a59f267346ea31F984' as Address;
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as Address;
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' as Address;

describe('uniswapPoolAddress', () => {
  it('gives the canonical USDC/WETH V2 pair and 0.05% V3 pool, in either token order, again from memory', () => {
    for (let i = 0; i < 2; i++) {
      expect(uniswapPoolAddress({ protocol: 'v2', factory: V2_FACTORY, tokenA: USDC, tokenB: WETH })).toBe(
        '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc',
      );
      expect(
        uniswapPoolAddress({ protocol: 'v3', factory: V3_FACTORY, tokenA: WETH, tokenB: USDC, fee: 500 }),
      ).toBe('0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640');
    }
    // Lower-case input, the same pool; another tier, another pool.
    expect(
      uniswapPoolAddress({
        protocol: 'v3',
        factory: V3_FACTORY.toLowerCase() as Address,
        tokenA: USDC.toLowerCase() as Address,
        tokenB: WETH.toLowerCase() as Address,
        fee: 500,
      }),
    ).toBe('0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640');
    expect(
      uniswapPoolAddress({ protocol: 'v3', factory: V3_FACTORY, tokenA: USDC, tokenB: WETH, fee: 3000 }),
    ).toBe('0x8ad599c3A0ff1De082011EFDDc58f1908eb6e6D8');
  });
});
