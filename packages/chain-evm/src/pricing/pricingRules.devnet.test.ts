import {
  type AttackerPoolVariant,
  createAttackerPool,
  listOnUsdcOnly,
  uniswapV3SwapRouterAbi,
  waitMined,
  wethAbi,
} from '@org/devnet';
import { Contract, JsonRpcProvider, MaxUint256, parseEther, Wallet } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Address, ChainInfo } from '../chains/chains.js';
import { priceInNative } from '../gateway/steps/priceInNative.js';
import { quoteSwap } from '../swap/quoteSwap.js';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { sqrtRatioAtTick } from './sqrtRatioAtTick.js';

// The pricing rules against the review's scenarios, on the devnet. Pool state is read with a separate provider.
let env: SwapDevnet;
let reader: JsonRpcProvider;
let snap: string;
const FLOOR = parseEther('10');

beforeAll(async () => {
  env = await startSwapDevnet();
  reader = new JsonRpcProvider(env.devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
});
beforeEach(async () => {
  snap = await env.devnet.snapshot();
});
afterEach(async () => {
  await env.devnet.revert(snap);
});
afterAll(async () => {
  env?.provider.destroy();
  reader?.destroy();
  await env?.devnet.stop();
});

const wethBalanceOf = (holder: string) =>
  new Contract(env.devnet.manifest.contracts.weth, wethAbi, reader).getFunction('balanceOf')(
    holder,
  ) as Promise<bigint>;

describe("the attacker's X/WETH 1% pool priced near zero (X is liquid only against USDC)", () => {
  for (const variant of ['out-of-range', 'transfer'] as const satisfies readonly AttackerPoolVariant[]) {
    it(`${variant}: ≥ 10 WETH in the pool, yet X is unknown to pricing and quoteSwap has no route X → ETH`, async () => {
      const x = await listOnUsdcOnly(env);
      const held = 100_000n * 10n ** 18n; // ≈ 3.3 WETH at the USDC price
      const amounts = [{ token: x, amount: held }];
      // Before the attack: no pool against WETH, so no price and no route.
      expect(
        (await priceInNative({ provider: env.provider, chain: env.chain, amounts, minLiquidityWei: FLOOR }))
          .totalWei,
      ).toBeNull();
      await expect(
        quoteSwap({
          provider: env.provider,
          chain: env.chain,
          tokenIn: x,
          tokenOut: 'native',
          amountIn: held,
        }),
      ).rejects.toMatchObject({ code: 'NO_ROUTE' });

      const pool = await createAttackerPool({ ...env, token: x, variant });
      expect(await wethBalanceOf(pool)).toBeGreaterThanOrEqual(FLOOR); // what the old rule counted as liquidity

      // (a) Not a price source: X stays unknown (VALUE_UNKNOWN), never ≈ 0.
      const priced = await priceInNative({
        provider: env.provider,
        chain: env.chain,
        amounts,
        minLiquidityWei: FLOOR,
      });
      expect(priced.totalWei).toBeNull();
      const route = priced.items[0]?.routes.find((r) => r.pool.toLowerCase() === pool.toLowerCase());
      expect(route).toMatchObject({ protocol: 'v3', fee: 10_000, usable: false, rejection: 'shallow' });
      expect(route?.liquidityWei).toBeLessThan(parseEther('0.001')); // its depth: nothing tradable at its price
      expect(route?.valueWei).toBeLessThan(parseEther('0.001')); // the price it would have charged
      expect(priced.reason).toMatch(/depth/);

      // (b) Not a route: selling the whole X for ETH finds no route, and its quote never names the pool.
      await expect(
        quoteSwap({
          provider: env.provider,
          chain: env.chain,
          tokenIn: x,
          tokenOut: 'native',
          amountIn: held,
        }),
      ).rejects.toMatchObject({ code: 'NO_ROUTE', details: expect.stringMatching(/1 through a pool/) });
      // X → USDC still routes, through the deep X/USDC pair (the depth rule is not a blanket refusal).
      const toUsdc = await quoteSwap({
        provider: env.provider,
        chain: env.chain,
        tokenIn: x,
        tokenOut: env.devnet.manifest.tokens.usdc.address,
        amountIn: held,
      });
      expect(toUsdc.route).toMatchObject({
        protocol: 'v2',
        path: [x, env.devnet.manifest.tokens.usdc.address],
      });
      expect(toUsdc.candidates.flatMap((c) => c.route.pools).map((p) => p?.toLowerCase())).not.toContain(
        pool.toLowerCase(),
      );
    });
  }

  it('fresh-in-range: 500 WETH really in range (deep enough), but the pool is new: no TWAP for the window → not a source', async () => {
    const x = await listOnUsdcOnly(env);
    const pool = await createAttackerPool({ ...env, token: x, variant: 'fresh-in-range' });
    const priced = await priceInNative({
      provider: env.provider,
      chain: env.chain,
      amounts: [{ token: x, amount: 10n ** 18n }],
      minLiquidityWei: FLOOR,
    });
    expect(priced.totalWei).toBeNull();
    const route = priced.items[0]?.routes.find((r) => r.pool.toLowerCase() === pool.toLowerCase());
    expect(route).toMatchObject({ usable: false, rejection: 'twap-unavailable', twapDeviationBps: null });
    expect(route?.liquidityWei).toBeGreaterThan(FLOOR);
    expect(priced.reason).toMatch(/no TWAP over 1800 s/);
  });
});

describe('the TWAP bound', () => {
  const v3Only = (): ChainInfo => ({ ...env.chain, contracts: { ...env.chain.contracts, uniswapV2: null } });

  async function pushUsdcPools(wethIn: bigint): Promise<void> {
    const { contracts, tokens, accounts } = env.devnet.manifest;
    const trader = new Wallet(accounts[5]!.privateKey, env.provider);
    const router = new Contract(contracts.uniswapV3SwapRouter, uniswapV3SwapRouterAbi, trader);
    const weth = new Contract(contracts.weth, wethAbi, trader);
    await waitMined(weth.getFunction('deposit')({ value: wethIn * 2n }));
    await waitMined(weth.getFunction('approve')(contracts.uniswapV3SwapRouter, MaxUint256));
    for (const fee of [3000, 500]) {
      const params = [contracts.weth, tokens.usdc.address, fee, trader.address, MaxUint256, wethIn, 0n, 0n];
      const gas = await router.getFunction('exactInputSingle').estimateGas(params);
      await waitMined(router.getFunction('exactInputSingle')(params, { gasLimit: (gas * 3n) / 2n }));
    }
  }

  it("a big swap moves both V3 USDC pools' spot ~20% off their 30-minute TWAP: neither is a source any more", async () => {
    const usdc = env.devnet.manifest.tokens.usdc.address as Address;
    const amounts = [{ token: usdc, amount: 1_000n * 10n ** 6n }];
    const before = await priceInNative({
      provider: env.provider,
      chain: v3Only(),
      amounts,
      minLiquidityWei: FLOOR,
    });
    expect(before.totalWei).not.toBeNull();
    // Untouched for two hours: spot on the TWAP (within the mean tick's rounding: ≤ 1 bps).
    expect(before.items[0]?.routes.map((r) => [r.fee, r.rejection])).toEqual([
      [500, null],
      [3000, null],
    ]);
    for (const r of before.items[0]?.routes ?? []) expect(r.twapDeviationBps).toBeLessThanOrEqual(1n);
    await pushUsdcPools(parseEther('100')); // 100 WETH into each (1,000 and 500 WETH deep): USDC ≈ 20% / 40% dearer
    const after = await priceInNative({
      provider: env.provider,
      chain: v3Only(),
      amounts,
      minLiquidityWei: FLOOR,
    });
    for (const route of after.items[0]?.routes ?? []) {
      expect(route.rejection).toBe('twap-deviation');
      expect(route.twapDeviationBps).toBeGreaterThan(1_500n);
    }
    expect(after.items[0]?.routes).toHaveLength(2);
    expect(after.totalWei).toBeNull(); // the only sources left deviate: unknown, never the pushed spot
    expect(after.reason).toMatch(/bps from its TWAP \(bound 500\)/);
    // A wider bound accepts them again, at the pushed spot.
    const loose = await priceInNative({
      provider: env.provider,
      chain: v3Only(),
      amounts,
      minLiquidityWei: FLOOR,
      maxTwapDeviationBps: 10_000,
    });
    expect(loose.totalWei).toBeGreaterThan(before.totalWei as bigint);
    // With V2 configured, its pair (untouched) still prices USDC.
    const withV2 = await priceInNative({
      provider: env.provider,
      chain: env.chain,
      amounts,
      minLiquidityWei: FLOOR,
    });
    expect(withV2.items[0]?.route?.protocol).toBe('v2');
  });

  it('the tick read from the pools agrees with TickMath: sqrtRatioAtTick(tick) ≤ sqrtPriceX96 < sqrtRatioAtTick(tick + 1)', async () => {
    const abi = [
      'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16, uint16, uint16, uint8, bool)',
    ];
    for (const pool of Object.values(env.devnet.manifest.pools.v3)) {
      const { sqrtPriceX96, tick } = (await new Contract(pool.address, abi, reader).getFunction(
        'slot0',
      )()) as {
        sqrtPriceX96: bigint;
        tick: bigint;
      };
      expect(sqrtRatioAtTick(Number(tick)) <= sqrtPriceX96).toBe(true);
      expect(sqrtPriceX96 < sqrtRatioAtTick(Number(tick) + 1)).toBe(true);
    }
  });
});
