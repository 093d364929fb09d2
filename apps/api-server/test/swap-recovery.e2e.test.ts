import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RpcProxy, type StartDevnetReturnType, startDevnet, startRpcProxy } from '@org/devnet';
import { Contract, JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { startTestServer, TEST_API_KEY, type TestServer } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// What happens to a swap after it was broadcast, when things go wrong: a transaction left unmined (replaced), a
// node lost after the broadcast, and the server SIGKILLed between broadcast and receipt. Every effect is read from
// the chain with a separate provider.
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
const erc20 = ['function balanceOf(address) view returns (uint256)'];

beforeAll(async () => {
  devnet = await startDevnet();
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
});
afterAll(async () => {
  reader?.destroy();
  await devnet?.stop();
});

function serverEnv(rpcUrl: string, accountIndex: number): Record<string, string> {
  const c = devnet.manifest.contracts;
  return {
    RPC_URL_DEVNET: rpcUrl,
    UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
    WALLET_PRIVATE_KEY: devnet.manifest.accounts[accountIndex]!.privateKey,
    GOPLUS_BASE_URL: 'http://127.0.0.1:9',
    DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
    PROVIDER_TIMEOUT_MS: '200',
  };
}

const usdc = () => devnet.manifest.tokens.usdc.address;
const usdcOf = async (owner: string) =>
  (await new Contract(usdc(), erc20, reader).getFunction('balanceOf')(owner)) as bigint;
const swapBody = () => JSON.stringify({ tokenIn: 'ETH', tokenOut: usdc(), amountIn: '0.01' });

const mempoolHasPending = () =>
  until('a transaction in the mempool', async () => {
    const pool = (await reader.send('txpool_status', [])) as { pending: string };
    return BigInt(pool.pending) > 0n ? true : undefined;
  });

describe('a swap left unmined is replaced', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      ...serverEnv(devnet.rpcUrl, 3),
      TX_REPLACE_AFTER_MS: '300',
      RECEIPT_TIMEOUT_MS: '20000',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('same nonce, higher fees; the execution settles on the mined hash; value moves once', async () => {
    const wallet = devnet.manifest.accounts[3]!.address;
    const nonce = await reader.getTransactionCount(wallet);
    const usdcBefore = await usdcOf(wallet);
    await reader.send('evm_setAutomine', [false]);
    let answer: Promise<Response> | undefined;
    try {
      answer = server.call('/swap/execute', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: swapBody(),
      });
      // Wait until the gateway has replaced its transaction at least once.
      const replaced = await until('a replacement', async () => {
        const page = (await (await server.call('/executions?limit=1')).json()) as { items: ExecutionDto[] };
        const item = page.items[0];
        return item && item.transactions.length >= 2 ? item : undefined;
      });
      const [first, second] = replaced.transactions as [
        ExecutionDto['transactions'][number],
        ExecutionDto['transactions'][number],
      ];
      expect(second.nonce).toBe(first.nonce);
      expect(BigInt(second.maxFeePerGas) * 1000n).toBeGreaterThanOrEqual(BigInt(first.maxFeePerGas) * 1125n);
      expect(BigInt(second.maxPriorityFeePerGas ?? 0) * 1000n).toBeGreaterThanOrEqual(
        BigInt(first.maxPriorityFeePerGas ?? 0) * 1125n,
      );
      await reader.send('evm_mine', []);
    } finally {
      await reader.send('evm_setAutomine', [true]);
    }
    const res = await (answer as Promise<Response>);
    expect(res.status).toBe(200);
    const body = (await res.json()) as SwapExecutionDto;
    const hashes = body.execution.transactions.map((t) => t.hash);
    expect(hashes.length).toBeGreaterThanOrEqual(2);
    // Read from the chain: exactly one of the hashes was mined, the one the execution settled on.
    const receipts = await Promise.all(hashes.map((h) => reader.getTransactionReceipt(h)));
    const mined = receipts.filter((r) => r !== null);
    expect(mined).toHaveLength(1);
    expect(mined[0]?.hash).toBe(body.execution.txHash);
    expect(mined[0]?.status).toBe(1);
    expect(await reader.getTransactionCount(wallet)).toBe(nonce + 1);
    const usdcAfter = await usdcOf(wallet);
    expect(usdcAfter - usdcBefore).toBe(BigInt(body.amountReceived?.amountBase ?? -1));
    const status = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
    expect(status.openReservations).toEqual([]);
  });
});

