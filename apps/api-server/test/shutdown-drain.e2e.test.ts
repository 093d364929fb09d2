import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type RpcProxy, type StartDevnetReturnType, startDevnet, startRpcProxy } from '@org/devnet';
import { Contract, type JsonRpcProvider } from 'ethers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DcaOrderDetailDto, DcaOrderDto } from '../src/dto/dca.js';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import { type ServerProcess, startServerProcess } from './helpers/startServerProcess.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';
import { until } from './helpers/until.js';

// Issue 36, graceful shutdown with money in flight: the production entry (`node dist/start.js`) gets SIGTERM while
// swaps and a DCA fill are in flight, or while a broadcast stalls at the node; it stops within SHUTDOWN_DRAIN_MS, and
// after a restart on the same data directory every execution is settled once. Every effect is read from the devnet
// directly (nonce, receipts, balances), never through the server.
const cli = fileURLToPath(new URL('../dist/operator-cli.js', import.meta.url));
const run = promisify(execFile);
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
const servers: ServerProcess[] = [];
const erc20 = ['function balanceOf(address) view returns (uint256)'];

beforeAll(async () => {
  devnet = await startDevnet();
  reader = devnetReader(devnet);
});
afterEach(async () => {
  await reader.send('evm_setAutomine', [true]);
  for (const s of servers.splice(0)) s.child.kill('SIGKILL');
});
afterAll(async () => {
  reader?.destroy();
  await devnet?.stop();
});

const usdc = () => devnet.manifest.tokens.usdc.address;
const usdcOf = async (owner: string) =>
  (await new Contract(usdc(), erc20, reader).getFunction('balanceOf')(owner)) as bigint;
const mempool = async () => Number(((await reader.send('txpool_status', [])) as { pending: string }).pending);
const post = (server: ServerProcess, path: string, body: unknown) =>
  server.call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const getJson = async <T>(server: ServerProcess, path: string) =>
  (await (await server.call(path)).json()) as T;
const start = async (dataDir: string, env: Record<string, string>) => {
  const server = await startServerProcess(dataDir, env);
  servers.push(server);
  return server;
};
/** The operator CLI's view of the data directory while no server runs (the database itself, not the API). */
const operatorStatus = async (dataDir: string) => {
  const { stdout } = await run(process.execPath, [cli, 'status', '--json'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
  });
  return (JSON.parse(stdout) as { result: { openReservations: unknown[] } }).result;
};
const sum = (values: readonly (string | undefined)[]) => values.reduce((a, v) => a + BigInt(v ?? 'x'), 0n);

const drainEnv = (account: number, drainMs: string) => ({
  ...swapServerEnv(devnet, devnet.rpcUrl, account),
  DCA_TICK_SECONDS: '1',
  RECEIPT_TIMEOUT_MS: '120000',
  TX_REPLACE_AFTER_MS: '600000',
  SHUTDOWN_DRAIN_MS: drainMs,
});

/**
 * With automine off: a DCA order (its slot-0 fill's swap in the mempool), then three swap executes, until all four
 * transactions wait in the mempool. Returns the order and the executes' answers (a status, or the fetch error).
 */
async function moneyInFlight(server: ServerProcess) {
  await reader.send('evm_setAutomine', [false]);
  const orderRes = await post(server, '/dca/orders', {
    tokenIn: 'ETH',
    tokenOut: usdc(),
    amountPerFill: '0.02',
    interval: 'hourly',
  });
  expect(orderRes.status, await orderRes.clone().text()).toBe(201);
  const order = (await orderRes.json()) as DcaOrderDto;
  await until('the DCA fill in the mempool', async () => ((await mempool()) >= 1 ? true : undefined), {
    ms: 30_000,
  });
  const answers = Promise.all(
    [1, 2, 3].map(() =>
      post(server, '/swap/execute', { tokenIn: 'ETH', tokenOut: usdc(), amountIn: '0.01' }).then(
        (res) => res.status,
        (error: unknown) => error,
      ),
    ),
  );
  await until(
    'three swaps and the fill in the mempool',
    async () => ((await mempool()) >= 4 ? true : undefined),
    {
      ms: 30_000,
    },
  );
  return { order, answers };
}

/**
 * After the restart: the fill filled, three swaps and the fill confirmed under four distinct hashes mined from the
 * wallet, spend committed once (value + fee of each), nothing reserved, nothing sent again.
 */
