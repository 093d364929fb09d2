import { devnetTokenList } from '@org/chain-evm';
import {
  erc20Abi,
  erc4626Abi,
  mintToken,
  type RpcProxy,
  type StartDevnetReturnType,
  startDevnet,
  startRpcProxy,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV3FactoryAbi,
  uniswapV3PoolAbi,
  wethAbi,
  waitMined,
} from '@org/devnet';
import { Contract, formatUnits, JsonRpcProvider, parseEther, Wallet, ZeroAddress } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioDto, PortfolioHoldingDto, PortfolioValueDto } from '../src/dto/portfolio.js';
import { getJson } from './helpers/getJson.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

// /portfolio/* over HTTP on the devnet (behind a counting proxy). Balances are read directly from the chain, and
// prices are recomputed here from the pools themselves (found through the factories, read with a separate provider).
const FLOOR = parseEther('10'); // PRICING_MIN_LIQUIDITY_ETH default
const Q192 = 1n << 192n;
let devnet: StartDevnetReturnType;
let proxy: RpcProxy;
let server: TestServer;
let reader: JsonRpcProvider;
let wallet: `0x${string}`;

beforeAll(async () => {
  devnet = await startDevnet();
  proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  const { contracts: c, tokens: t } = devnet.manifest;
  const all = t as unknown as Record<string, { address: `0x${string}` }>;
  const account = devnet.manifest.accounts[3]!;
  wallet = account.address;
  const signer = new Wallet(account.privateKey, reader);
  await waitMined(new Contract(c.weth, wethAbi, signer).getFunction('deposit')({ value: parseEther('2') }));
  await mintToken({ devnet, token: t.usdc, to: wallet, amount: 5_000_000_000n });
  await mintToken({ devnet, token: t.wbtc, to: wallet, amount: 50_000_000n });
  await mintToken({ devnet, token: t.dai, to: wallet, amount: 1_234_500_000_000_000_000_000n });
  await mintToken({ devnet, token: all.lonely!.address, to: wallet, amount: 7n * 10n ** 18n });
  await waitMined(
    new Contract(t.usdc.address, erc20Abi, signer).getFunction('approve')(t.vault.address, 1_050_000_000n),
  );
  await waitMined(
    new Contract(t.vault.address, erc4626Abi, signer).getFunction('deposit')(1_050_000_000n, wallet),
  );
  server = await startTestServer(
    {
      RPC_URL_DEVNET: proxy.url,
      RPC_URL_ETHEREUM: 'http://127.0.0.1:9', // a node that is never there
      DEFAULT_CHAIN: 'devnet',
      UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
      UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
      WALLET_PRIVATE_KEY: account.privateKey,
      PORTFOLIO_USD_TOKEN_DEVNET: t.usdc.address,
      PORTFOLIO_VAULTS_DEVNET: t.vault.address,
      RPC_TIMEOUT_MS: '2000',
    },
    { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
});
afterAll(async () => {
  reader?.destroy();
  await server?.close();
  await proxy?.close();
  await devnet?.stop();
});

const get = <T>(path: string, status = 200) => getJson<T>(server, path, status);
const balanceOf = async (token: string, owner: string = wallet) =>
  (await new Contract(token, erc20Abi, reader).getFunction('balanceOf')(owner)) as bigint;

/** The value of `amount` of `token` in WETH wei: every V2/V3 pool against WETH with ≥ 10 WETH, the highest. */
async function poolValue(token: string, amount: bigint): Promise<bigint | null> {
  const { contracts: c } = devnet.manifest;
  if (token.toLowerCase() === c.weth.toLowerCase()) return amount;
  const weth = new Contract(c.weth, erc20Abi, reader);
  const values: bigint[] = [];
  const pair = (await new Contract(c.uniswapV2Factory, uniswapV2FactoryAbi, reader).getFunction('getPair')(
    token,
    c.weth,
  )) as string;
  if (pair !== ZeroAddress) {
    const p = new Contract(pair, uniswapV2PairAbi, reader);
    const [r0, r1] = (await p.getFunction('getReserves')()) as [bigint, bigint];
    const tokenIs0 = ((await p.getFunction('token0')()) as string).toLowerCase() === token.toLowerCase();
    const [tokenReserve, wethReserve] = tokenIs0 ? [r0, r1] : [r1, r0];
    if (wethReserve >= FLOOR) values.push((amount * wethReserve) / tokenReserve);
  }
  for (const fee of [500, 3000, 10_000]) {
    const pool = (await new Contract(c.uniswapV3Factory, uniswapV3FactoryAbi, reader).getFunction('getPool')(
      token,
      c.weth,
      fee,
    )) as string;
    if (pool === ZeroAddress) continue;
    if (((await weth.getFunction('balanceOf')(pool)) as bigint) < FLOOR) continue;
    const p = new Contract(pool, uniswapV3PoolAbi, reader);
    const [sqrtPriceX96] = (await p.getFunction('slot0')()) as [bigint];
    const price = sqrtPriceX96 * sqrtPriceX96;
    const tokenIs0 = ((await p.getFunction('token0')()) as string).toLowerCase() === token.toLowerCase();
    values.push(tokenIs0 ? (amount * price) / Q192 : (amount * Q192) / price);
  }
  return values.length === 0 ? null : values.reduce((m, v) => (v > m ? v : m));
}

describe('GET /portfolio/', () => {
  it('ETH, WETH, USDC (6), WBTC (8), DAI (18), vault shares and an unpriceable token: balances from the chain, prices from the pools, null for LONE', async () => {
    const { contracts: c, tokens: t } = devnet.manifest;
    const lone = (t as unknown as Record<string, { address: string }>).lonely!.address;
    await get('/portfolio/?chains=devnet'); // the provider's one-time eth_chainId check
    proxy.reset();
    const body = await get<PortfolioDto>('/portfolio/?chains=devnet');
    // One balance batch (N < PORTFOLIO_BATCH_SIZE), the vault conversion, pricing: the pools, then the V3 band sales.
    expect(proxy.count()).toBe(4);
    expect(proxy.count('eth_call')).toBe(4);

    expect(body.address).toBe(wallet);
    expect(body.chains).toHaveLength(1);
    const chain = body.chains[0]!;
    expect(chain).toMatchObject({
      chain: { id: 31337, name: 'devnet' },
      ok: true,
      error: null,
      nativeSymbol: 'ETH',
    });
    const held = chain.holdings.map((h) => h.token.symbol);
    expect(held.slice(0, 1)).toEqual(['ETH']);
    expect(new Set(held)).toEqual(new Set(['ETH', 'WETH', 'USDC', 'WBTC', 'DAI', 'dvUSDC', 'LONE']));
    expect(held.at(-1)).toBe('LONE'); // unpriced last
    const by = (symbol: string) =>
      chain.holdings.find((h) => h.token.symbol === symbol) as PortfolioHoldingDto;

    // USD: the route's reference is 1,000,000 USDC priced through the same pools.
    const referenceWei = (await poolValue(t.usdc.address, 10n ** 12n)) as bigint;
    const usd = (wei: bigint) => formatUnits((wei * 10n ** 24n) / referenceWei, 18);
    expect(chain.usdRoute).toMatchObject({
      token: t.usdc.address,
      symbol: 'USDC',
      usdPerNative: usd(10n ** 18n),
    });

    const ethBalance = await reader.getBalance(wallet);
    expect(by('ETH')).toMatchObject({
      token: { kind: 'native', address: 'native', decimals: 18 },
      balance: { amountBase: ethBalance.toString() },
      value: { eth: { wei: ethBalance.toString() }, usd: usd(ethBalance) },
      source: { kind: 'native' },
    });
    let sum = ethBalance;
    let sumUsd = (ethBalance * 10n ** 24n) / referenceWei;
    for (const [symbol, address, decimals] of [
      ['WETH', c.weth, 18],
      ['USDC', t.usdc.address, 6],
      ['WBTC', t.wbtc.address, 8],
      ['DAI', t.dai.address, 18],
    ] as const) {
      const balance = await balanceOf(address);
      const value = (await poolValue(address, balance)) as bigint;
      const price = (await poolValue(address, 10n ** BigInt(decimals))) as bigint;
      expect(by(symbol)).toMatchObject({
        token: { kind: 'erc20', address, decimals },
        balance: { amount: formatUnits(balance, decimals), amountBase: balance.toString() },
        value: { eth: { wei: value.toString() }, usd: usd(value) },
        price: { eth: { wei: price.toString() }, usd: usd(price) },
        unpricedReason: null,
      });
      sum += value;
      sumUsd += (value * 10n ** 24n) / referenceWei;
    }
    expect(by('WETH').source).toMatchObject({ kind: 'wrapped-native' });
    expect(by('WETH').value.eth?.wei).toBe(parseEther('2').toString());
    expect(by('WBTC').source?.kind).toMatch(/^uniswap-v[23]$/);
    expect(BigInt(by('WBTC').price.eth?.wei ?? 0)).toBeGreaterThan(parseEther('19')); // 1 BTC ≈ 20 ETH

    // Vault shares: convertToAssets read directly, then USDC's price.
    const shares = await balanceOf(t.vault.address);
    const assets = (await new Contract(t.vault.address, erc4626Abi, reader).getFunction('convertToAssets')(
      shares,
    )) as bigint;
    const vaultValue = (await poolValue(t.usdc.address, assets)) as bigint;
    expect(by('dvUSDC')).toMatchObject({
      token: { kind: 'erc4626', address: t.vault.address, decimals: 6 },
      balance: { amountBase: shares.toString() },
      value: { eth: { wei: vaultValue.toString() }, usd: usd(vaultValue) },
      source: { kind: 'erc4626', vault: { asset: t.usdc.address, assetsBase: assets.toString() } },
    });
    expect(assets).toBeGreaterThan(1_049_000_000n); // 1 share ≈ 1.05 USDC: 1,050 USDC deposited
    sum += vaultValue;
    sumUsd += (vaultValue * 10n ** 24n) / referenceWei;

    // The pool-less token: listed with its balance, every figure null, and counted as unpriced.
    expect(await poolValue(lone, 10n ** 18n)).toBeNull();
    expect(by('LONE')).toMatchObject({
      balance: { amount: '7.0', amountBase: (7n * 10n ** 18n).toString() },
      price: { eth: null, usd: null },
      value: { eth: null, usd: null },
      source: null,
      unpricedReason: expect.stringMatching(/no Uniswap/),
    });
    expect(chain.totals).toEqual({
      eth: { eth: formatUnits(sum, 18), wei: sum.toString() },
      usd: formatUnits(sumUsd, 18),
      holdings: 7,
      priced: 6,
      unpriced: 1,
      unpricedTokens: [lone],
    });
    expect(body.totals).toMatchObject({
      eth: { wei: sum.toString() },
      usd: formatUnits(sumUsd, 18),
      holdings: 7,
      priced: 6,
      unpriced: 1,
      unpricedHoldings: [{ chain: 'devnet', token: lone, symbol: 'LONE', balance: '7.0' }],
      failedChains: [],
      complete: false,
    });
    expect(chain.blockNumber).toBe(await reader.getBlockNumber());

    // The totals endpoint answers the same totals from the same reads.
    proxy.reset();
    const value = await get<PortfolioValueDto>('/portfolio/value?chains=devnet');
    expect(proxy.count()).toBe(4);
    expect(value.chains[0]?.totals).toEqual(chain.totals);
    expect(value.totals).toEqual(body.totals);
    // Both spellings of the snapshot path.
    expect((await get<PortfolioDto>('/portfolio?chains=devnet')).totals).toEqual(body.totals);
  });

  it('another address, includeZero, and a chain whose node is down: its error listed, the others answered', async () => {
    const other = devnet.manifest.accounts[6]!.address;
    const empty = await get<PortfolioDto>(`/portfolio/?chains=devnet&address=${other}`);
    expect(empty.address).toBe(other);
    expect(empty.chains[0]?.holdings.map((h) => h.token.symbol)).toEqual(['ETH']);
    const zero = await get<PortfolioDto>(`/portfolio/?chains=devnet&address=${other}&includeZero=true`);
    const listed = devnetTokenList({ manifest: devnet.manifest }).length;
    expect(zero.chains[0]?.holdings).toHaveLength(listed + 1);
    const honey = zero.chains[0]?.holdings.find((h) => h.token.symbol === 'HONEY');
    expect(honey).toMatchObject({ balance: { amountBase: '0' }, value: { eth: { wei: '0' } } });
    expect(BigInt(honey?.price.eth?.wei ?? 0)).toBeGreaterThan(0n);

    // Default: every configured chain. Ethereum's node is never there: listed with its code, devnet answered.
    const both = await get<PortfolioDto>('/portfolio/');
    expect(both.chains.map((c) => [c.chain.name, c.ok, c.error?.code ?? null])).toEqual([
      ['ethereum', false, 'RPC_UNAVAILABLE'],
      ['devnet', true, null],
    ]);
    expect(both.totals).toMatchObject({ failedChains: ['ethereum'], complete: false, holdings: 7 });
  });

  it('every chain failing → the node’s error code, never an empty or default portfolio', async () => {
    proxy.down = true;
    try {
      expect((await get<{ code: string }>('/portfolio/?chains=devnet', 503)).code).toBe('RPC_UNAVAILABLE');
      expect((await get<{ code: string }>('/portfolio/value', 503)).code).toBe('RPC_UNAVAILABLE');
    } finally {
      proxy.down = false;
    }
    proxy.intercept = (r) =>
      r.method === 'eth_call' ? { error: { code: -32000, message: 'boom' } } : undefined;
    try {
      expect((await get<{ code: string }>('/portfolio/value?chains=devnet', 502)).code).toBe('RPC_ERROR');
    } finally {
      proxy.intercept = undefined;
    }
  });

  it.each([
    ['address=0x123', 'INVALID_ADDRESS'],
    [`address=0x${'A'.repeat(2)}${'a'.repeat(38)}`, 'INVALID_ADDRESS'],
    ['chains=devnet,', 'VALIDATION_FAILED'],
    ['chains=devnet;ethereum', 'VALIDATION_FAILED'],
    ['chains=narnia', 'UNSUPPORTED_CHAIN'],
    ['chains=base', 'CHAIN_NOT_CONFIGURED'],
    ['includeZero=maybe', 'VALIDATION_FAILED'],
  ])('%s → 422 %s', async (query, code) => {
    expect((await get<{ code: string }>(`/portfolio/?${query}`, 422)).code).toBe(code);
    if (!query.startsWith('includeZero')) {
      expect((await get<{ code: string }>(`/portfolio/value?${query}`, 422)).code).toBe(code);
    }
  });
});
