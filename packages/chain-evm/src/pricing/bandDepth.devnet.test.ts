import { createEdgePool, listOnUsdcOnly, uniswapV3SwapRouterAbi, waitMined, wethAbi } from '@org/devnet';
import { Contract, JsonRpcProvider, MaxUint256, parseEther, Wallet } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Address, ChainInfo } from '../chains/chains.js';
import { priceInNative } from '../gateway/steps/priceInNative.js';
import { quoteSwap } from '../swap/quoteSwap.js';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { depthWithinBand } from './depthWithinBand.js';
import { v3VirtualReserves } from './v3VirtualReserves.js';

// The second review's G1 on the devnet: a position whose range ends at the spot is in `liquidity()` yet pays a sale
// nothing. Depth is what a sale across the band pays (QuoterV2), so such a pool neither prices nor routes. Pool
// state and balances are read with a separate provider.
let env: SwapDevnet;
let reader: JsonRpcProvider;
let snap: string;
const FLOOR = parseEther('10');
const poolAbi = [
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16, uint16, uint16, uint8, bool)',
  'function liquidity() view returns (uint128)',
];

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

const wethHeldBy = (holder: string) =>
  new Contract(env.devnet.manifest.contracts.weth, wethAbi, reader).getFunction('balanceOf')(
    holder,
  ) as Promise<bigint>;

/** What the old rule counted: the in-range `liquidity()` extrapolated over the band (WETH is token1 here). */
async function inRangeEstimate(pool: string): Promise<bigint> {
  const contract = new Contract(pool, poolAbi, reader);
  const [{ sqrtPriceX96 }, liquidity] = (await Promise.all([
    contract.getFunction('slot0')(),
    contract.getFunction('liquidity')(),
  ])) as [{ sqrtPriceX96: bigint }, bigint];
  const { reserve1 } = v3VirtualReserves({ liquidity, sqrtPriceX96 });
  return depthWithinBand({ reserve: reserve1, bandBps: 500 });
}

describe('a V3 pool whose only in-range position ends at the spot (G1)', () => {
  it('sell side: X/WETH 0.05% at 10⁻⁹ WETH per X, untraded 31 minutes (TWAP met) → X has no price and no route to ETH', async () => {
    const x = await listOnUsdcOnly(env);
    const { pool } = await createEdgePool({
      ...env,
      token: x,
      fee: 500,
      wethWei: 1n,
      perTokenUnits: 10n ** 9n,
      edgeTokenAmount: 10n ** 27n,
      catcherWei: parseEther('0.01'),
    });
    // The old measure saw ≥ 10 WETH of depth; the pool holds 0.01 WETH, all of it in the catcher past the edge.
    expect(await inRangeEstimate(pool)).toBeGreaterThanOrEqual(FLOOR);
    expect(await wethHeldBy(pool)).toBe(parseEther('0.01'));
    await env.provider.send('evm_increaseTime', [1_860]);
    await env.provider.send('evm_mine', []);

    const amounts = [{ token: x, amount: 1_000_000n * 10n ** 18n }];
    const priced = await priceInNative({
      provider: env.provider,
      chain: env.chain,
      amounts,
      minLiquidityWei: FLOOR,
    });
    expect(priced.totalWei).toBeNull();
    const route = priced.items[0]?.routes.find((r) => r.pool.toLowerCase() === pool.toLowerCase());
    // The TWAP is met (an untraded pool's spot is its TWAP): the depth alone refuses it.
    expect(route).toMatchObject({ protocol: 'v3', fee: 500, usable: false, rejection: 'shallow' });
    expect(route?.twapDeviationBps).toBeLessThanOrEqual(1n);
    // What a sale across the band pays: at most the catcher's WETH, never the edge's virtual reserve.
    expect(route?.liquidityWei).toBeLessThanOrEqual(parseEther('0.01'));
    await expect(
      quoteSwap({
        provider: env.provider,
        chain: env.chain,
        tokenIn: x,
        tokenOut: 'native',
        amountIn: amounts[0]!.amount,
      }),
    ).rejects.toMatchObject({
      code: 'NO_ROUTE',
      details: expect.stringMatching(/1 through a pool that is no price source/),
    });
  });

  it('buy side: THIN/WETH 1% at 100× its market, holding 0 WETH → ETH → THIN has no route (the shallow V2 pair neither)', async () => {
    const thin = env.devnet.manifest.tokens.thin.address as Address;
    const request = {
      provider: env.provider,
      chain: env.chain,
      tokenIn: 'native',
      tokenOut: thin,
      amountIn: parseEther('0.04'),
    } as const;
    await expect(quoteSwap(request)).rejects.toMatchObject({ code: 'NO_ROUTE' });
    const { pool } = await createEdgePool({
      ...env,
      token: thin,
      fee: 10_000,
      wethWei: 10n ** 17n, // 1 THIN = 0.1 WETH (its V2 pair: 0.001)
      perTokenUnits: 10n ** 18n,
      edgeTokenAmount: 10_000n * 10n ** 18n,
      catcherWei: 0n,
    });
    expect(await wethHeldBy(pool)).toBe(0n);
    expect(await inRangeEstimate(pool)).toBeGreaterThanOrEqual(FLOOR);
    await expect(quoteSwap(request)).rejects.toMatchObject({ code: 'NO_ROUTE' });
    // Even 31 minutes later, with its TWAP met: a pool that pays no WETH has no depth.
    await env.provider.send('evm_increaseTime', [1_860]);
    await env.provider.send('evm_mine', []);
    await expect(quoteSwap(request)).rejects.toMatchObject({ code: 'NO_ROUTE' });
    const priced = await priceInNative({
      provider: env.provider,
      chain: env.chain,
      amounts: [{ token: thin, amount: 10n ** 18n }],
      minLiquidityWei: FLOOR,
    });
    const route = priced.items[0]?.routes.find((r) => r.pool.toLowerCase() === pool.toLowerCase());
    expect(route).toMatchObject({ usable: false, rejection: 'shallow', liquidityWei: 0n });
  });

  it('a real pool keeps its depth: the devnet USDC/WETH pools are priced by what a band sale pays, close to the in-range estimate', async () => {
    const usdc = env.devnet.manifest.tokens.usdc.address as Address;
    const priced = await priceInNative({
      provider: env.provider,
      chain: { ...env.chain, contracts: { ...env.chain.contracts, uniswapV2: null } },
      amounts: [{ token: usdc, amount: 10n ** 9n }],
      minLiquidityWei: FLOOR,
    });
    expect(priced.totalWei).not.toBeNull();
    for (const route of priced.items[0]?.routes ?? []) {
      expect(route.usable).toBe(true);
      const estimate = await inRangeEstimateFor(route.pool, usdc);
      // Full-range liquidity: the band sale pays the estimate, less rounding (never more).
      expect(route.liquidityWei).toBeLessThanOrEqual(estimate);
      expect(route.liquidityWei).toBeGreaterThan((estimate * 999n) / 1_000n);
    }
  });
});

