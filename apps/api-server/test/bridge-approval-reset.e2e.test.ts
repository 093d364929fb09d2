import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devnetTokenList } from '@org/chain-evm';
import {
  erc20Abi,
  type LifiFixture,
  lifiFixtureChain,
  mintToken,
  type RpcProxy,
  type StartDevnetPairReturnType,
  startDevnetPair,
  startLifiFixture,
  startRpcProxy,
} from '@org/devnet';
import { Contract, JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeExecutionDto } from '../src/dto/bridge.js';
import type { ConfirmationDto } from '../src/dto/confirmation.js';
import type { ExecutionDto, ExecutionPageDto } from '../src/dto/execution.js';
import { startTestServer, TEST_OPERATOR_KEY, type TestServer } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// The second review's G3 and M14 end to end: an approval the gateway grants for a bridge lives and dies with the
// bridge — it is held with a held bridge and sent only once the operator approves it (approval, then bridge); a
// denied or expired bridge leaves nothing approved; a leftover approval of ours is reset to zero even while the kill
// switch is engaged. Allowances and nonces are read with a fresh provider of their own, never through the server.
let pair: StartDevnetPairReturnType;
let lifi: LifiFixture;
let base: Record<string, string>;
let proxy: RpcProxy;
const swapTokens = () =>
  new Map([
    [31_337, devnetTokenList({ manifest: pair.a.manifest })],
    [31_338, devnetTokenList({ manifest: pair.b.manifest })],
  ]);

