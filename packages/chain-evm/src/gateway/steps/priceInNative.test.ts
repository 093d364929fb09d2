import { uniswapV2RouterAbi, waitMined } from '@org/devnet';
import { Contract, parseEther, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { multicall3Interface } from '../../multicall/multicall3Interface.js';
import { type SwapDevnet, startSwapDevnet } from '../../swap/testing/startSwapDevnet.js';
import { PRICING_TOKENS_PER_REQUEST, priceInNative } from './priceInNative.js';

let env: SwapDevnet;
beforeAll(async () => {
  env = await startSwapDevnet();
});
afterAll(async () => {
  env?.provider.destroy();
  await env?.devnet.stop();
});

describe('priceInNative (devnet)', () => {
  it('a token listed twice is probed once and each amount is valued on its own, from the route it reports', async () => {
    const usdc = env.devnet.manifest.tokens.usdc.address as Address;
    const sent: number[] = [];
    const counting = {
      send: (method: string, params: unknown[]) => {
        const [calls] = multicall3Interface.decodeFunctionData(
          'aggregate3',
          (params[0] as { data: string }).data,
        ) as unknown as [unknown[]];
        sent.push(calls.length);
        return env.provider.send(method, params);
      },
    };
    const floor = parseEther('10');
    const both = await priceInNative({
      provider: counting,
      chain: env.chain,
      amounts: [
        { token: usdc, amount: 123_456_789n },
        { token: usdc, amount: 10n ** 6n },
      ],
      minLiquidityWei: floor,
    });
    // The block number, one V2 pair (getReserves) + three V3 pools (slot0, liquidity and observe each): 11 calls for
    // the one token; then the band sale of each V3 pool that passed the other rules (the devnet's two USDC pools).
    expect(sent).toEqual([11, 2]);
    for (const [i, amount] of [123_456_789n, 10n ** 6n].entries()) {
      const alone = await priceInNative({
        provider: env.provider,
        chain: env.chain,
        amounts: [{ token: usdc, amount }],
        minLiquidityWei: floor,
      });
      expect(both.items[i]?.valueWei).toBe(alone.totalWei);
      const route = both.items[i]?.route;
      expect(route?.valueWei).toBe(alone.totalWei);
      expect(
        both.items[i]?.routes.filter((r) => r.usable).every((r) => r.valueWei <= (route?.valueWei ?? -1n)),
      ).toBe(true);
    }
    expect(both.totalWei).toBe((both.items[0]?.valueWei as bigint) + (both.items[1]?.valueWei as bigint));
  });

  it('blockTag reads the pools at that block (a later swap does not change the price read there)', async () => {
    const snapshot = await env.devnet.snapshot();
    try {
      const { contracts, tokens } = env.devnet.manifest;
      const wbtc = tokens.wbtc.address as Address;
      const at = BigInt(await env.provider.getBlockNumber());
      const amounts = [{ token: wbtc, amount: 10n ** 8n }];
      const before = await priceInNative({
        provider: env.provider,
        chain: env.chain,
        amounts,
        minLiquidityWei: 1n,
      });
      const trader = new Wallet(env.devnet.manifest.accounts[4]!.privateKey, env.provider);
      const router = new Contract(contracts.uniswapV2Router02, uniswapV2RouterAbi, trader);
      await waitMined(
        router.getFunction('swapExactETHForTokens')(0n, [contracts.weth, wbtc], trader.address, 2n ** 40n, {
          value: parseEther('50'),
        }),
      );
      const after = await priceInNative({
        provider: env.provider,
        chain: env.chain,
        amounts,
        minLiquidityWei: 1n,
      });
      const pinned = await priceInNative({
        provider: env.provider,
        chain: env.chain,
        amounts,
        minLiquidityWei: 1n,
        blockTag: at,
      });
      expect(after.totalWei).not.toBe(before.totalWei);
      expect(pinned.totalWei).toBe(before.totalWei);
    } finally {
      await env.devnet.revert(snapshot);
    }
  });

  it('more distinct tokens than tokensPerRequest (default PRICING_TOKENS_PER_REQUEST = 300): parallel requests, the same values', async () => {
    expect(PRICING_TOKENS_PER_REQUEST).toBe(300);
    const { usdc, dai, wbtc, thin } = env.devnet.manifest.tokens;
    const tokens = [usdc, dai, wbtc, thin].map((t) => t.address as Address);
    const sizes: number[] = [];
    const counting = {
      send: (method: string, params: unknown[]) => {
        const [calls] = multicall3Interface.decodeFunctionData(
          'aggregate3',
          (params[0] as { data: string }).data,
        ) as unknown as [unknown[]];
        sizes.push(calls.length);
        return env.provider.send(method, params);
      },
    };
    const amounts = [...tokens, usdc.address as Address].map((token) => ({ token, amount: 10n ** 6n }));
    const base = { chain: env.chain, amounts, minLiquidityWei: parseEther('10') };
    const split = await priceInNative({ ...base, provider: counting, tokensPerRequest: 3 });
    // 4 distinct tokens, 10 calls each (+ the block number per request), then the usable V3 pools' band sales.
    expect(sizes.slice(0, 2).sort((a, b) => b - a)).toEqual([31, 11]);
    const bandSales = sizes.slice(2).reduce((n, k) => n + k, 0);
    sizes.length = 0;
    const whole = await priceInNative({ ...base, provider: counting });
    expect(sizes).toEqual([41, bandSales]);
    expect(split).toEqual(whole);
    expect(whole.items.map((i) => i.valueWei === null)).toEqual([false, false, false, true, false]);
    await expect(priceInNative({ ...base, provider: counting, tokensPerRequest: 0 })).rejects.toMatchObject({
      code: 'INVALID_PRICING_PARAMETER',
    });
  });

  it('without pools configured: WETH is still 1:1 and a zero amount 0, any other token unknown', async () => {
    const bare = { ...env.chain, contracts: { ...env.chain.contracts, uniswapV2: null, uniswapV3: null } };
    const weth = env.devnet.manifest.contracts.weth as Address;
    const priced = await priceInNative({
      provider: { send: () => Promise.reject(new Error('no request expected')) },
      chain: bare,
      amounts: [
        { token: weth, amount: 5n },
        { token: env.devnet.manifest.tokens.dai.address as Address, amount: 0n },
        { token: env.devnet.manifest.tokens.usdc.address as Address, amount: 1n },
      ],
      minLiquidityWei: 1n,
    });
    expect(priced.items.map((i) => i.valueWei)).toEqual([5n, 0n, null]);
    expect(priced.totalWei).toBeNull();
    expect(priced.reason).toMatch(/no pricing configuration/);
  });
});