/** The in-range estimate for a pool where WETH may be either token. */
async function inRangeEstimateFor(pool: string, token: Address): Promise<bigint> {
  const contract = new Contract(pool, poolAbi, reader);
  const [{ sqrtPriceX96 }, liquidity] = (await Promise.all([
    contract.getFunction('slot0')(),
    contract.getFunction('liquidity')(),
  ])) as [{ sqrtPriceX96: bigint }, bigint];
  const { reserve0, reserve1 } = v3VirtualReserves({ liquidity, sqrtPriceX96 });
  const wethIsToken0 = BigInt(env.devnet.manifest.contracts.weth) < BigInt(token);
  return depthWithinBand({ reserve: wethIsToken0 ? reserve0 : reserve1, bandBps: 500 });
}

describe('routes go only through price sources: the TWAP rule too (G1/G7)', () => {
  it('a big swap pushes both V3 USDC pools ~20% off their TWAP: deep as they are, they no longer carry a V3 route', async () => {
    const usdc = env.devnet.manifest.tokens.usdc.address as Address;
    const v3Only: ChainInfo = { ...env.chain, contracts: { ...env.chain.contracts, uniswapV2: null } };
    const request = {
      provider: env.provider,
      chain: v3Only,
      tokenIn: 'native',
      tokenOut: usdc,
      amountIn: parseEther('1'),
    } as const;
    expect((await quoteSwap(request)).route.protocol).toBe('v3');
    const { contracts, tokens, accounts } = env.devnet.manifest;
    const trader = new Wallet(accounts[5]!.privateKey, env.provider);
    const router = new Contract(contracts.uniswapV3SwapRouter, uniswapV3SwapRouterAbi, trader);
    const weth = new Contract(contracts.weth, wethAbi, trader);
    await waitMined(weth.getFunction('deposit')({ value: parseEther('200') }));
    await waitMined(weth.getFunction('approve')(contracts.uniswapV3SwapRouter, MaxUint256));
    for (const fee of [3000, 500]) {
      const params = [
        contracts.weth,
        tokens.usdc.address,
        fee,
        trader.address,
        MaxUint256,
        parseEther('100'),
        0n,
        0n,
      ];
      const gas = await router.getFunction('exactInputSingle').estimateGas(params);
      await waitMined(router.getFunction('exactInputSingle')(params, { gasLimit: (gas * 3n) / 2n }));
    }
    await expect(quoteSwap(request)).rejects.toMatchObject({ code: 'NO_ROUTE' });
    // A wider TWAP bound lets them carry it again: the refusal is the TWAP rule's.
    expect((await quoteSwap({ ...request, maxTwapDeviationBps: 10_000 })).route.protocol).toBe('v3');
  });
});
