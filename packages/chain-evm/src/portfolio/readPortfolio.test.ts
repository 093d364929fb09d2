import { erc4626Abi, erc20Abi, mintToken, wethAbi, waitMined } from '@org/devnet';
import { Contract, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { priceInNative } from '../gateway/steps/priceInNative.js';
import { devnetTokenList } from '../swap/devnetTokenList.js';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { readPortfolio } from './readPortfolio.js';
import type { PortfolioTokenInput } from './types.js';

// A wallet holding ETH, WETH, USDC (6), WBTC (8), DAI (18), vault shares, a pool-less and a thin-pool token. Every
// expectation is read from the chain with a separate provider (balances, convertToAssets) or from the pricing module.
const FLOOR = parseEther('10');
let env: SwapDevnet;
let reader: JsonRpcProvider;
let owner: Address;
let tokens: PortfolioTokenInput[];

beforeAll(async () => {
  env = await startSwapDevnet();
  reader = new JsonRpcProvider(env.devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  const account = env.devnet.manifest.accounts[8]!;
  owner = account.address as Address;
  const signer = new Wallet(account.privateKey, reader);
  const { contracts, tokens: t } = env.devnet.manifest;
  const all = t as unknown as Record<string, { address: Address }>;
  await waitMined(
    new Contract(contracts.weth, wethAbi, signer).getFunction('deposit')({ value: parseEther('2') }),
  );
  await mintToken({ devnet: env.devnet, token: t.usdc, to: owner, amount: 6_050_000_000n });
  await mintToken({ devnet: env.devnet, token: t.wbtc, to: owner, amount: 50_000_000n });
  await mintToken({ devnet: env.devnet, token: t.dai, to: owner, amount: 1_234_500_000_000_000_000_000n });
  await mintToken({ devnet: env.devnet, token: all.lonely!.address, to: owner, amount: 7n * 10n ** 18n });
  await mintToken({ devnet: env.devnet, token: all.thin!.address, to: owner, amount: 100n * 10n ** 18n });
  const usdc = new Contract(t.usdc.address, erc20Abi, signer);
  await waitMined(usdc.getFunction('approve')(t.vault.address, 1_050_000_000n));
  await waitMined(
    new Contract(t.vault.address, erc4626Abi, signer).getFunction('deposit')(1_050_000_000n, owner),
  );
  tokens = devnetTokenList({ manifest: env.devnet.manifest }).map((x) => ({
    ...(x as PortfolioTokenInput),
    kind: x.address === t.vault.address ? ('erc4626' as const) : ('erc20' as const),
  }));
});
afterAll(async () => {
  reader?.destroy();
  env?.provider.destroy();
  await env?.devnet.stop();
});

function counting() {
  const methods: string[] = [];
  return {
    methods,
    provider: {
      send: (method: string, params: unknown[]) => {
        methods.push(method);
        return env.provider.send(method, params);
      },
    },
  };
}
const balanceOf = async (token: string) =>
  (await new Contract(token, erc20Abi, reader).getFunction('balanceOf')(owner)) as bigint;

describe('readPortfolio (devnet)', () => {
  it('balances as the chain says, values from the pricing module, the vault through convertToAssets, unpriceable → null; 3 requests', async () => {
    const { tokens: t, contracts } = env.devnet.manifest;
    const all = t as unknown as Record<string, { address: Address }>;
    const { provider, methods } = counting();
    const snap = await readPortfolio({
      provider,
      chain: env.chain,
      owner,
      tokens,
      usdToken: t.usdc.address as Address,
      minLiquidityWei: FLOOR,
    });
    // Balances (1 batch), vault conversion, pricing (pools, then the V3 band sales): one Multicall3 eth_call each.
    expect(methods).toEqual(['eth_call', 'eth_call', 'eth_call', 'eth_call']);
    expect(snap.blockNumber).toBe(BigInt(await reader.getBlockNumber()));
    const by = new Map(snap.holdings.map((h) => [h.asset.address ?? 'native', h]));
    expect(snap.holdings[0]?.asset.kind).toBe('native');
    expect(by.get('native')?.balance).toBe(await reader.getBalance(owner));
    // Only what the wallet holds (zero balances omitted): native, WETH, USDC, WBTC, DAI, vault, LONE, THIN.
    expect(snap.holdings).toHaveLength(8);
    for (const h of snap.holdings.slice(1))
      expect(h.balance).toBe(await balanceOf(h.asset.address as string));

    const priced = await priceInNative({
      provider: env.provider,
      chain: env.chain,
      amounts: [
        { token: t.usdc.address as Address, amount: await balanceOf(t.usdc.address) },
        { token: t.wbtc.address as Address, amount: 50_000_000n },
        { token: t.dai.address as Address, amount: 1_234_500_000_000_000_000_000n },
        { token: t.usdc.address as Address, amount: 10n ** 12n },
      ],
      minLiquidityWei: FLOOR,
    });
    const [usdcValue, wbtcValue, daiValue, reference] = priced.items;
    expect(by.get(t.usdc.address)?.valueWei).toBe(usdcValue?.valueWei);
    expect(by.get(t.wbtc.address)?.valueWei).toBe(wbtcValue?.valueWei);
    expect(by.get(t.dai.address)?.valueWei).toBe(daiValue?.valueWei);
    expect(by.get(t.wbtc.address)?.source).toMatchObject({ kind: `uniswap-${wbtcValue?.route?.protocol}` });
    expect(by.get(contracts.weth)).toMatchObject({
      valueWei: parseEther('2'),
      priceWei: parseEther('1'),
      source: { kind: 'wrapped-native' },
    });
    expect(snap.usd?.referenceWei).toBe(reference?.valueWei);

    const shares = await balanceOf(t.vault.address);
    const assets = (await new Contract(t.vault.address, erc4626Abi, reader).getFunction('convertToAssets')(
      shares,
    )) as bigint;
    const vaultValue = await priceInNative({
      provider: env.provider,
      chain: env.chain,
      amounts: [{ token: t.usdc.address as Address, amount: assets }],
      minLiquidityWei: FLOOR,
    });
    expect(by.get(t.vault.address)).toMatchObject({
      balance: shares,
      valueWei: vaultValue.totalWei,
      source: { kind: 'erc4626', asset: t.usdc.address, assets },
    });

    for (const name of ['lonely', 'thin']) {
      const h = by.get(all[name]!.address);
      expect(h).toMatchObject({ valueWei: null, priceWei: null, valueUsdE18: null, source: null });
      expect(h?.unpricedReason).toMatch(name === 'thin' ? /liquidity floor/ : /no Uniswap/);
    }
    expect(snap.holdings.slice(-2).map((h) => h.valueWei)).toEqual([null, null]); // unpriced last
    const pricedHoldings = snap.holdings.filter((h) => h.valueWei !== null);
    expect(snap.totals).toMatchObject({
      holdings: 8,
      priced: 6,
      unpriced: 2,
      valueWei: pricedHoldings.reduce((s, h) => s + (h.valueWei as bigint), 0n),
      valueUsdE18: pricedHoldings.reduce((s, h) => s + (h.valueUsdE18 as bigint), 0n),
    });
    expect(new Set(snap.totals.unpricedAssets)).toEqual(new Set([all.lonely!.address, all.thin!.address]));
    // USD: wei × 10^6 × 10^18 / (wei of 1,000,000 USDC) — 1 ETH ≈ 3,000 USD on the devnet.
    const eth = by.get('native');
    expect(eth?.priceUsdE18).toBe((10n ** 18n * 10n ** 24n) / (reference?.valueWei as bigint));
    expect(eth?.priceUsdE18).toBeGreaterThan(2_990n * 10n ** 18n);
    expect(eth?.priceUsdE18).toBeLessThan(3_010n * 10n ** 18n);
  });

  it('batches: ceil(tokens / batchSize) balance requests (+ vault + pricing), every later batch pinned to the first block', async () => {
    const { provider, methods } = counting();
    const calls: unknown[][] = [];
    const recording = {
      send: (method: string, params: unknown[]) => {
        calls.push(params);
        return provider.send(method, params);
      },
    };
    const snap = await readPortfolio({
      provider: recording,
      chain: env.chain,
      owner,
      tokens,
      usdToken: env.devnet.manifest.tokens.usdc.address as Address,
      minLiquidityWei: FLOOR,
      batchSize: 3,
    });
    expect(methods).toHaveLength(Math.ceil(tokens.length / 3) + 3); // + vault, pricing's pools and band sales
    const pinned = `0x${snap.blockNumber.toString(16)}`;
    expect(calls[0]?.[1]).toBe('latest');
    for (const params of calls.slice(1)) expect(params[1]).toBe(pinned);
    expect(snap.totals.holdings).toBe(8);
  });

  it('includeZero lists every token (worth 0, with its unit price); an address that is not a token is unreadable; no vault held → no vault request', async () => {
    const stranger = env.devnet.manifest.accounts[9]!.address as Address;
    const { provider, methods } = counting();
    const empty = env.devnet.manifest.accounts[5]!.address as Address;
    const snap = await readPortfolio({
      provider,
      chain: env.chain,
      owner: empty,
      tokens: [...tokens, { address: stranger }],
      usdToken: env.devnet.manifest.tokens.usdc.address as Address,
      minLiquidityWei: FLOOR,
      includeZero: true,
    });
    expect(snap.unreadable).toEqual([{ token: stranger, reason: 'decimals() did not answer' }]);
    const honey = snap.holdings.find((h) => h.asset.symbol === 'HONEY');
    expect(honey).toMatchObject({ balance: 0n, valueWei: 0n });
    expect(honey?.priceWei).toBeGreaterThan(0n);
    expect(snap.holdings).toHaveLength(tokens.length + 1);
    // Zero shares are still converted (to show a price per share): balances, vault, pricing (pools, band sales).
    expect(methods).toHaveLength(4);
    const noZero = counting();
    await readPortfolio({
      provider: noZero.provider,
      chain: env.chain,
      owner: empty,
      tokens,
      usdToken: null,
      minLiquidityWei: FLOOR,
    });
    // Nothing held but ETH and no USD route: the balance batch only.
    expect(noZero.methods).toHaveLength(1);
  });

  it('a chain without pricing contracts: ERC-20 values are null with the reason, ETH still counts; USD is null', async () => {
    const bare = { ...env.chain, contracts: { ...env.chain.contracts, uniswapV2: null, uniswapV3: null } };
    const snap = await readPortfolio({
      provider: env.provider,
      chain: bare,
      owner,
      tokens,
      usdToken: env.devnet.manifest.tokens.usdc.address as Address,
      minLiquidityWei: FLOOR,
    });
    const usdc = snap.holdings.find((h) => h.asset.symbol === 'USDC');
    expect(usdc).toMatchObject({ valueWei: null });
    expect(usdc?.unpricedReason).toMatch(/no pricing configuration/);
    expect(snap.usd).toMatchObject({ referenceWei: null });
    expect(snap.totals.valueUsdE18).toBeNull();
    expect(snap.totals.valueWei).toBe((await reader.getBalance(owner)) + parseEther('2'));
  });
});
