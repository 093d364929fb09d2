import { devnetTokenList } from '@org/chain-evm';
import { type StartDevnetReturnType, startDevnet, uniswapV2RouterAbi } from '@org/devnet';
import { Contract, JsonRpcProvider, parseEther } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwapQuoteDto, SwapTokenListDto } from '../src/dto/swap.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

let devnet: StartDevnetReturnType;
let server: TestServer;
let provider: JsonRpcProvider;

beforeAll(async () => {
  devnet = await startDevnet();
  const c = devnet.manifest.contracts;
  provider = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  server = await startTestServer(
    {
      RPC_URL_DEVNET: devnet.rpcUrl,
      UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
      UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
      GOPLUS_BASE_URL: 'http://127.0.0.1:9',
      DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
      PROVIDER_TIMEOUT_MS: '200',
    },
    { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
});
afterAll(async () => {
  provider?.destroy();
  await server?.close();
  await devnet?.stop();
});

async function problem(
  path: string,
): Promise<{ status: number; code: string; fields?: Record<string, string> }> {
  const res = await server.call(path);
  const body = (await res.json()) as { code: string; fields?: Record<string, string> };
  return { status: res.status, code: body.code, ...(body.fields ? { fields: body.fields } : {}) };
}

describe('GET /swap/tokens', () => {
  it('lists the native currency and every devnet token, honeypot and tax tokens included, checksummed', async () => {
    const res = await server.call('/swap/tokens');
    expect(res.status).toBe(200);
    const body = (await res.json()) as SwapTokenListDto;
    expect(body.chain).toEqual({ id: 31337, name: 'devnet' });
    expect(body.native).toEqual({ symbol: 'ETH', decimals: 18 });
    const symbols = body.tokens.map((t) => t.symbol);
    for (const s of ['WETH', 'USDC', 'DAI', 'WBTC', 'HONEY', 'FEE', 'TAX']) expect(symbols).toContain(s);
    expect(body.tokens.find((t) => t.symbol === 'USDC')).toEqual({
      symbol: 'USDC',
      name: 'USD Coin',
      address: devnet.manifest.tokens.usdc.address,
      decimals: 6,
    });
  });
});

describe('GET /swap/quote', () => {
  it('ETH → USDC: best output, amountOutMin from the slippage, the exact ETH value charged, USDC allowed', async () => {
    const res = await server.call('/swap/quote?tokenIn=ETH&tokenOut=usdc&amountIn=0.1&slippageBps=100');
    expect(res.status).toBe(200);
    const q = (await res.json()) as SwapQuoteDto;
    expect(q.amountIn).toEqual({
      symbol: 'ETH',
      token: 'native',
      amount: '0.1',
      amountBase: '100000000000000000',
      decimals: 18,
    });
    const out = BigInt(q.amountOut.amountBase);
    expect(BigInt(q.amountOutMin.amountBase)).toBe((out * 9_900n) / 10_000n);
    // Independent read: the V2 router's own quote is never better than the best route.
    const router = new Contract(devnet.manifest.contracts.uniswapV2Router02, uniswapV2RouterAbi, provider);
    const [, v2Out] = (await router.getFunction('getAmountsOut')(parseEther('0.1'), [
      devnet.manifest.contracts.weth,
      devnet.manifest.tokens.usdc.address,
    ])) as bigint[];
    expect(out).toBeGreaterThanOrEqual(v2Out as bigint);
    expect(out).toBeGreaterThan(290_000_000n); // ≈ 0.1 ETH × 3,000 USD
    expect(q.value).toEqual({ eth: '0.1', wei: '100000000000000000' });
    expect(q.safety).toMatchObject({ allowed: true, code: null, isHoneypot: false });
    expect(q.blockNumber).toBe(await provider.getBlockNumber());
  });

  it('ETH → HONEY quotes, and says the gateway would refuse it (TOKEN_UNSAFE)', async () => {
    const q = (await (
      await server.call('/swap/quote?tokenIn=ETH&tokenOut=HONEY&amountIn=0.01')
    ).json()) as SwapQuoteDto;
    expect(q.safety).toMatchObject({ allowed: false, code: 'TOKEN_UNSAFE', isHoneypot: true });
  });

  it('USDC → ETH: 100 USDC is charged ≈ 0.0333 ETH (priced on chain, never its raw amount); native out needs no safety', async () => {
    const q = (await (
      await server.call('/swap/quote?tokenIn=USDC&tokenOut=ETH&amountIn=100')
    ).json()) as SwapQuoteDto;
    expect(q.amountIn.amountBase).toBe('100000000');
    expect(q.amountOut.symbol).toBe('ETH');
    const wei = BigInt(q.value?.wei ?? '0');
    expect(wei).toBeGreaterThan(parseEther('0.0332'));
    expect(wei).toBeLessThan(parseEther('0.0336'));
    expect(q.safety).toBeNull();
  });

  it('a token whose only pool is under the liquidity floor: no quote (422 NO_ROUTE), so never a value of 0', async () => {
    // The depth rule that keeps a thin pool from pricing also keeps it from carrying a swap.
    const thin = (devnet.manifest.tokens as unknown as Record<string, { address: string }>).thin
      ?.address as string;
    const res = await server.call(`/swap/quote?tokenIn=${thin}&tokenOut=ETH&amountIn=1`);
    expect(res.status).toBe(422);
    const body = (await res.json()) as SwapQuoteDto & { code: string };
    expect(body.code).toBe('NO_ROUTE');
    expect(body.value).toBeUndefined();
  });

  it.each([
    ['tokenIn=ETH&tokenOut=USDC&amountIn=1e3', 'VALIDATION_FAILED', 'amountIn'],
    ['tokenIn=ETH&tokenOut=USDC&amountIn=0', 'VALIDATION_FAILED', 'amountIn'],
    ['tokenIn=USDC&tokenOut=ETH&amountIn=1.0000001', 'VALIDATION_FAILED', 'amountIn'],
    ['tokenIn=ETH&tokenOut=USDC&amountIn=1&slippageBps=101', 'VALIDATION_FAILED', 'slippageBps'],
    ['tokenIn=ETH&tokenOut=NOPE&amountIn=1', 'SWAP_TOKEN_UNKNOWN', undefined],
    ['tokenIn=ETH&tokenOut=ETH&amountIn=1', 'SWAP_SAME_TOKEN', undefined],
    ['tokenIn=ETH&tokenOut=USDC', 'VALIDATION_FAILED', 'amountIn'],
  ])('%s → 422 %s', async (query, code, field) => {
    const answer = await problem(`/swap/quote?${query}`);
    expect(answer).toMatchObject({ status: 422, code });
    if (field) expect(Object.keys(answer.fields ?? {}).join(',')).toContain(field);
  });

  it('a token with no pool → 422 NO_ROUTE', async () => {
    const lonely = devnet.manifest.tokens as unknown as Record<string, { address: string }>;
    const address = lonely.lonely?.address;
    expect(address).toBeDefined();
    expect(await problem(`/swap/quote?tokenIn=ETH&tokenOut=${address}&amountIn=0.01`)).toMatchObject({
      status: 422,
      code: 'NO_ROUTE',
    });
  });
});
