import { devnetTokenList } from '@org/chain-evm';
import {
  encodeSqrtPriceX96,
  nonfungiblePositionManagerAbi,
  type RpcProxy,
  type StartDevnetReturnType,
  startDevnet,
  startRpcProxy,
  uniswapV3FactoryAbi,
  waitMined,
  wethAbi,
} from '@org/devnet';
import { Contract, type ContractTransactionResponse, type JsonRpcProvider, MaxUint256, Wallet } from 'ethers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

// The gateway signs only what it simulated, judged by its effects on the wallet (eth_simulateV1 with
// traceTransfers): POST /swap/execute over HTTP on the devnet, through a JSON-RPC proxy that can play a node without
// the simulation methods. Every effect is read on chain with a separate provider.
let devnet: StartDevnetReturnType;
let proxy: RpcProxy;
let server: TestServer;
let modelsOnly: TestServer;
let reader: JsonRpcProvider;
let wallet: `0x${string}`;
const E18 = 10n ** 18n;
const erc20 = ['function balanceOf(address) view returns (uint256)'];
/** BTAX's owner functions (devnet `BuyTaxToken`) and its open mint. */
const btaxAbi = [
  'function setPair(address pair, bool flagged)',
  'function mint(address to, uint256 amount)',
  'function approve(address spender, uint256 amount) returns (bool)',
];
const SERVER_ENV = {
  GOVERNOR_MAX_PER_TX: '0.05',
  GOVERNOR_DAILY_LIMIT: '0.5',
  RECEIPT_TIMEOUT_MS: '10000',
};

beforeAll(async () => {
  devnet = await startDevnet();
  proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  reader = devnetReader(devnet);
  wallet = devnet.manifest.accounts[5]!.address;
  const swapTokens = new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]);
  server = await startTestServer({ ...swapServerEnv(devnet, proxy.url, 5), ...SERVER_ENV }, { swapTokens });
  modelsOnly = await startTestServer(
    { ...swapServerEnv(devnet, proxy.url, 8), ...SERVER_ENV, GATEWAY_EFFECTS: 'models-only' },
    { swapTokens },
  );
});
// No snapshot/revert under the live servers (their nonce managers would run ahead of a reverted chain): the G2 scene,
// which moves the chain's clock by half an hour, runs last.
afterEach(() => {
  proxy.intercept = undefined;
});
afterAll(async () => {
  reader?.destroy();
  await modelsOnly?.close();
  await server?.close();
  await proxy?.close();
  await devnet?.stop();
});

const balanceOf = async (token: string, of: string = wallet) =>
  (await new Contract(token, erc20, reader).getFunction('balanceOf')(of)) as bigint;
const post = (on: TestServer, body: unknown, headers: Record<string, string> = {}) =>
  on.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const openReservations = async () =>
  ((await (await server.call('/governor/status')).json()) as GovernorStatusDto).openReservations;
async function send(tx: Promise<ContractTransactionResponse>): Promise<void> {
  await waitMined({ provider: reader, hash: (await tx).hash as `0x${string}` });
}

/**
 * The review's G2 scene: BTAX's owner (the devnet deployer) unflags its V2 pair (whose measured buy tax the safety
 * gate reads), opens BTAX/WETH 0.3% at 10,500 BTAX per WETH over the full range with 1,000 WETH, and flags that pool:
 * a buy through it keeps 10% of what the pool sends. Half an hour of chain time passes untraded (the pool's spot is
 * its TWAP). Returns the pool.
 */
async function taxTheV3Pool(): Promise<string> {
  const { contracts, tokens, pools, accounts } = devnet.manifest;
  const owner = new Wallet(accounts[0]!.privateKey, reader);
  const btax = new Contract(tokens.buyTax.address, btaxAbi, owner);
  await send(btax.getFunction('setPair')(pools.v2['WETH/BTAX'], false));
  const weth = contracts.weth;
  const wethIsToken0 = BigInt(weth) < BigInt(tokens.buyTax.address);
  const [token0, token1] = wethIsToken0 ? [weth, tokens.buyTax.address] : [tokens.buyTax.address, weth];
  const sqrtPriceX96 = wethIsToken0
    ? encodeSqrtPriceX96({ amount0: 1n, amount1: 10_500n })
    : encodeSqrtPriceX96({ amount0: 10_500n, amount1: 1n });
  const npm = new Contract(contracts.uniswapV3PositionManager, nonfungiblePositionManagerAbi, owner);
  await send(
    npm.getFunction('createAndInitializePoolIfNecessary')(token0, token1, 3000, sqrtPriceX96, {
      gasLimit: 6_000_000n,
    }),
  );
  const pool = (await new Contract(contracts.uniswapV3Factory, uniswapV3FactoryAbi, reader).getFunction(
    'getPool',
  )(token0, token1, 3000)) as string;
  await send(new Contract(weth, wethAbi, owner).getFunction('deposit')({ value: 1_000n * E18 }));
  await send(
    new Contract(weth, wethAbi, owner).getFunction('approve')(contracts.uniswapV3PositionManager, MaxUint256),
  );
  await send(btax.getFunction('mint')(owner.address, 20_000_000n * E18));
  await send(btax.getFunction('approve')(contracts.uniswapV3PositionManager, MaxUint256));
  const [amount0, amount1] = wethIsToken0
    ? [1_000n * E18, 10_500_000n * E18]
    : [10_500_000n * E18, 1_000n * E18];
  await send(
    npm.getFunction('mint')(
      [token0, token1, 3000, -887_220, 887_220, amount0, amount1, 0n, 0n, owner.address, MaxUint256],
      {
        gasLimit: 1_000_000n,
      },
    ),
  );
  await send(btax.getFunction('setPair')(pool, true));
  await reader.send('evm_increaseTime', [1_860]);
  await reader.send('evm_mine', []);
  return pool;
}