async function settledOnce(
  server: ServerProcess,
  order: DcaOrderDto,
  wallet: string,
  before: { nonce: number; usdc: bigint },
) {
  const fill = await until(
    'the fill recorded as filled',
    async () => {
      const d = await getJson<DcaOrderDetailDto>(server, `/dca/orders/${order.id}`);
      return d.fills[0]?.status === 'filled' ? d.fills[0] : undefined;
    },
    { ms: 60_000, intervalMs: 200 },
  );
  const page = await until(
    'every execution confirmed',
    async () => {
      const p = await getJson<{ items: ExecutionDto[] }>(server, '/executions?limit=100');
      for (const e of p.items) if (e.status !== 'confirmed') await server.call(`/executions/${e.id}`);
      return p.items.every((e) => e.status === 'confirmed') ? p : undefined;
    },
    { ms: 60_000, intervalMs: 200 },
  );
  expect(page.items.map((e) => [e.action, e.status]).sort()).toEqual([
    ['dca-fill', 'confirmed'],
    ['swap', 'confirmed'],
    ['swap', 'confirmed'],
    ['swap', 'confirmed'],
  ]);
  const hashes = page.items.map((e) => e.txHash as string);
  expect(new Set(hashes).size).toBe(4);
  expect(hashes).toContain(fill.txHash);
  for (const hash of hashes) {
    const receipt = await reader.getTransactionReceipt(hash);
    expect({ status: receipt?.status, from: receipt?.from }).toEqual({ status: 1, from: wallet });
  }
  // Spend counted once: each execution's value and fee, nothing reserved any more.
  const status = await getJson<GovernorStatusDto>(server, '/governor/status');
  expect(status.openReservations).toEqual([]);
  expect(BigInt(status.spent.daily.committed.wei)).toBe(
    sum(page.items.map((e) => e.nativeValue.wei)) + sum(page.items.map((e) => e.fee?.wei)),
  );
  // Nothing sent again after the restart (a second DCA slot is an hour away).
  expect(await reader.getTransactionCount(wallet)).toBe(before.nonce + 4);
  expect(await usdcOf(wallet)).toBeGreaterThan(before.usdc);
}

