import { devnetTokenList } from '@org/chain-evm';
import {
  type AttackerPoolVariant,
  createAttackerPool,
  createEdgePool,
  listOnUsdcOnly,
  mintToken,
  type StartDevnetReturnType,
  startDevnet,
  wethAbi,
} from '@org/devnet';
import { Contract, formatUnits, JsonRpcProvider, parseEther } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

// The pricing review's scenario end to end: the wallet holds X, liquid only against USDC; the attacker creates the
// X/WETH 1% pool priced near zero and makes it look liquid. Every effect is read from the chain directly.
let devnet: StartDevnetReturnType;
let server: TestServer;
let reader: JsonRpcProvider;
let wallet: `0x${string}`;
let snap: string;
const erc20 = ['function balanceOf(address) view returns (uint256)'];

beforeAll(async () => {
  devnet = await startDevnet();
  const c = devnet.manifest.contracts;
  const account = devnet.manifest.accounts[3]!;
  wallet = account.address;
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  server = await startTestServer(
    {
      RPC_URL_DEVNET: devnet.rpcUrl,
      UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
      UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
      WALLET_PRIVATE_KEY: account.privateKey,
      GOPLUS_BASE_URL: 'http://127.0.0.1:9',
      DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
      PROVIDER_TIMEOUT_MS: '200',
      GOVERNOR_MAX_PER_TX: '100',
      GOVERNOR_DAILY_LIMIT: '1000',
      RECEIPT_TIMEOUT_MS: '10000',
    },
    { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
});
beforeEach(async () => {
  snap = await devnet.snapshot();
});
afterEach(async () => {
  await devnet.revert(snap);
});
afterAll(async () => {
  reader?.destroy();
  await server?.close();
  await devnet?.stop();
});

const balanceOf = async (token: string) =>
  (await new Contract(token, erc20, reader).getFunction('balanceOf')(wallet)) as bigint;
const post = (body: unknown) =>
  server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const spent = async () => {
  const status = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
  return JSON.stringify({ spent: status.spent, open: status.openReservations });
};

describe("POST /swap/execute selling the wallet's whole X with the attacker's pool in place", () => {
  for (const variant of ['out-of-range', 'transfer'] as const satisfies readonly AttackerPoolVariant[]) {
    it(`${variant}: X → ETH has no route (422 NO_ROUTE) and X → USDC is VALUE_UNKNOWN, never charged ≈ 0; nothing signed, X unchanged`, async () => {
      const x = await listOnUsdcOnly({ devnet, provider: reader });
      await mintToken({ devnet, token: x, to: wallet, amount: 250_000n * 10n ** 18n }); // ≈ 8 ETH at the USDC price
      const pool = await createAttackerPool({ devnet, provider: reader, token: x, variant });
      const weth = new Contract(devnet.manifest.contracts.weth, wethAbi, reader);
      expect((await weth.getFunction('balanceOf')(pool)) as bigint).toBeGreaterThanOrEqual(10n ** 19n);

      const held = await balanceOf(x);
      const nonce = await reader.getTransactionCount(wallet);
      const before = await spent();
      const whole = formatUnits(held, 18);

      // Selling for ETH: the only X/WETH pool is the attacker's, too shallow to carry a swap.
      const toEth = await post({ tokenIn: x, tokenOut: 'ETH', amountIn: whole, slippageBps: 100 });
      expect(toEth.status).toBe(422);
      const noRoute = (await toEth.json()) as { code: string; detail?: string };
      expect(noRoute.code).toBe('NO_ROUTE');

      // Selling for USDC routes through the real X/USDC pair; the gateway must value X, and the attacker's pool is
      // not a price source: VALUE_UNKNOWN (refused here: CONFIRM_MODE off), not a charge of ≈ 0.
      const toUsdc = await post({ tokenIn: x, tokenOut: 'USDC', amountIn: whole, slippageBps: 100 });
      expect(toUsdc.status).toBe(403);
      const refused = (await toUsdc.json()) as { code: string; executionId: string };
      expect(refused.code).toBe('VALUE_UNKNOWN');
      const record = (await (await server.call(`/executions/${refused.executionId}`)).json()) as {
        status: string;
        transactions: unknown[];
      };
      expect(record).toMatchObject({ status: 'blocked', transactions: [] });

      // Nothing was signed (no approval either), nothing was charged, and the X is where it was.
      expect(await reader.getTransactionCount(wallet)).toBe(nonce);
      expect(await spent()).toBe(before);
      expect(await balanceOf(x)).toBe(held);
    });
  }
});

// The second review's G1: one tick spacing of the token only, its range ending at the spot. `liquidity()` counts it in
// full; a sale into the pool is paid nothing by it. Depth is what a sale across the band pays, so it neither prices
// nor routes — after 31 minutes untraded (its TWAP met) as much as at once.
describe('G1: a V3 pool whose only in-range position ends at the spot', () => {
  it("sell side: the wallet's 1,000,000 X against the attacker's X/WETH 0.05% edge pool, 31 minutes untraded → X → ETH 422 NO_ROUTE, X → USDC 403 VALUE_UNKNOWN; nothing signed", async () => {
    const x = await listOnUsdcOnly({ devnet, provider: reader });
    await mintToken({ devnet, token: x, to: wallet, amount: 1_000_000n * 10n ** 18n }); // ≈ 31 WETH at the USDC price
    const { pool } = await createEdgePool({
      devnet,
      provider: reader,
      token: x,
      fee: 500,
      wethWei: 1n,
      perTokenUnits: 10n ** 9n, // 1 X = 10⁻⁹ WETH
      edgeTokenAmount: 10n ** 27n,
      catcherWei: parseEther('0.01'),
    });
    const weth = new Contract(devnet.manifest.contracts.weth, wethAbi, reader);
    expect((await weth.getFunction('balanceOf')(pool)) as bigint).toBe(parseEther('0.01'));
    await reader.send('evm_increaseTime', [1_860]);
    await reader.send('evm_mine', []);

    const held = await balanceOf(x);
    const nonce = await reader.getTransactionCount(wallet);
    const before = await spent();
    const whole = formatUnits(held, 18);
    const quote = await server.call(`/swap/quote?tokenIn=${x}&tokenOut=ETH&amountIn=${whole}`);
    expect(quote.status).toBe(422);
    expect(((await quote.json()) as { code: string }).code).toBe('NO_ROUTE');
    const toEth = await post({
      tokenIn: x,
      tokenOut: 'ETH',
      amountIn: whole,
      slippageBps: 100,
      deadlineSeconds: 3600,
    });
    expect(toEth.status).toBe(422);
    expect(((await toEth.json()) as { code: string }).code).toBe('NO_ROUTE');
    const toUsdc = await post({
      tokenIn: x,
      tokenOut: 'USDC',
      amountIn: whole,
      slippageBps: 100,
      deadlineSeconds: 3600,
    });
    expect(toUsdc.status).toBe(403);
    expect(((await toUsdc.json()) as { code: string }).code).toBe('VALUE_UNKNOWN');

    expect(await reader.getTransactionCount(wallet)).toBe(nonce);
    expect(await spent()).toBe(before);
    expect(await balanceOf(x)).toBe(held);
  });

  it("buy side: THIN/WETH 1% at 100× THIN's market holding 0 WETH → ETH → THIN 0.04 is 422 NO_ROUTE at once; nothing signed", async () => {
    const thin = devnet.manifest.tokens.thin.address as `0x${string}`;
    const { pool } = await createEdgePool({
      devnet,
      provider: reader,
      token: thin,
      fee: 10_000,
      wethWei: 10n ** 17n, // 1 THIN = 0.1 WETH; its V2 pair says 0.001
      perTokenUnits: 10n ** 18n,
      edgeTokenAmount: 10_000n * 10n ** 18n,
      catcherWei: 0n,
    });
    const weth = new Contract(devnet.manifest.contracts.weth, wethAbi, reader);
    expect((await weth.getFunction('balanceOf')(pool)) as bigint).toBe(0n);
    const held = await balanceOf(thin);
    const nonce = await reader.getTransactionCount(wallet);
    const before = await spent();
    const quote = await server.call(`/swap/quote?tokenIn=ETH&tokenOut=${thin}&amountIn=0.04`);
    expect(quote.status).toBe(422);
    expect(((await quote.json()) as { code: string }).code).toBe('NO_ROUTE');
    const buy = await post({ tokenIn: 'ETH', tokenOut: thin, amountIn: '0.04', slippageBps: 100 });
    expect(buy.status).toBe(422);
    expect(((await buy.json()) as { code: string }).code).toBe('NO_ROUTE');
    expect(await reader.getTransactionCount(wallet)).toBe(nonce);
    expect(await spent()).toBe(before);
    expect(await balanceOf(thin)).toBe(held);
  });
});