beforeAll(async () => {
  pair = await startDevnetPair();
  lifi = await startLifiFixture({ chains: [lifiFixtureChain(pair.a), lifiFixtureChain(pair.b)] });
  proxy = await startRpcProxy({ upstream: pair.a.rpcUrl });
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
  await proxy?.close();
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
const usdcOf = (owner: string) =>
  read(
    async (p) =>
      (await new Contract(pair.a.manifest.tokens.usdc.address, erc20Abi, p).getFunction('balanceOf')(
        owner,
      )) as bigint,
  );
/** A held bridge: 202, nothing approved or sent (allowance 0, nonce unchanged, read on chain); its confirmation id. */
async function heldBridge(
  server: TestServer,
  owner: string,
): Promise<{ confirmation: string; execution: string }> {
  const nonce = await nonceOf(owner);
  const res = await bridge(server);
  expect(res.status).toBe(202);
  const body = (await res.json()) as BridgeExecutionDto;
  expect(body.execution.status).toBe('awaiting_confirmation');
  expect(body.approval).toBeNull();
  expect(await allowance(owner)).toBe(0n);
  expect(await nonceOf(owner)).toBe(nonce);
  // The operator finds the held bridge in the queue.
  const queue = (await (
    await server.call('/confirmations?status=pending', {
      key: null,
      headers: { 'X-Operator-Key': TEST_OPERATOR_KEY },
    })
  ).json()) as { items: ConfirmationDto[] };
  const held = queue.items.find((c) => c.executionId === body.execution.id);
  expect(held).toBeDefined();
  // The operator sees the approval that approving the bridge will send first.
  expect(held?.approvalFirst).toMatchObject({
    token: pair.a.manifest.tokens.usdc.address,
    spender: pair.a.manifest.contracts.devnetBridge,
    amount: '100000000',
  });
  return { confirmation: (held as ConfirmationDto).id, execution: body.execution.id };
}
const deny = (server: TestServer, id: string) =>
  server.operator(`/confirmations/${id}/deny`, {
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
const executions = async (server: TestServer): Promise<ExecutionDto[]> =>
  ((await (await server.call('/executions?limit=100')).json()) as ExecutionPageDto).items;
/** Several beats of the resetter and of the held-actions job, then: nothing was sent, nothing is approved. */
async function nothingSent(owner: string, nonce: number): Promise<void> {
  await new Promise((r) => setTimeout(r, 1_500));
  expect(await nonceOf(owner)).toBe(nonce);
  expect(await allowance(owner)).toBe(0n);
}

describe('G3: a bridge and its approval are held together; nothing is approved for a bridge that does not run', () => {
  it('CONFIRM_MODE=all: approved by the operator → the approval is sent then, then the bridge (both confirmed, in that order)', async () => {
    const { address, env } = await walletEnv(3, { CONFIRM_MODE: 'all' });
    const server = await startTestServer(env, { swapTokens: swapTokens() });
    try {
      const nonce = await nonceOf(address);
      const usdc = await usdcOf(address);
      const held = await heldBridge(server, address);
      const approved = await server.operator(`/confirmations/${held.confirmation}/approve`, {
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(approved.status).toBe(200);
      const records = await executions(server);
      const approve = records.find((e) => e.action === 'approve');
      const bridged = records.find((e) => e.id === held.execution);
      expect(approve).toMatchObject({ status: 'confirmed', nonce });
      expect(bridged).toMatchObject({ status: 'confirmed', nonce: nonce + 1 });
      // On chain: exactly two transactions, both succeeded, the approval mined first; the bridge took the 100 USDC
      // and used the whole approval.
      expect(await nonceOf(address)).toBe(nonce + 2);
      const receipts = await read((p) =>
        Promise.all(
          [approve, bridged].map((e) => p.getTransactionReceipt((e as ExecutionDto).txHash as string)),
        ),
      );
      expect(receipts.map((r) => r?.status)).toEqual([1, 1]);
      expect((receipts[0]?.blockNumber ?? 0) <= (receipts[1]?.blockNumber ?? 0)).toBe(true);
      expect(await usdcOf(address)).toBe(usdc - 100_000_000n);
      expect(await allowance(address)).toBe(0n);
    } finally {
      await server.close();
    }
  });

  it('held, then denied: nothing was ever approved (allowance 0, nonce unchanged)', async () => {
    const { address, env } = await walletEnv(4, { CONFIRM_MODE: 'all' });
    const server = await startTestServer(env, { swapTokens: swapTokens() });
    try {
      const nonce = await nonceOf(address);
      const held = await heldBridge(server, address);
      expect((await deny(server, held.confirmation)).status).toBe(200);
      await nothingSent(address, nonce);
      expect((await executions(server)).map((e) => [e.action, e.status, e.code])).toEqual([
        ['bridge', 'blocked', 'CONFIRMATION_DENIED'],
      ]);
    } finally {
      await server.close();
    }
  });

  it('held, then left to expire: nothing was ever approved (allowance 0, nonce unchanged)', async () => {
    const { address, env } = await walletEnv(6, { CONFIRM_MODE: 'all', CONFIRM_TTL_SECONDS: '1' });
    const server = await startTestServer(env, { swapTokens: swapTokens() });
    try {
      const nonce = await nonceOf(address);
      const held = await heldBridge(server, address);
      await until(
        'the held bridge expired',
        async () => {
          const bridged = (await executions(server)).find((e) => e.id === held.execution);
          return bridged?.code === 'CONFIRMATION_EXPIRED' ? true : undefined;
        },
        { ms: 20_000, intervalMs: 200 },
      );
      await nothingSent(address, nonce);
      expect((await executions(server)).map((e) => e.action)).toEqual(['bridge']);
    } finally {
      await server.close();
    }
  });

  it('held, then the server restarts; denied on the new process: nothing was ever approved', async () => {
    const { address, env } = await walletEnv(5, { CONFIRM_MODE: 'all' });
    const nonce = await nonceOf(address);
    const first = await startTestServer(env, { swapTokens: swapTokens() });
    let confirmation: string;
    try {
      confirmation = (await heldBridge(first, address)).confirmation;
    } finally {
      await first.close();
    }
    const second = await startTestServer(env, { swapTokens: swapTokens() });
    try {
      expect((await deny(second, confirmation)).status).toBe(200);
      await nothingSent(address, nonce);
    } finally {
      await second.close();
    }
  });

  it('the kill lands while the approval is being broadcast: the bridge is refused, and our approval is reset to 0 with the kill still engaged; anything else stays refused', async () => {
    const { address, env } = await walletEnv(7, { RPC_URL_DEVNET: proxy.url });
    const server = await startTestServer(env, { swapTokens: swapTokens() });
    try {
      const nonce = await nonceOf(address);
      const sends: string[] = [];
      proxy.intercept = (r) => {
        if (r.method !== 'eth_sendRawTransaction') return undefined;
        sends.push(r.method);
        // The first send (the approval) is held back long enough for the operator's kill to land.
        return sends.length === 1 ? { delayMs: 1_500 } : undefined;
      };
      const answer = bridge(server);
      await until('the approval on its way', async () => (sends.length > 0 ? true : undefined), {
        ms: 30_000,
      });
      expect((await server.call('/governor/kill', { method: 'POST' })).status).toBe(200);
      const res = await answer;
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('KILL_SWITCH_ENGAGED');
      // The approval went out (it was past its last check); the bridge did not.
      expect(await allowance(address)).toBe(100_000_000n);
      await until(
        'our approval reset to 0 while the kill switch is engaged',
        async () => ((await allowance(address)) === 0n ? true : undefined),
        { ms: 20_000, intervalMs: 200 },
      );
      const status = (await (await server.call('/governor/status')).json()) as { killSwitch: boolean };
      expect(status.killSwitch).toBe(true);
      // Anything else is still refused: another bridge, and a revoke that is not the reset of a row of ours.
      const again = await bridge(server);
      expect(again.status).toBe(403);
      expect(((await again.json()) as { code: string }).code).toBe('KILL_SWITCH_ENGAGED');
      // Exactly the approval and its reset were mined.
      expect(await nonceOf(address)).toBe(nonce + 2);
      const records = await executions(server);
      expect(
        records
          .filter((e) => e.status === 'confirmed')
          .map((e) => e.action)
          .sort(),
      ).toEqual(['approve', 'revoke']);
    } finally {
      proxy.intercept = undefined;
      await server.close();
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