describe('SIGTERM while three swaps and a DCA fill wait for their receipts', () => {
  it('the answers still arrive while it drains; it exits 0 on its own; after a restart each is settled once', async () => {
    const account = 3;
    const wallet = devnet.manifest.accounts[account]!.address;
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-drain-')), 'data');
    // Far more than the test needs: the drain ends because the work ends, not because of the bound.
    const env = drainEnv(account, '90000');
    const before = { nonce: await reader.getTransactionCount(wallet), usdc: await usdcOf(wallet) };
    const first = await start(dataDir, env);
    const { order, answers } = await moneyInFlight(first);

    // A stream client: the server ends its stream as it shuts down (a clean end, not a cut connection).
    const stream = await first.call('/events');
    expect(stream.status).toBe(200);
    const streamEnd = (async () => {
      const body = (stream.body as ReadableStream<Uint8Array>).getReader();
      for (;;) if ((await body.read()).done) return 'ended';
    })().catch((error: unknown) => `cut: ${String(error)}`);

    first.child.kill('SIGTERM');
    await until('the server draining', async () =>
      first.output().includes('shutting down') ? true : undefined,
    );
    // A request arriving now is not run: refused (503 SHUTTING_DOWN) or not accepted at all.
    const late = await post(first, '/swap/execute', {
      tokenIn: 'ETH',
      tokenOut: usdc(),
      amountIn: '0.01',
    }).then(
      async (res) => ({ status: res.status, code: ((await res.json()) as { code: string }).code }),
      () => ({ status: 0, code: 'CONNECTION_REFUSED' }),
    );
    expect(['SHUTTING_DOWN', 'CONNECTION_REFUSED']).toContain(late.code);
    // The block comes while the server drains: every request in flight is answered with its receipt.
    await reader.send('evm_mine', []);
    expect(await answers).toEqual([200, 200, 200]);
    expect(await first.exited).toBe(0);
    expect(first.output()).not.toContain('SHUTDOWN_DRAIN_MS reached');
    expect(await streamEnd).toBe('ended');
    await reader.send('evm_setAutomine', [true]);
    expect(await reader.getTransactionCount(wallet)).toBe(before.nonce + 4);

    const second = await start(dataDir, env);
    await settledOnce(second, order, wallet, before);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);

  it('no block comes: it exits 0 at SHUTDOWN_DRAIN_MS keeping the four reservations; mined later, a restart settles each once', async () => {
    const account = 5;
    const wallet = devnet.manifest.accounts[account]!.address;
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-drain-cut-')), 'data');
    const env = drainEnv(account, '2000');
    const before = { nonce: await reader.getTransactionCount(wallet), usdc: await usdcOf(wallet) };
    const first = await start(dataDir, env);
    const { order, answers } = await moneyInFlight(first);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('SHUTDOWN_DRAIN_MS reached');
    for (const answer of await answers) expect(answer).toBeInstanceOf(Error); // cut at the bound, no answer
    // The four transactions wait in the mempool; the database still counts each one's reservation.
    expect(await mempool()).toBe(4);
    expect((await operatorStatus(dataDir)).openReservations).toHaveLength(4);
    await reader.send('evm_mine', []);
    await reader.send('evm_setAutomine', [true]);
    expect(await reader.getTransactionCount(wallet)).toBe(before.nonce + 4);

    const second = await start(dataDir, env);
    await settledOnce(second, order, wallet, before);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);
});

describe('SIGTERM while a broadcast stalls at the node (SHUTDOWN_DRAIN_MS bounds the drain)', () => {
  let proxy: RpcProxy;
  beforeAll(async () => {
    proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it('exits long before the stalled call would end, keeps the reservation; after a restart the same transaction settles once', async () => {
    const account = 4;
    const wallet = devnet.manifest.accounts[account]!.address;
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-drain-bound-')), 'data');
    const RPC_TIMEOUT_MS = 60_000;
    const env = {
      ...swapServerEnv(devnet, proxy.url, account),
      // The stalled eth_sendRawTransaction would hold the request for a minute; the drain waits 1.5 s.
      RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
      RECEIPT_TIMEOUT_MS: '30000',
      SHUTDOWN_DRAIN_MS: '1500',
    };
    const nonce = await reader.getTransactionCount(wallet);
    const first = await start(dataDir, env);
    let stalled: () => void = () => undefined;
    const broadcastSeen = new Promise<void>((resolve) => {
      stalled = resolve;
    });
    proxy.intercept = (r) => {
      if (r.method !== 'eth_sendRawTransaction') return undefined;
      stalled();
      return { swallow: true };
    };
    const answer = post(first, '/swap/execute', { tokenIn: 'ETH', tokenOut: usdc(), amountIn: '0.01' }).catch(
      (error: unknown) => error,
    );
    await broadcastSeen;
    const signalled = performance.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // A bound, not a speed: the stalled call alone would have held the request for RPC_TIMEOUT_MS.
    expect(performance.now() - signalled).toBeLessThan(RPC_TIMEOUT_MS / 2);
    expect(first.output()).toContain('SHUTDOWN_DRAIN_MS reached');
    expect(await answer).toBeInstanceOf(Error); // the client never got an answer
    proxy.intercept = undefined;
    // Nothing reached the chain, and the reservation of what was signed still counts.
    expect(await reader.getTransactionCount(wallet)).toBe(nonce);
    expect(await mempool()).toBe(0);
    expect((await operatorStatus(dataDir)).openReservations).toHaveLength(1);

    const second = await start(dataDir, env);
    const page = await getJson<{ items: ExecutionDto[] }>(second, '/executions?limit=10');
    expect(page.items).toHaveLength(1);
    const id = page.items[0]?.id as string;
    // Reading one execution reconciles it with the chain (the reconciler's first pass re-broadcast it at start).
    const settled = await until(
      'the execution settled after the restart',
      async () => {
        const one = await getJson<ExecutionDto>(second, `/executions/${id}`);
        return one.status === 'confirmed' ? one : undefined;
      },
      { ms: 60_000, intervalMs: 200 },
    );
    // The bytes signed before the shutdown, broadcast by the reconciler: one nonce, the recorded hash.
    expect(settled.transactions).toHaveLength(1);
    expect(settled.txHash).toBe(settled.transactions[0]?.hash);
    const receipt = await reader.getTransactionReceipt(settled.txHash as string);
    expect({ status: receipt?.status, from: receipt?.from }).toEqual({ status: 1, from: wallet });
    expect(await reader.getTransactionCount(wallet)).toBe(nonce + 1);
    const status = await getJson<GovernorStatusDto>(second, '/governor/status');
    expect(status.openReservations).toEqual([]);
    expect(BigInt(status.spent.daily.committed.wei)).toBe(10n ** 16n + BigInt(settled.fee?.wei ?? 'x'));
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
