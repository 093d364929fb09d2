import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devnetTokenList } from '@org/chain-evm';
import {
  erc20Abi,
  type LifiFixture,
  lifiFixtureChain,
  mintToken,
  type StartDevnetPairReturnType,
  startDevnetPair,
  startLifiFixture,
} from '@org/devnet';
import { Contract, JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeExecutionDto } from '../src/dto/bridge.js';
import type { ConfirmationDto } from '../src/dto/confirmation.js';
import { startTestServer, TEST_OPERATOR_KEY, type TestServer } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// The second review's G3 and M14 end to end: an approval the gateway grants for a bridge lives and dies with the
// bridge. Allowances are read with a fresh provider of their own, never through the server.
let pair: StartDevnetPairReturnType;
let lifi: LifiFixture;
let base: Record<string, string>;
const swapTokens = () =>
  new Map([
    [31_337, devnetTokenList({ manifest: pair.a.manifest })],
    [31_338, devnetTokenList({ manifest: pair.b.manifest })],
  ]);

beforeAll(async () => {
  pair = await startDevnetPair();
  lifi = await startLifiFixture({ chains: [lifiFixtureChain(pair.a), lifiFixtureChain(pair.b)] });
  const c = pair.a.manifest.contracts;
  const uniswap = {
    v2: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    v3: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
  };
  base = {
    RPC_URL_DEVNET: pair.a.rpcUrl,
    'RPC_URL_DEVNET-B': pair.b.rpcUrl,
    UNISWAP_V2_DEVNET: uniswap.v2,
    UNISWAP_V3_DEVNET: uniswap.v3,
    'UNISWAP_V2_DEVNET-B': uniswap.v2,
    'UNISWAP_V3_DEVNET-B': uniswap.v3,
    GOPLUS_BASE_URL: 'http://127.0.0.1:9',
    DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
    PROVIDER_TIMEOUT_MS: '200',
    GOVERNOR_MAX_PER_TX: '50',
    GOVERNOR_DAILY_LIMIT: '500',
    RECEIPT_TIMEOUT_MS: '10000',
    LIFI_BASE_URL: lifi.url,
    BRIDGE_ALLOWED_CONTRACTS_DEVNET: c.devnetBridge,
    BRIDGE_STATUS_POLL_MS: '50',
    BRIDGE_STATUS_MAX_POLL_MS: '200',
    APPROVAL_RESET_INTERVAL_MS: '300',
  };
}, 120_000);
afterAll(async () => {
  await lifi?.close();
  await pair?.stop();
});

/** A wallet of its own per test (devnet account `i`), holding 1,000 USDC on chain A. */
async function walletEnv(i: number, extra: Record<string, string> = {}) {
  const account = pair.a.manifest.accounts[i]!;
  await mintToken({
    devnet: pair.a,
    token: pair.a.manifest.tokens.usdc,
    to: account.address,
    amount: 10n ** 9n,
  });
  const dataDir = join(mkdtempSync(join(tmpdir(), 'bridge-approval-')), 'data');
  return {
    address: account.address,
    env: { ...base, ...extra, WALLET_PRIVATE_KEY: account.privateKey, DATA_DIR: dataDir },
  };
}
async function read<T>(fn: (provider: JsonRpcProvider) => Promise<T>): Promise<T> {
  const provider = new JsonRpcProvider(pair.a.rpcUrl, 31_337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  try {
    return await fn(provider);
  } finally {
    provider.destroy();
  }
}
const allowance = (owner: string) =>
  read(
    async (p) =>
      (await new Contract(pair.a.manifest.tokens.usdc.address, erc20Abi, p).getFunction('allowance')(
        owner,
        pair.a.manifest.contracts.devnetBridge,
      )) as bigint,
  );
const nonceOf = (owner: string) => read((p) => p.getTransactionCount(owner, 'latest'));
const bridge = (server: TestServer) =>
  server.call('/bridge/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fromChain: 'devnet', toChain: 'devnet-b', token: 'USDC', amount: '100' }),
  });
