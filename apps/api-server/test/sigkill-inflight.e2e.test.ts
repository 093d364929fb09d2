import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  type LifiFixture,
  lifiFixtureChain,
  startRpcProxy,
  type StartDevnetPairReturnType,
  startDevnetPair,
  startLifiFixture,
} from '@org/devnet';
import { JsonRpcProvider } from 'ethers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeResult } from '../src/bridge/BridgeFollower.js';
import type { BridgeExecutionDto } from '../src/dto/bridge.js';
import type { ConfirmationDto } from '../src/dto/confirmation.js';
import type { DcaOrderDetailDto, DcaOrderDto, DcaStatsDto } from '../src/dto/dca.js';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { type ServerProcess, startServerProcess } from './helpers/startServerProcess.js';
import { until } from './helpers/until.js';

// Issue 36, SIGKILL with money in flight: the production entry (`node dist/start.js`) is killed while a bridge
// transfer is being followed (its deposit mined on chain A, LI.FI still says pending), a held swap waits for the
// operator, and a DCA fill's swap waits in the mempool. The held swap is approved from the CLI while no server runs;
// a new process on the same data directory finishes each exactly once. Counted on chain A with a provider of the
// test's own: the wallet's transactions by destination, their receipts, and the nonce.
const cli = fileURLToPath(new URL('../dist/operator-cli.js', import.meta.url));
const run = promisify(execFile);
let pair: StartDevnetPairReturnType;
let lifi: LifiFixture;
let reader: JsonRpcProvider;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  pair = await startDevnetPair();
  lifi = await startLifiFixture({ chains: [lifiFixtureChain(pair.a), lifiFixtureChain(pair.b)] });
  reader = new JsonRpcProvider(pair.a.rpcUrl, pair.a.manifest.chainId, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
}, 120_000);
afterEach(async () => {
  await reader.send('evm_setAutomine', [true]);
  for (const s of servers.splice(0)) s.child.kill('SIGKILL');
});
afterAll(async () => {
  reader?.destroy();
  await lifi?.close();
  await pair?.stop();
});

const ACCOUNT = 8;
const wallet = () => pair.a.manifest.accounts[ACCOUNT]!.address;
const usdc = () => pair.a.manifest.tokens.usdc.address;
const mempool = async () => Number(((await reader.send('txpool_status', [])) as { pending: string }).pending);
const post = (server: ServerProcess, path: string, body: unknown) =>
  server.call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const getJson = async <T>(server: ServerProcess, path: string) =>
  (await (await server.call(path)).json()) as T;
const bridgeOf = (e: ExecutionDto) => (e.result as { bridge?: BridgeResult } | null)?.bridge;
const sum = (values: readonly (string | undefined)[]) => values.reduce((a, v) => a + BigInt(v ?? 'x'), 0n);

/** From now on the proxy swallows every request `matches` picks (the node never sees it); resolves at the first. */
function swallowFrom(
  proxy: Awaited<ReturnType<typeof startRpcProxy>>,
  matches: (r: { method: string; params: readonly unknown[] }) => boolean,
): Promise<void> {
  return new Promise<void>((resolve) => {
    proxy.intercept = (r) => {
      if (!matches(r)) return undefined;
      resolve();
      return { swallow: true };
    };
  });
}

/** A 0.02 ETH → USDC hourly DCA order on `server` (201), whose first fill is due at once. */
async function placeHourlyEthOrder(server: ServerProcess): Promise<DcaOrderDto> {
  const orderRes = await post(server, '/dca/orders', {
    tokenIn: 'ETH',
    tokenOut: usdc(),
    amountPerFill: '0.02',
    interval: 'hourly',
  });
  expect(orderRes.status, await orderRes.clone().text()).toBe(201);
  return (await orderRes.json()) as DcaOrderDto;
}