describe('POST /swap/execute: the effects of the exact transaction decide', () => {
  it('an honest swap is simulated once (eth_simulateV1 replaces eth_estimateGas) and confirmed; what arrives is at least the minimum', async () => {
    const usdc = devnet.manifest.tokens.usdc.address;
    const before = await balanceOf(usdc);
    proxy.reset();
    const res = await post(server, { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01', slippageBps: 100 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SwapExecutionDto;
    expect(body.execution.status).toBe('confirmed');
    expect(proxy.count('eth_simulateV1')).toBe(1);
    expect(proxy.count('eth_estimateGas')).toBe(0);
    expect((await balanceOf(usdc)) - before).toBe(BigInt(body.amountReceived?.amountBase ?? -1));
  });

  it('a node with neither eth_simulateV1 nor debug_traceCall → 503 EFFECTS_SIMULATION_UNSUPPORTED, nothing signed; GATEWAY_EFFECTS=models-only signs', async () => {
    proxy.intercept = (r) =>
      r.method === 'eth_simulateV1' || r.method === 'debug_traceCall'
        ? { error: { code: -32601, message: 'Method not found' } }
        : undefined;
    const nonce = await reader.getTransactionCount(wallet, 'latest');
    const refused = await post(server, { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { code?: string }).code).toBe('EFFECTS_SIMULATION_UNSUPPORTED');
    expect(await reader.getTransactionCount(wallet, 'latest')).toBe(nonce);
    expect(await openReservations()).toEqual([]);
    const usdc = devnet.manifest.tokens.usdc.address;
    const other = devnet.manifest.accounts[8]!.address;
    const before = await balanceOf(usdc, other);
    const signed = await post(modelsOnly, { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' });
    expect(signed.status).toBe(200);
    expect(await balanceOf(usdc, other)).toBeGreaterThan(before);
  });

  it('G8: a client Idempotency-Key in the DCA namespace (dca:<order>:<slot>) → 422 IDEMPOTENCY_KEY_RESERVED, nothing sent', async () => {
    const nonce = await reader.getTransactionCount(wallet, 'latest');
    for (const key of ['dca:order-1:0', 'DCA:x:1', 'dca:']) {
      const res = await post(
        server,
        { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' },
        { 'Idempotency-Key': key },
      );
      expect(res.status).toBe(422);
      expect(((await res.json()) as { code?: string }).code).toBe('IDEMPOTENCY_KEY_RESERVED');
    }
    expect(await reader.getTransactionCount(wallet, 'latest')).toBe(nonce);
    // A key that merely contains "dca:" elsewhere is a client's own.
    const ok = await post(
      server,
      { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' },
      { 'Idempotency-Key': 'my-dca:1' },
    );
    expect(ok.status).toBe(200);
  });
  it('G2: a token taxing its V3 pool (safety reads "0%" on its V2 pair) → 422 EFFECT_SHORTFALL, nothing signed, nothing held', async () => {
    const btax = devnet.manifest.tokens.buyTax.address;
    const pool = await taxTheV3Pool();
    const security = (await (await server.call(`/security/token?chain=devnet&address=${btax}`)).json()) as {
      tax?: { buyTax?: number | null };
    };
    expect(security.tax?.buyTax).toBe(0);
    const quote = (await (
      await server.call(`/swap/quote?tokenIn=ETH&tokenOut=${btax}&amountIn=0.01`)
    ).json()) as { route?: { kind?: string } };
    expect(JSON.stringify(quote)).toContain('v3');
    const poolBefore = await balanceOf(btax, pool);
    const nonce = await reader.getTransactionCount(wallet, 'latest');
    const res = await post(server, {
      tokenIn: 'ETH',
      tokenOut: btax,
      amountIn: '0.01',
      deadlineSeconds: 3600,
    });
    const body = (await res.json()) as { code?: string; detail?: string };
    expect(res.status).toBe(422);
    expect(body.code).toBe('EFFECT_SHORTFALL');
    expect(body.detail).toContain(btax.toLowerCase());
    expect(await reader.getTransactionCount(wallet, 'latest')).toBe(nonce);
    expect(await balanceOf(btax)).toBe(0n);
    expect(await balanceOf(btax, pool)).toBe(poolBefore);
    expect(await openReservations()).toEqual([]);
  });
});