async function heldBridge(server: TestServer, owner: string): Promise<string> {
  const res = await bridge(server);
  expect(res.status).toBe(202);
  const body = (await res.json()) as BridgeExecutionDto;
  expect(body.execution.status).toBe('awaiting_confirmation');
  expect(body.approval?.status).toBe('confirmed');
  expect(await allowance(owner)).toBe(100_000_000n);
  // The operator finds the held bridge in the queue.
  const queue = (await (
    await server.call('/confirmations?status=pending', {
      key: null,
      headers: { 'X-Operator-Key': TEST_OPERATOR_KEY },
    })
  ).json()) as { items: ConfirmationDto[] };
  const held = queue.items.find((c) => c.executionId === body.execution.id);
  expect(held).toBeDefined();
  return (held as ConfirmationDto).id;
}
const deny = (server: TestServer, id: string) =>
  server.operator(`/confirmations/${id}/deny`, {
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });

describe('G3: a bridge approval is reset to zero once the bridge is over, durably', () => {
  it('CONFIRM_MODE=all, denied under the kill switch: the allowance stays while killed, and is 0 after the unkill', async () => {
    const { address, env } = await walletEnv(3, { CONFIRM_MODE: 'all' });
    const server = await startTestServer(env, { swapTokens: swapTokens() });
    try {
      const confirmation = await heldBridge(server, address);
      expect((await server.call('/governor/kill', { method: 'POST' })).status).toBe(200);
      expect((await deny(server, confirmation)).status).toBe(200);
      // Several beats of the resetter under the kill: nothing sent, the allowance stands.
      const nonce = await nonceOf(address);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await nonceOf(address)).toBe(nonce);
      expect(await allowance(address)).toBe(100_000_000n);
      expect((await server.operator('/governor/unkill')).status).toBe(200);
      await until(
        'allowance back to 0 after the unkill',
        async () => ((await allowance(address)) === 0n ? true : undefined),
        {
          ms: 20_000,
          intervalMs: 200,
        },
      );
    } finally {
      await server.close();
    }
  });

  it('held, then the server restarts; denied on the new process: the allowance is back to 0', async () => {
    const { address, env } = await walletEnv(5, { CONFIRM_MODE: 'all' });
    const first = await startTestServer(env, { swapTokens: swapTokens() });
    let confirmation: string;
    try {
      confirmation = await heldBridge(first, address);
    } finally {
      await first.close();
    }
    const second = await startTestServer(env, { swapTokens: swapTokens() });
    try {
      expect((await deny(second, confirmation)).status).toBe(200);
      await until(
        'allowance back to 0 after the restart',
        async () => ((await allowance(address)) === 0n ? true : undefined),
        {
          ms: 20_000,
          intervalMs: 200,
        },
      );
    } finally {
      await second.close();
    }
  });

  it('M14: a bridge the caps refuse sends no approval and no revoke (403 PER_TX_LIMIT_EXCEEDED, nonce unchanged)', async () => {
    const { address, env } = await walletEnv(8, { GOVERNOR_MAX_PER_TX: '0.01' });
    const server = await startTestServer(env, { swapTokens: swapTokens() });
    try {
      const nonce = await nonceOf(address);
      const res = await bridge(server);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('PER_TX_LIMIT_EXCEEDED');
      await new Promise((r) => setTimeout(r, 1_000));
      expect(await nonceOf(address)).toBe(nonce);
      expect(await allowance(address)).toBe(0n);
    } finally {
      await server.close();
    }
  });

  it('more than the wallet holds: 409 INSUFFICIENT_BALANCE before any approval (an approval never exceeds the balance)', async () => {
    const { address, env } = await walletEnv(9);
    const server = await startTestServer(env, { swapTokens: swapTokens() });
    try {
      const nonce = await nonceOf(address);
      const res = await server.call('/bridge/execute', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fromChain: 'devnet', toChain: 'devnet-b', token: 'USDC', amount: '5000' }),
      });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { code: string }).code).toBe('INSUFFICIENT_BALANCE');
      expect(await nonceOf(address)).toBe(nonce);
      expect(await allowance(address)).toBe(0n);
    } finally {
      await server.close();
    }
  });
});
