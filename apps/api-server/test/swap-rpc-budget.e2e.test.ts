import { devnetTokenList } from '@org/chain-evm';
import {
  erc20Abi,
  mintToken,
  type RpcProxy,
  type StartDevnetReturnType,
  startDevnet,
  startRpcProxy,
  waitMined,
} from '@org/devnet';
import { Contract, JsonRpcProvider, MaxUint256, parseUnits, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

// The RPC budget of an execute through the gateway, counted at a proxy between the server and the devnet — the
// effects simulation and the valuation of its output included. Issue #30 asks for ≤ 8 before the receipt: 2 before
// the gateway (the quote's batch, which also reads token in's allowance to each router, and the V3 band sales at its
// block), then in it: fees, pricing ×2 (spot, then the V3 band sales at that block), the token-safety state-override
// eth_call, eth_simulateV1, the send. The valuation of the simulated output costs none.
const BUDGET_BEFORE_RECEIPT = 8;
let devnet: StartDevnetReturnType;
let proxy: RpcProxy;
let server: TestServer;

beforeAll(async () => {
  devnet = await startDevnet();
  proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  const c = devnet.manifest.contracts;
  const account = devnet.manifest.accounts[4]!;
  await mintToken({ devnet, token: devnet.manifest.tokens.usdc, to: account.address, amount: 10n ** 12n });
  // The allowance is in place (granted on chain directly), so an execute is the swap alone.
  const reader = new JsonRpcProvider(devnet.rpcUrl, 31337, { staticNetwork: true, cacheTimeout: -1 });
  const owner = new Wallet(account.privateKey, reader);
  for (const router of [c.uniswapV2Router02, c.uniswapV3SwapRouter]) {
    const usdc = new Contract(devnet.manifest.tokens.usdc.address, erc20Abi, owner);
    await waitMined(usdc.getFunction('approve')(router, MaxUint256));
  }
  reader.destroy();
  server = await startTestServer(
    {
      RPC_URL_DEVNET: proxy.url,
      UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
      UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
      WALLET_PRIVATE_KEY: account.privateKey,
      GOPLUS_BASE_URL: 'http://127.0.0.1:9',
      DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
      PROVIDER_TIMEOUT_MS: '200',
      GOVERNOR_MAX_PER_TX: '10',
      GOVERNOR_DAILY_LIMIT: '100',
      RECEIPT_TIMEOUT_MS: '20000',
    },
    { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
});
afterAll(async () => {
  await server?.close();
  await proxy?.close();
  await devnet?.stop();
});

const execute = async () => {
  proxy.reset();
  const res = await server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokenIn: 'USDC', tokenOut: 'DAI', amountIn: '10' }),
  });
  const body = (await res.json()) as SwapExecutionDto;
  return { status: res.status, body, methods: proxy.requests.map((r) => r.method) };
};

describe('POST /swap/execute: the RPC budget', () => {
  it('USDC → DAI, allowance in place: within the budget before the receipt, effects simulated and valued', async () => {
    await execute(); // warm up: the server's one-time chain checks and caches, out of the count
    const { status, body, methods } = await execute();
    expect(status).toBe(200);
    expect(body.approval).toBeNull();
    expect(body.execution.status).toBe('confirmed');
    const beforeReceipt = methods.slice(0, methods.indexOf('eth_getTransactionReceipt'));
    expect(methods).toContain('eth_getTransactionReceipt');
    // What the gateway signs was simulated with its effects (not the models only), then sent once.
    expect(beforeReceipt).toContain('eth_simulateV1');
    expect(beforeReceipt.filter((m) => m === 'eth_sendRawTransaction')).toHaveLength(1);
    expect(beforeReceipt.length, JSON.stringify(beforeReceipt)).toBeLessThanOrEqual(BUDGET_BEFORE_RECEIPT);
  });
  it('an allowance read with the quote is not trusted once a swap of that token through the router completed meanwhile: the second swap approves again', async () => {
    const account = devnet.manifest.accounts[4]!;
    const dai = devnet.manifest.tokens.dai.address;
    const c = devnet.manifest.contracts;
    await mintToken({ devnet, token: devnet.manifest.tokens.dai, to: account.address, amount: 10n ** 21n });
    const reader = new JsonRpcProvider(devnet.rpcUrl, 31337, { staticNetwork: true, cacheTimeout: -1 });
    const token = new Contract(dai, erc20Abi, reader);
    const allowances = async () =>
      Promise.all(
        [c.uniswapV2Router02, c.uniswapV3SwapRouter].map(
          (router) => token.getFunction('allowance')(account.address, router) as Promise<bigint>,
        ),
      );
    const swapDai = () =>
      server
        .call('/swap/execute', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tokenIn: 'DAI', tokenOut: 'USDC', amountIn: '10' }),
        })
        .then(async (res) => ({ status: res.status, body: (await res.json()) as SwapExecutionDto }));
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sends = 0;
    let heldSeen = false;
    proxy.reset();
    // The first swap's own send (after its exact approval, the second send) waits at the proxy: its run of the swap
    // lock is in progress, its approval mined.
    proxy.intercept = (r) => {
      if (r.method !== 'eth_sendRawTransaction') return undefined;
      sends += 1;
      if (sends !== 2) return undefined;
      heldSeen = true;
      return { until: released };
    };
    const waitFor = async (what: string, done: () => boolean) => {
      for (let i = 0; i < 1_000 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
      if (!done()) throw new Error(`not seen within 20 s: ${what}`);
    };
    try {
      const first = swapDai();
      await waitFor("the first swap's send", () => heldSeen);
      expect((await allowances()).reduce((a, b) => a + b)).toBe(parseUnits('10', 18));
      const seen = proxy.requests.length;
      const second = swapDai();
      // The second swap's quote batch (with the allowance reads, seeing the first swap's exact approval) answered.
      const owner = account.address.slice(2).toLowerCase();
      await waitFor("the second swap's quote batch", () =>
        proxy.requests.slice(seen).some(
          (r) =>
            r.method === 'eth_call' &&
            r.durationMs !== null &&
            JSON.stringify(r.params)
              .toLowerCase()
              .includes(`dd62ed3e${owner.padStart(64, '0')}`),
        ),
      );
      release();
      const [a, b] = await Promise.all([first, second]);
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body.approval?.status).toBe('confirmed');
      // Without the run count's check the second swap trusts the stale allowance, skips its approval and its
      // simulation reverts (the first swap spent that allowance).
      expect(b.status, JSON.stringify(b.body)).toBe(200);
      expect(b.body.approval?.status).toBe('confirmed');
      expect(b.body.execution.status).toBe('confirmed');
      expect(await allowances()).toEqual([0n, 0n]);
    } finally {
      proxy.intercept = undefined;
      release();
      reader.destroy();
    }
  });
});