function serverEnv(statusPollMs: string): Record<string, string> {
  const c = pair.a.manifest.contracts;
  const uniswap = {
    v2: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    v3: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
  };
  return {
    RPC_URL_DEVNET: pair.a.rpcUrl,
    DEFAULT_CHAIN: 'devnet',
    'RPC_URL_DEVNET-B': pair.b.rpcUrl,
    UNISWAP_V2_DEVNET: uniswap.v2,
    UNISWAP_V3_DEVNET: uniswap.v3,
    'UNISWAP_V2_DEVNET-B': uniswap.v2,
    'UNISWAP_V3_DEVNET-B': uniswap.v3,
    WALLET_PRIVATE_KEY: pair.a.manifest.accounts[ACCOUNT]!.privateKey,
    GOPLUS_BASE_URL: 'http://127.0.0.1:9',
    DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
    PROVIDER_TIMEOUT_MS: '200',
    GOVERNOR_MAX_PER_TX: '1',
    GOVERNOR_DAILY_LIMIT: '10',
    // A swap worth more than 0.15 ETH waits for the operator; the fill (0.02) and the bridge (0.1) do not.
    CONFIRM_MODE: 'above:0.15',
    RECEIPT_TIMEOUT_MS: '120000',
    TX_REPLACE_AFTER_MS: '600000',
    DCA_TICK_SECONDS: '1',
    LIFI_BASE_URL: lifi.url,
    BRIDGE_ALLOWED_CONTRACTS_DEVNET: c.devnetBridge,
    BRIDGE_STATUS_POLL_MS: statusPollMs,
    BRIDGE_STATUS_MAX_POLL_MS: statusPollMs,
  };
}

/** The wallet's transactions on chain A in blocks after `from`, read block by block. */
async function sentSince(from: number): Promise<{ hash: string; to: string | null }[]> {
  const head = await reader.getBlockNumber();
  const sent: { hash: string; to: string | null }[] = [];
  for (let n = from + 1; n <= head; n++) {
    const block = await reader.getBlock(n, true);
    for (const tx of block?.prefetchedTransactions ?? [])
      if (tx.from.toLowerCase() === wallet().toLowerCase()) sent.push({ hash: tx.hash, to: tx.to });
  }
  return sent;
}