describe('the node is lost right after the broadcast', () => {
  let server: TestServer;
  let proxy: RpcProxy;
  beforeAll(async () => {
    proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
    server = await startTestServer({ ...serverEnv(proxy.url, 4), RECEIPT_TIMEOUT_MS: '1500' });
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
  });

  it('202 pending with the reservation still counted; once the node is back the execution is confirmed and committed', async () => {
    const wallet = devnet.manifest.accounts[4]!.address;
    const nonce = await reader.getTransactionCount(wallet);
    const before = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
    // The broadcast itself reaches the node; everything after it finds the node down.
    proxy.intercept = (request) => {
      if (request.method === 'eth_sendRawTransaction') proxy.down = true;
      return undefined;
    };
    const res = await server.call('/swap/execute', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: swapBody(),
    });
    proxy.intercept = undefined;
    expect(res.status).toBe(202);
    const body = (await res.json()) as SwapExecutionDto;
    expect(body.execution.status).toBe('pending');
    const id = body.execution.id;
    // The chain (read directly) has it mined; our server cannot know yet, so it keeps counting the reservation.
    expect(await reader.getTransactionCount(wallet)).toBe(nonce + 1);
    const held = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
    expect(held.openReservations).toHaveLength(1);
    const stillDown = (await (await server.call(`/executions/${id}`)).json()) as ExecutionDto;
    expect(stillDown.status).toBe('pending');

    proxy.down = false;
    const settled = (await (await server.call(`/executions/${id}`)).json()) as ExecutionDto;
    expect(settled.status).toBe('confirmed');
    const receipt = await reader.getTransactionReceipt(settled.txHash as string);
    expect(receipt?.status).toBe(1);
    expect(settled.fee?.wei).toBe((receipt!.gasUsed * receipt!.gasPrice).toString());
    const after = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
    expect(after.openReservations).toEqual([]);
    expect(BigInt(after.spent.daily.committed.wei) - BigInt(before.spent.daily.committed.wei)).toBe(
      10n ** 16n + BigInt(settled.fee?.wei ?? 0),
    );
    expect(await reader.getTransactionCount(wallet)).toBe(nonce + 1);
  });
});

describe('the server is SIGKILLed between broadcast and receipt', () => {
  const entry = fileURLToPath(new URL('../dist/start.js', import.meta.url));
  const children: ChildProcessWithoutNullStreams[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  /** Starts the production entry on `dataDir`; resolves with its URL once it listens. */
  function start(dataDir: string): Promise<{ url: string; child: ChildProcessWithoutNullStreams }> {
    const child = spawn(process.execPath, [entry], {
      env: {
        PATH: process.env.PATH ?? '',
        WEB3_API_KEY: TEST_API_KEY,
        API_PORT: '0',
        DATA_DIR: dataDir,
        RECEIPT_TIMEOUT_MS: '30000',
        ...serverEnv(devnet.rpcUrl, 5),
      },
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      // Under the test's own time-out, so a server that never says it listens fails with its output.
      const timer = setTimeout(
        () => reject(new Error(`server did not start in 30 s: ${out.slice(-500)}`)),
        30_000,
      );
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const line = out.split('\n').find((l) => l.includes('api-server listening'));
        if (line) {
          clearTimeout(timer);
          resolve({ url: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`, child });
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}: ${out.slice(-500)}`));
      });
    });
  }
  const call = (url: string, path: string, init: RequestInit = {}) =>
    fetch(`${url}${path}`, { ...init, headers: { ...init.headers, 'X-API-Key': TEST_API_KEY } });

  it('restart → the execution is reconciled from its hash and committed; nothing is sent twice', async () => {
    const wallet = devnet.manifest.accounts[5]!.address;
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-sigkill-')), 'data');
    const nonce = await reader.getTransactionCount(wallet);
    const usdcBefore = await usdcOf(wallet);
    const first = await start(dataDir);
    await reader.send('evm_setAutomine', [false]);
    try {
      const answer = call(first.url, '/swap/execute', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: swapBody(),
      }).catch((error: unknown) => error);
      await mempoolHasPending();
      first.child.kill('SIGKILL');
      expect(await answer).toBeInstanceOf(Error); // the client never got an answer
      await reader.send('evm_mine', []);
    } finally {
      await reader.send('evm_setAutomine', [true]);
    }
    expect(await reader.getTransactionCount(wallet)).toBe(nonce + 1);

    const second = await start(dataDir);
    const settled = await until('the reconciled execution', async () => {
      const page = (await (await call(second.url, '/executions?limit=10')).json()) as {
        items: ExecutionDto[];
      };
      return page.items.length === 1 && page.items[0]?.status === 'confirmed' ? page.items[0] : undefined;
    });
    const receipt = await reader.getTransactionReceipt(settled.txHash as string);
    expect(receipt?.status).toBe(1);
    expect(receipt?.from).toBe(wallet);
    const status = (await (await call(second.url, '/governor/status')).json()) as GovernorStatusDto;
    expect(status.openReservations).toEqual([]);
    expect(BigInt(status.spent.daily.committed.wei)).toBe(10n ** 16n + BigInt(settled.fee?.wei ?? 0));
    // Nothing was sent twice: one nonce used, one transfer of USDC in.
    expect(await reader.getTransactionCount(wallet)).toBe(nonce + 1);
    expect(await usdcOf(wallet)).toBeGreaterThan(usdcBefore);
    second.child.kill('SIGTERM');
  });
});
