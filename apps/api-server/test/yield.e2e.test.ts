import { devnetTokenList } from '@org/chain-evm';
import {
  compileContracts,
  erc20Abi,
  erc4626Abi,
  mintToken,
  type StartDevnetReturnType,
  startDevnet,
  waitMined,
} from '@org/devnet';
import { Contract, ContractFactory, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  YieldBestDto,
  YieldCompareDto,
  YieldOpportunitiesDto,
  YieldOpportunityDto,
  YieldPortfolioDto,
  YieldPositionDto,
} from '../src/dto/yield.js';
import {
  fixturePool,
  fixturePoolId,
  fixtureTokenAddress,
} from '../src/yield/testing/generateDefiLlamaPools.js';
import { type DefiLlamaFixture, startDefiLlamaFixture } from '../src/yield/testing/startDefiLlamaFixture.js';
import { getJson } from './helpers/getJson.js';
import { poolValue } from './helpers/poolValue.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// /yield/* over HTTP: the devnet's three USDC vaults (plain, fee, capped) as YIELD_VAULTS_DEVNET, a DefiLlama fixture
// on 127.0.0.1, token-safety providers that are not there (GoPlus/DexScreener unreachable: only the on-chain
// simulation speaks, so mainnet pools' tokens stay unknown). Every figure is checked against the chain read with a
// fresh provider, and prices against the pools themselves.
const FLOOR = parseEther('10'); // PRICING_MIN_LIQUIDITY_ETH default
const ONE_SHARE = 1_000_000n;
const ETHEREUM_USDC = 'Ethereum USDC';
let devnet: StartDevnetReturnType;
let llama: DefiLlamaFixture;
let server: TestServer;
let reader: JsonRpcProvider;
let wallet: `0x${string}`;
/** A DAI vault deployed by the test, listed only as a portfolio token (PORTFOLIO_TOKENS_DEVNET): found, not configured. */
let daiVault: `0x${string}`;
const llamaPools = [
  fixturePool({
    pool: fixturePoolId(9, 1),
    chain: 'Ethereum',
    project: 'aave-v3',
    symbol: 'USDC',
    apy: 9,
    apyBase: 9,
    apyMean30d: 9,
    poolMeta: ETHEREUM_USDC,
  }),
  fixturePool({
    pool: fixturePoolId(9, 2),
    chain: 'Solana',
    project: 'kamino',
    symbol: 'USDC',
    apy: 12,
    apyBase: 12,
    apyMean30d: 12,
    underlyingTokens: ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
  }),
  fixturePool({
    pool: fixturePoolId(9, 3),
    chain: 'Arbitrum',
    project: 'curve-dex',
    symbol: 'WETH-WBTC',
    exposure: 'multi',
    stablecoin: false,
    underlyingTokens: [fixtureTokenAddress(1), fixtureTokenAddress(2)],
  }),
  fixturePool({
    pool: fixturePoolId(9, 4),
    chain: 'Base',
    project: 'moonwell',
    symbol: 'USDC',
    outlier: true,
    apy: 300,
  }),
];