describe('SIGKILL with a bridge transfer followed, a held swap waiting and a DCA fill in the mempool', () => {
  it('after a restart each completes exactly once: one bridge deposit, one swap per DCA slot, the held swap once', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-sigkill-inflight-')), 'data');
    const startBlock = await reader.getBlockNumber();
    const nonce = await reader.getTransactionCount(wallet());
    // The first process reads the bridge status once (at execute) and would wait a minute before the next read.
    const first = await startServerProcess(dataDir, serverEnv('60000'));
    servers.push(first);

    const bridged = await post(first, '/bridge/execute', {
      fromChain: 'devnet',
      toChain: 'devnet-b',
      token: 'ETH',
      amount: '0.1',
    });
    expect(bridged.status, await bridged.clone().text()).toBe(200);
    const bridge = (await bridged.json()) as BridgeExecutionDto;
    expect(bridge.transfer?.state).toBe('bridging');

    const heldRes = await post(first, '/swap/execute', { tokenIn: 'ETH', tokenOut: usdc(), amountIn: '0.2' });
    expect(heldRes.status, await heldRes.clone().text()).toBe(202);
    const held = (await heldRes.json()) as SwapExecutionDto;
    expect(held.execution.status).toBe('awaiting_confirmation');
    const confirmationId = held.confirmation?.id as string;

    await reader.send('evm_setAutomine', [false]);
    const order = await placeHourlyEthOrder(first);
    await until('the fill in the mempool', async () => ((await mempool()) >= 1 ? true : undefined), {
      ms: 30_000,
    });
    const open = await getJson<DcaOrderDetailDto>(first, `/dca/orders/${order.id}`);
    expect(open.fills[0]).toMatchObject({ slot: 0, status: 'running' });

    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    // The fill's swap is mined while no server runs; the operator approves the held swap from the CLI.
    await reader.send('evm_mine', []);
    await reader.send('evm_setAutomine', [true]);
    const approved = await run(process.execPath, [cli, 'approve', confirmationId, '--json'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    });
    expect(JSON.parse(approved.stdout)).toMatchObject({ ok: true });

    const second = await startServerProcess(dataDir, serverEnv('50'));
    servers.push(second);
    const fill = await until(
      'the fill settled',
      async () => {
        const d = await getJson<DcaOrderDetailDto>(second, `/dca/orders/${order.id}`);
        return d.fills[0]?.status === 'running' ? undefined : d.fills[0];
      },
      { ms: 60_000, intervalMs: 200 },
    );
    expect(fill).toMatchObject({ slot: 0, status: 'filled' });
    const transfer = await until(
      'the bridge transfer completed',
      async () => {
        const e = await getJson<ExecutionDto>(second, `/executions/${bridge.execution.id}`);
        return bridgeOf(e)?.state === 'completed' ? e : undefined;
      },
      { ms: 60_000, intervalMs: 200 },
    );
    const swap = await until(
      'the held swap run',
      async () => {
        const e = await getJson<ExecutionDto>(second, `/executions/${held.execution.id}`);
        return e.status === 'confirmed' || e.status === 'failed' ? e : undefined;
      },
      { ms: 60_000, intervalMs: 200 },
    );
    expect(swap.status).toBe('confirmed');
    // Two more scheduler ticks and follower polls: nothing more is sent.
    const ticked = (await getJson<DcaStatsDto>(second, '/dca/stats')).scheduler.lastTickAt as string;
    await until('two more ticks', async () => {
      const at = (await getJson<DcaStatsDto>(second, '/dca/stats')).scheduler.lastTickAt as string;
      return Date.parse(at) >= Date.parse(ticked) + 1_500 ? true : undefined;
    });

    // On chain A: exactly three transactions of the wallet — the bridge deposit, the fill's swap, the held swap.
    const sent = await sentSince(startBlock);
    expect(sent).toHaveLength(3);
    expect(await reader.getTransactionCount(wallet())).toBe(nonce + 3);
    const bridgeContract = pair.a.manifest.contracts.devnetBridge.toLowerCase();
    expect(sent.filter((t) => t.to?.toLowerCase() === bridgeContract).map((t) => t.hash)).toEqual([
      transfer.txHash,
    ]);
    expect(sent.map((t) => t.hash).sort()).toEqual([transfer.txHash, fill.txHash, swap.txHash].sort());
    for (const { hash } of sent) expect((await reader.getTransactionReceipt(hash))?.status).toBe(1);

    const confirmation = await getJson<ConfirmationDto>(second, `/confirmations/${confirmationId}`);
    expect(confirmation.status).not.toBe('pending');
    const page = await getJson<{ items: ExecutionDto[] }>(second, '/executions?limit=100');
    expect(page.items.map((e) => [e.action, e.status]).sort()).toEqual(
      [
        ['bridge', 'confirmed'],
        ['dca-fill', 'confirmed'],
        ['swap', 'confirmed'],
      ].sort(),
    );
    // Spend counted once: each execution's value and fee, nothing reserved any more.
    const status = await getJson<GovernorStatusDto>(second, '/governor/status');
    expect(status.openReservations).toEqual([]);
    expect(BigInt(status.spent.daily.committed.wei)).toBe(
      sum(page.items.map((e) => e.nativeValue.wei)) + sum(page.items.map((e) => e.fee?.wei)),
    );
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);

  it('a held swap nobody approves, SIGKILLed while it waits: after the restart it expires cleanly, nothing sent or reserved', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-sigkill-held-')), 'data');
    const env = { ...serverEnv('50'), CONFIRM_TTL_SECONDS: '2' };
    const nonce = await reader.getTransactionCount(wallet());
    const first = await startServerProcess(dataDir, env);
    servers.push(first);
    const heldRes = await post(first, '/swap/execute', { tokenIn: 'ETH', tokenOut: usdc(), amountIn: '0.2' });
    expect(heldRes.status, await heldRes.clone().text()).toBe(202);
    const held = (await heldRes.json()) as SwapExecutionDto;
    const confirmation = await getJson<ConfirmationDto>(first, `/confirmations/${held.confirmation?.id}`);
    expect(confirmation.status).toBe('pending');
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    // Down past its expiry.
    await until('the hold past its expiry', async () =>
      Date.now() > Date.parse(confirmation.expiresAt) + 200 ? true : undefined,
    );

    const second = await startServerProcess(dataDir, env);
    servers.push(second);
    const expired = await until('the hold expired', async () => {
      const c = await getJson<ConfirmationDto>(second, `/confirmations/${confirmation.id}`);
      return c.status === 'pending' ? undefined : c;
    });
    expect(expired).toMatchObject({ status: 'expired', decidedBy: 'expiry' });
    const execution = await getJson<ExecutionDto>(second, `/executions/${held.execution.id}`);
    expect(execution).toMatchObject({ status: 'blocked', code: 'CONFIRMATION_EXPIRED' });
    const status = await getJson<GovernorStatusDto>(second, '/governor/status');
    expect(status.openReservations).toEqual([]);
    expect(await reader.getTransactionCount(wallet())).toBe(nonce);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    // Too late for the operator: the CLI refuses, and nothing is sent at a later start.
    const late = await run(process.execPath, [cli, 'approve', confirmation.id, '--json'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    }).catch((error: { stdout: string }) => error);
    expect(JSON.parse(late.stdout)).toMatchObject({ ok: false });
    expect(await reader.getTransactionCount(wallet())).toBe(nonce);
  }, 120_000);

  it('a DCA fill SIGKILLed while its broadcast stalls at the node: after the restart the signed swap is sent once, the slot filled once', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-sigkill-dca-')), 'data');
    const proxy = await startRpcProxy({ upstream: pair.a.rpcUrl });
    try {
      const env = { ...serverEnv('50'), RPC_URL_DEVNET: proxy.url };
      const nonce = await reader.getTransactionCount(wallet());
      const startBlock = await reader.getBlockNumber();
      const first = await startServerProcess(dataDir, env);
      servers.push(first);
      const broadcastSeen = swallowFrom(proxy, (r) => r.method === 'eth_sendRawTransaction');
      const order = await placeHourlyEthOrder(first);
      await broadcastSeen;
      first.child.kill('SIGKILL');
      expect(await first.exited).toBeNull();
      proxy.intercept = undefined;
      // Signed, never handed to the node.
      expect(await reader.getTransactionCount(wallet())).toBe(nonce);
      expect(await mempool()).toBe(0);

      const second = await startServerProcess(dataDir, env);
      servers.push(second);
      const fill = await until(
        'the fill settled',
        async () => {
          const d = await getJson<DcaOrderDetailDto>(second, `/dca/orders/${order.id}`);
          return d.fills[0]?.status === 'running' ? undefined : d.fills[0];
        },
        { ms: 90_000, intervalMs: 200 },
      );
      expect(fill).toMatchObject({ slot: 0, status: 'filled' });
      const ticked = (await getJson<DcaStatsDto>(second, '/dca/stats')).scheduler.lastTickAt as string;
      await until('two more ticks', async () => {
        const at = (await getJson<DcaStatsDto>(second, '/dca/stats')).scheduler.lastTickAt as string;
        return Date.parse(at) >= Date.parse(ticked) + 1_500 ? true : undefined;
      });
      const sent = await sentSince(startBlock);
      expect(sent.map((t) => t.hash)).toEqual([fill.txHash]);
      expect(await reader.getTransactionCount(wallet())).toBe(nonce + 1);
      expect((await reader.getTransactionReceipt(fill.txHash as string))?.status).toBe(1);
      const page = await getJson<{ items: ExecutionDto[] }>(second, '/executions?limit=100');
      expect(page.items.map((e) => [e.action, e.status])).toEqual([['dca-fill', 'confirmed']]);
      expect(page.items[0]?.transactions).toHaveLength(1);
      const status = await getJson<GovernorStatusDto>(second, '/governor/status');
      expect(status.openReservations).toEqual([]);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      await proxy.close();
    }
  }, 180_000);

  it('a DCA fill SIGKILLed before it signs (the nonce read stalls): after the restart the slot is filled once, nothing left reserved', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-sigkill-dca-unsigned-')), 'data');
    const proxy = await startRpcProxy({ upstream: pair.a.rpcUrl });
    try {
      const env = { ...serverEnv('50'), RPC_URL_DEVNET: proxy.url };
      const nonce = await reader.getTransactionCount(wallet());
      const startBlock = await reader.getBlockNumber();
      const first = await startServerProcess(dataDir, env);
      servers.push(first);
      // The nonce manager reads the pending nonce in the wallet's lane, right before it signs.
      const nonceRead = swallowFrom(
        proxy,
        (r) => r.method === 'eth_getTransactionCount' && r.params[1] === 'pending',
      );
      const order = await placeHourlyEthOrder(first);
      await nonceRead;
      first.child.kill('SIGKILL');
      expect(await first.exited).toBeNull();
      proxy.intercept = undefined;
      expect(await reader.getTransactionCount(wallet())).toBe(nonce);

      const second = await startServerProcess(dataDir, env);
      servers.push(second);
      const settled = await until(
        'the slot settled',
        async () => {
          const d = await getJson<DcaOrderDetailDto>(second, `/dca/orders/${order.id}`);
          return d.fills.some((f) => f.status === 'filled') ? d : undefined;
        },
        { ms: 90_000, intervalMs: 200 },
      );
      const ticked = (await getJson<DcaStatsDto>(second, '/dca/stats')).scheduler.lastTickAt as string;
      await until('two more ticks', async () => {
        const at = (await getJson<DcaStatsDto>(second, '/dca/stats')).scheduler.lastTickAt as string;
        return Date.parse(at) >= Date.parse(ticked) + 1_500 ? true : undefined;
      });
      // The slot is bought, once: the crash did not cost it, nor count as a failure.
      expect(settled.fills.map((f) => [f.slot, f.status])).toEqual([[0, 'filled']]);
      expect(settled.order.totals).toMatchObject({ fills: 1, failed: 0 });
      const filled = settled.fills.filter((f) => f.status === 'filled');
      expect(filled.map((f) => f.slot)).toEqual([0]);
      const sent = await sentSince(startBlock);
      expect(sent.map((t) => t.hash)).toEqual([filled[0]?.txHash]);
      expect(await reader.getTransactionCount(wallet())).toBe(nonce + 1);
      const status = await getJson<GovernorStatusDto>(second, '/governor/status');
      expect(status.openReservations).toEqual([]);
      const page = await getJson<{ items: ExecutionDto[] }>(second, '/executions?limit=100');
      // The first attempt, interrupted before it signed (nothing sent), and its one retry, confirmed.
      expect(page.items.map((e) => [e.action, e.status, e.code, e.transactions.length]).sort()).toEqual([
        ['dca-fill', 'confirmed', null, 1],
        ['dca-fill', 'failed', 'INTERRUPTED', 0],
      ]);
      const confirmed = page.items.filter((e) => e.status === 'confirmed');
      expect(confirmed.map((e) => e.txHash)).toEqual([filled[0]?.txHash]);
      expect(BigInt(status.spent.daily.committed.wei)).toBe(
        sum(confirmed.map((e) => e.nativeValue.wei)) + sum(confirmed.map((e) => e.fee?.wei)),
      );
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      await proxy.close();
    }
  }, 180_000);
});