beforeAll(async () => {
  devnet = await startDevnet();
  llama = await startDefiLlamaFixture({ pools: llamaPools });
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  const { contracts: c, tokens: t } = devnet.manifest;
  const account = devnet.manifest.accounts[4]!;
  wallet = account.address;
  const signer = new Wallet(account.privateKey, reader);
  // The wallet's own deposits, made outside the service (so the journal has none of them).
  await mintToken({ devnet, token: t.usdc, to: wallet, amount: 5_000_000_000n });
  for (const [vault, assets] of [
    [t.vault.address, 1_050_000_000n],
    [t.feeVault.address, 500_000_000n],
  ] as const) {
    await waitMined(new Contract(t.usdc.address, erc20Abi, signer).getFunction('approve')(vault, assets));
    await waitMined(new Contract(vault, erc4626Abi, signer).getFunction('deposit')(assets, wallet));
  }
  const { contracts: compiled } = await compileContracts({});
  const deployed = await new ContractFactory(
    compiled.DevnetVault.abi as never,
    compiled.DevnetVault.bytecode,
    signer,
  ).deploy(t.dai.address, 'Test DAI Vault', 'tvDAI');
  await waitMined(deployed.deploymentTransaction()!);
  daiVault = (await deployed.getAddress()) as `0x${string}`;
  await mintToken({ devnet, token: t.dai, to: wallet, amount: 100n * 10n ** 18n });
  await waitMined(
    new Contract(t.dai.address, erc20Abi, signer).getFunction('approve')(daiVault, 100n * 10n ** 18n),
  );
  await waitMined(
    new Contract(daiVault, erc4626Abi, signer).getFunction('deposit')(100n * 10n ** 18n, wallet),
  );
  server = await startTestServer(
    {
      RPC_URL_DEVNET: devnet.rpcUrl,
      DEFAULT_CHAIN: 'devnet',
      UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
      UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
      WALLET_PRIVATE_KEY: account.privateKey,
      PORTFOLIO_USD_TOKEN_DEVNET: t.usdc.address,
      PORTFOLIO_TOKENS_DEVNET: daiVault,
      YIELD_VAULTS_DEVNET: [t.vault.address, t.feeVault.address, t.cappedVault.address].join(','),
      YIELD_DEFILLAMA_BASE_URL: llama.url,
      YIELD_POOLS_TTL_SECONDS: '1',
      YIELD_STALE_MAX_SECONDS: '4',
      YIELD_MIN_TVL_USD: '10000',
      YIELD_MIN_HISTORY_DAYS: '1',
      YIELD_SAMPLE_INTERVAL_SECONDS: '1',
      GOPLUS_BASE_URL: 'http://127.0.0.1:9',
      DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
      RPC_TIMEOUT_MS: '5000',
    },
    { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
});
afterAll(async () => {
  reader?.destroy();
  await server?.close();
  await llama?.close();
  await devnet?.stop();
});

const get = <T>(path: string, status = 200) => getJson<T>(server, path, status);
const vaultAt = (address: string) => new Contract(address, erc4626Abi, reader);
const wethValue = (token: string, amount: bigint) =>
  poolValue({ reader, contracts: devnet.manifest.contracts, token, amount, floor: FLOOR });
const onchainRow = (body: YieldOpportunitiesDto, vault: string) =>
  body.items.find((i) => i.vault === vault) as YieldOpportunityDto;

describe('GET /yield/opportunities: on-chain vaults', () => {
  it('lists the configured vaults: TVL = totalAssets priced on chain; APY null until two samples a day apart, then the share-price growth', async () => {
    const { tokens: t } = devnet.manifest;
    const first = await until('the first share-price sample', async () => {
      const body = await get<YieldOpportunitiesDto>('/yield/opportunities?source=onchain');
      const row = onchainRow(body, t.vault.address);
      return row?.vaultDetails?.lastSampleAt ? { body, row } : undefined;
    });
    expect(first.body.provider.status).toBe('not-used');
    expect(first.body.items.map((i) => i.vault).sort()).toEqual(
      [t.vault.address, t.feeVault.address, t.cappedVault.address].sort(),
    );
    const row = first.row;
    const v = vaultAt(t.vault.address);
    const totalAssets = (await v.getFunction('totalAssets')()) as bigint;
    expect(row.vaultDetails).toMatchObject({
      asset: t.usdc.address,
      assetDecimals: 6,
      totalAssets: { amountBase: totalAssets.toString() },
      assetsPerShare: {
        amountBase: ((await v.getFunction('convertToAssets')(ONE_SHARE)) as bigint).toString(),
      },
      samples: 1,
      apyReason: 'needs two share-price samples at least a day apart',
    });
    expect(row.vaultDetails?.tvl.eth?.wei).toBe((await wethValue(t.usdc.address, totalAssets))?.toString());
    expect(row.apy).toBeNull();
    expect(row).toMatchObject({
      id: `onchain:31337:${t.vault.address}`,
      source: 'onchain',
      chain: { id: 31337, name: 'devnet' },
      underlyingTokens: [t.usdc.address.toLowerCase()],
    });
    const usdPerUsdc = Number(row.vaultDetails?.tvl.usd) / (Number(totalAssets) / 1e6);
    expect(usdPerUsdc).toBeGreaterThan(0.99);
    expect(usdPerUsdc).toBeLessThan(1.01);

    // A day later (chain time), a donation of 0.1% of its assets: the next sample measures the growth.
    const t0 = Date.parse(row.vaultDetails?.lastSampleAt as string);
    const p0 = (await v.getFunction('convertToAssets')(ONE_SHARE)) as bigint;
    await reader.send('evm_increaseTime', [86_400]);
    await mintToken({ devnet, token: t.usdc, to: t.vault.address, amount: totalAssets / 1000n });
    const p1 = (await v.getFunction('convertToAssets')(ONE_SHARE)) as bigint;
    const second = await until('the second sample', async () => {
      const r = onchainRow(
        await get<YieldOpportunitiesDto>('/yield/opportunities?source=onchain'),
        t.vault.address,
      );
      return r.vaultDetails?.samples === 2 ? r : undefined;
    });
    const t1 = Date.parse(second.vaultDetails?.lastSampleAt as string);
    const block = await reader.getBlock('latest');
    expect(t1).toBeLessThanOrEqual(block!.timestamp * 1000);
    expect(t1 - t0).toBeGreaterThanOrEqual(86_400_000);
    const expected = ((Number(p1) / Number(p0)) ** (31_536_000_000 / (t1 - t0)) - 1) * 100;
    expect(second.apy).toBeCloseTo(expected, 6);
    expect(second.apy as number).toBeGreaterThan(20);
    expect(second.historyDays).toBe(1);
    expect(second.vaultDetails?.apyReason).toBeNull();
    // The fee and capped vaults' share prices did not move: a measured 0%, never a guess.
    const fee = onchainRow(
      await get<YieldOpportunitiesDto>('/yield/opportunities?source=onchain'),
      t.feeVault.address,
    );
    expect(fee.apy).toBe(0);
  });

  it('lists DefiLlama pools beside them, filters (asset, chain, project, outliers, stablecoin, exposure, minApy), sorts and limits', async () => {
    const all = await get<YieldOpportunitiesDto>('/yield/opportunities');
    expect(all.provider).toMatchObject({ name: 'defillama', status: 'fresh', rejectedPools: 0 });
    // The outlier is left out by default.
    expect(all.items.map((i) => i.pool)).not.toContain(fixturePoolId(9, 4));
    expect(all.total).toBe(6);
    const withOutliers = await get<YieldOpportunitiesDto>(
      '/yield/opportunities?includeOutliers=true&sort=apy&limit=1',
    );
    expect(withOutliers.total).toBe(7);
    expect(withOutliers.items.map((i) => i.pool)).toEqual([fixturePoolId(9, 4)]);
    const usdc = await get<YieldOpportunitiesDto>('/yield/opportunities?asset=usdc');
    expect(usdc.items.map((i) => i.id)).toContain(`defillama:${fixturePoolId(9, 1)}`);
    expect(usdc.items.map((i) => i.pool)).not.toContain(fixturePoolId(9, 3));
    const byAddress = await get<YieldOpportunitiesDto>(
      `/yield/opportunities?asset=${devnet.manifest.tokens.usdc.address}`,
    );
    expect(byAddress.items.every((i) => i.source === 'onchain')).toBe(true);
    expect(byAddress.total).toBe(3);
    const eth = await get<YieldOpportunitiesDto>('/yield/opportunities?chain=ethereum');
    expect(eth.items.map((i) => i.poolMeta)).toEqual([ETHEREUM_USDC]);
    expect(eth.items[0]).toMatchObject({ chain: { id: 1, name: 'ethereum' }, apy: 9, historyDays: 900 });
    expect((await get<YieldOpportunitiesDto>('/yield/opportunities?project=curve-dex')).total).toBe(1);
    expect(
      (await get<YieldOpportunitiesDto>('/yield/opportunities?singleExposure=true&source=defillama')).total,
    ).toBe(2);
    expect(
      (await get<YieldOpportunitiesDto>('/yield/opportunities?stablecoin=true&source=defillama')).total,
    ).toBe(2);
    expect((await get<YieldOpportunitiesDto>('/yield/opportunities?minApy=10&source=defillama')).total).toBe(
      1,
    );
    const byTvl = await get<YieldOpportunitiesDto>('/yield/opportunities?sort=tvl&limit=2');
    expect(byTvl.items).toHaveLength(2);
    expect((byTvl.items[0]?.tvlUsd ?? 0) >= (byTvl.items[1]?.tvlUsd ?? 0)).toBe(true);
  });

  it('refuses bad filters with 422 and their names', async () => {
    const bad = await server.call('/yield/opportunities?limit=0&sort=random&source=x&asset=%F0%9F%92%A9');
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields).sort()).toEqual(['asset', 'limit', 'sort', 'source']);
    expect((await get<{ code: string }>('/yield/opportunities?chain=mainnet-classic', 422)).code).toBe(
      'UNSUPPORTED_CHAIN',
    );
    expect((await get<{ code: string }>('/yield/opportunities?asset=0x1234', 422)).code).toBe(
      'INVALID_ADDRESS',
    );
    expect((await get<{ code: string }>('/yield/best', 422)).code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /yield/best and /yield/compare', () => {
  it('the measured devnet vault is the best for USDC: mainnet pools with unknown token safety, a zero APY and an outlier never are', async () => {
    const { tokens: t } = devnet.manifest;
    const body = await get<YieldBestDto>('/yield/best?asset=USDC');
    expect(body.best?.opportunity.id).toBe(`onchain:31337:${t.vault.address}`);
    expect(body.best).toMatchObject({
      rank: 1,
      eligible: true,
      exclusions: [],
      verified: true,
      underlyingSafety: [{ token: t.usdc.address.toLowerCase(), verdict: 'safe' }],
    });
    const k = body.best?.components;
    expect(k).not.toBeNull();
    const apy = body.best?.opportunity.apy as number;
    expect(k?.base).toBe(apy);
    // No prediction (× 0.9) and, from two samples, no measured σ (× 0.9 more); a single-asset vault: no IL term.
    expect(k?.ilPenalty).toBe(0);
    expect(body.best?.score).toBeCloseTo(
      (apy - (k?.spikePenalty ?? 0) - (k?.volatilityPenalty ?? 0)) * 0.81,
      9,
    );
    const codes = Object.fromEntries(body.excluded.map((e) => [e.code, e.count]));
    // The fee and capped vaults measured 0% (the capped one also holds only $500, under the $10,000 floor); the Solana pool's token is not an EVM address and the Ethereum pool's
    // USDC has no answer from any safety source here (unknown). Contenders are checked three at a time, best first:
    // the vault and the Ethereum pool (the others were never contenders).
    expect(codes).toEqual({ APY_NOT_POSITIVE: 2, TVL_BELOW_FLOOR: 1, UNDERLYING_SAFETY_UNKNOWN: 2 });
    expect(body).toMatchObject({ considered: 5, verified: 2 });
    expect(body.settings).toEqual({
      minTvlUsd: 10_000,
      minHistoryDays: 1,
      maxDataAgeSeconds: 7200,
      frozenAfterHours: 48,
      rewardHaircutBps: 5000,
    });
    // An amount above the capped vault's maxDeposit excludes it for that too.
    const capped = await get<YieldBestDto>('/yield/best?asset=USDC&amount=600&source=onchain');
    expect(capped.excluded.find((e) => e.code === 'MAX_DEPOSIT_BELOW_AMOUNT')?.count).toBe(1);
    // Nothing eligible: the reason says so.
    const none = await get<YieldBestDto>('/yield/best?asset=WBTC');
    expect(none.best).toBeNull();
    expect(none.reason).toMatch(/hard filters|matches/);
  });

  it('compare shows the same inputs per row, so the ranking is explainable', async () => {
    const body = await get<YieldCompareDto>('/yield/compare?asset=USDC&limit=10');
    expect(body.total).toBe(5);
    expect(body.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    const keys = Object.keys(body.rows[0]!).sort();
    for (const row of body.rows) {
      expect(Object.keys(row).sort()).toEqual(keys);
      expect(row.verified).toBe(true);
    }
    expect(body.rows[0]?.eligible).toBe(true);
    expect(body.rows.slice(1).every((r) => !r.eligible && r.exclusions.length > 0)).toBe(true);
    const ethereum = body.rows.find((r) => r.opportunity.poolMeta === ETHEREUM_USDC)!;
    expect(ethereum.exclusions.map((e) => e.code)).toEqual(['UNDERLYING_SAFETY_UNKNOWN']);
    expect(ethereum.underlyingSafety[0]?.verdict).toBe('unknown');
    // Its chart was read (the fixture has none for it: an unknown pool's empty chart changes nothing).
    expect(llama.requests.some((r) => r.path === `/chart/${fixturePoolId(9, 1)}`)).toBe(true);
  });
});

describe('GET /yield/portfolio', () => {
  const position = (body: YieldPortfolioDto, vault: string) =>
    body.positions.find((p) => p.vault === vault) as YieldPositionDto;

  it('shows each vault position at the value read directly from the chain; after a donation the value grows', async () => {
    const { tokens: t } = devnet.manifest;
    const check = async (body: YieldPortfolioDto, vault: string, asset = t.usdc, configured = true) => {
      const v = vaultAt(vault);
      const shares = (await v.getFunction('balanceOf')(wallet)) as bigint;
      const exit = (await v.getFunction('previewRedeem')(shares)) as bigint;
      const p = position(body, vault);
      expect(p).toMatchObject({
        chain: { id: 31337, name: 'devnet' },
        configured,
        asset: { address: asset.address, symbol: asset.symbol, decimals: asset.decimals },
        shares: { amountBase: shares.toString() },
        exitAssets: { amountBase: exit.toString() },
        idealAssets: { amountBase: ((await v.getFunction('convertToAssets')(shares)) as bigint).toString() },
        maxRedeem: { amountBase: ((await v.getFunction('maxRedeem')(wallet)) as bigint).toString() },
        illiquid: false,
        unpricedReason: null,
        costBasis: {
          deposits: 0,
          costBasis: null,
          earned: null,
          reason: 'no deposit into this vault was made by this service',
        },
      });
      expect(p.value.eth?.wei).toBe((await wethValue(asset.address, exit))?.toString());
      return { p, exit };
    };
    const before = await get<YieldPortfolioDto>('/yield/portfolio');
    expect(before.address).toBe(wallet);
    // The capped vault holds nothing of the wallet's: not a position. The DAI vault is found among its tokens.
    expect(before.positions.map((p) => p.vault).sort()).toEqual(
      [t.vault.address, t.feeVault.address, daiVault].sort(),
    );
    const plain = await check(before, t.vault.address);
    const fee = await check(before, t.feeVault.address);
    const dai = await check(before, daiVault, t.dai, false);
    expect(plain.p.exitFeeBps).toBe(0);
    expect(fee.p.exitFeeBps).toBeGreaterThanOrEqual(49);
    expect(fee.p.exitFeeBps).toBeLessThanOrEqual(50);
    expect(before.totals.unpriced).toBe(0);
    expect(before.totals.eth.wei).toBe(
      (
        BigInt(plain.p.value.eth!.wei) +
        BigInt(fee.p.value.eth!.wei) +
        BigInt(dai.p.value.eth!.wei)
      ).toString(),
    );

    const totalAssets = (await vaultAt(t.vault.address).getFunction('totalAssets')()) as bigint;
    await mintToken({ devnet, token: t.usdc, to: t.vault.address, amount: totalAssets / 100n });
    const after = await get<YieldPortfolioDto>('/yield/portfolio');
    const grown = await check(after, t.vault.address);
    expect(grown.exit).toBeGreaterThan(plain.exit);
    expect(BigInt(grown.p.value.eth!.wei)).toBeGreaterThan(BigInt(plain.p.value.eth!.wei));
  });

  it('another address: its own positions (here only the capped vault), no journal', async () => {
    const { tokens: t } = devnet.manifest;
    const other = devnet.manifest.accounts[6]!;
    const signer = new Wallet(other.privateKey, reader);
    await mintToken({ devnet, token: t.usdc, to: other.address, amount: 10_000_000n });
    await waitMined(
      new Contract(t.usdc.address, erc20Abi, signer).getFunction('approve')(
        t.cappedVault.address,
        10_000_000n,
      ),
    );
    await waitMined(
      new Contract(t.cappedVault.address, erc4626Abi, signer).getFunction('deposit')(
        10_000_000n,
        other.address,
      ),
    );
    const body = await get<YieldPortfolioDto>(`/yield/portfolio?address=${other.address}`);
    expect(body.positions.map((p) => p.vault)).toEqual([t.cappedVault.address]);
    expect(position(body, t.cappedVault.address).shares.amountBase).toBe(
      ((await vaultAt(t.cappedVault.address).getFunction('balanceOf')(other.address)) as bigint).toString(),
    );
  });
});

describe('DefiLlama failures over HTTP', () => {
  it('a failed refresh serves the cached list marked stale with its age; past the bound 503 YIELD_DATA_UNAVAILABLE; on-chain rows still work', async () => {
    llama.setFault({ kind: 'server-error', status: 502 });
    const stale = await until('a stale list', async () => {
      const body = await get<YieldOpportunitiesDto>('/yield/opportunities');
      return body.provider.status === 'stale' ? body : undefined;
    });
    expect(stale.provider.lastError?.code).toBe('YIELD_PROVIDER_HTTP_ERROR');
    expect(stale.provider.ageSeconds).toBeGreaterThanOrEqual(1);
    expect(stale.total).toBe(6);
    // A stale list is not fresh data: once older than the freshness bound its pools would be excluded (DATA_STALE).
    const problem = await until('the stale bound', async () => {
      const res = await server.call('/yield/opportunities');
      return res.status === 503 ? ((await res.json()) as { code: string; providerCode: string }) : undefined;
    });
    expect(problem).toMatchObject({
      code: 'YIELD_DATA_UNAVAILABLE',
      providerCode: 'YIELD_PROVIDER_HTTP_ERROR',
    });
    expect((await get<YieldOpportunitiesDto>('/yield/opportunities?source=onchain')).total).toBe(3);
    // Recovery, and a pool that vanished from the provider is gone.
    llama.setPools(llamaPools.slice(1));
    llama.setFault({ kind: 'none' });
    const back = await until('recovery', async () => {
      const res = await server.call('/yield/opportunities?source=defillama');
      return res.status === 200 ? ((await res.json()) as YieldOpportunitiesDto) : undefined;
    });
    expect(back.provider.status).toBe('fresh');
    expect(back.items.map((i) => i.pool)).not.toContain(fixturePoolId(9, 1));
  });
});
