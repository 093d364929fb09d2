import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { Contract, JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DcaOrderDetailDto, DcaOrderDto, DcaStatsDto } from '../src/dto/dca.js';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import { TEST_API_KEY } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// The production server (`node dist/start.js`, configured by its environment, its scheduler on its own 1 s timer)
// SIGKILLed while a DCA fill is between broadcast and receipt (automine off: the swap waits in the mempool). After a
// restart on the same data directory the fill is settled once, from its hash: the chain shows one swap (the nonce
// read directly), the order counts it once.
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
const ACCOUNT = 7;
const entry = fileURLToPath(new URL('../dist/start.js', import.meta.url));
const children: ChildProcessWithoutNullStreams[] = [];
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
  for (const child of children) child.kill('SIGKILL');
  reader?.destroy();
  await devnet?.stop();
});

/** Starts the production entry on `dataDir`; resolves with its URL once it listens. */
function start(dataDir: string): Promise<{ url: string; child: ChildProcessWithoutNullStreams }> {
  const c = devnet.manifest.contracts;
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? '',
      WEB3_API_KEY: TEST_API_KEY,
      API_PORT: '0',
      DATA_DIR: dataDir,
      RPC_URL_DEVNET: devnet.rpcUrl,
      UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
      UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
      WALLET_PRIVATE_KEY: devnet.manifest.accounts[ACCOUNT]!.privateKey,
      GOPLUS_BASE_URL: 'http://127.0.0.1:9',
      DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
      PROVIDER_TIMEOUT_MS: '200',
      GOVERNOR_MAX_PER_TX: '1',
      GOVERNOR_DAILY_LIMIT: '10',
      RECEIPT_TIMEOUT_MS: '30000',
      TX_REPLACE_AFTER_MS: '600000',
      DCA_TICK_SECONDS: '1',
    },
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
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
const getJson = async <T>(url: string, path: string) => (await (await call(url, path)).json()) as T;

describe('the server is SIGKILLed while a DCA fill is between broadcast and receipt', () => {
  it('restart → the fill is settled once from its hash; one swap on the chain; the order counts it once', async () => {
    const wallet = devnet.manifest.accounts[ACCOUNT]!.address;
    const usdc = devnet.manifest.tokens.usdc.address;
    const usdcOf = async () =>
      (await new Contract(usdc, erc20, reader).getFunction('balanceOf')(wallet)) as bigint;
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-dca-sigkill-')), 'data');
    const nonce = await reader.getTransactionCount(wallet);
    const usdcBefore = await usdcOf();

    const first = await start(dataDir);
    await reader.send('evm_setAutomine', [false]);
    let order: DcaOrderDto;
    try {
      const res = await call(first.url, '/dca/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tokenIn: 'ETH', tokenOut: usdc, amountPerFill: '0.1', interval: 'daily' }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      order = (await res.json()) as DcaOrderDto;
      // The scheduler's own tick sends slot 0; it waits in the mempool.
      await until('the fill in the mempool', async () => {
        const pool = (await reader.send('txpool_status', [])) as { pending: string };
        return BigInt(pool.pending) > 0n ? true : undefined;
      });
      const open = await getJson<DcaOrderDetailDto>(first.url, `/dca/orders/${order.id}`);
      expect(open.fills[0]).toMatchObject({
        slot: 0,
        status: 'running',
        idempotencyKey: `dca:${order.id}:0`,
      });
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      await reader.send('evm_mine', []);
    } finally {
      await reader.send('evm_setAutomine', [true]);
    }
    expect(await reader.getTransactionCount(wallet)).toBe(nonce + 1);

    const second = await start(dataDir);
    const settled = await until(
      'the fill settled after the restart',
      async () => {
        const d = await getJson<DcaOrderDetailDto>(second.url, `/dca/orders/${order.id}`);
        return d.fills[0]?.status === 'filled' ? d : undefined;
      },
      { ms: 30_000, intervalMs: 100 },
    );
    const fill = settled.fills[0]!;
    const receipt = await reader.getTransactionReceipt(fill.txHash as string);
    expect(receipt?.status).toBe(1);
    expect(receipt?.from).toBe(wallet);
    // Let the restarted scheduler tick a few more times: the fill is counted once, nothing is sent again.
    const ticked = (await getJson<DcaStatsDto>(second.url, '/dca/stats')).scheduler.lastTickAt as string;
    await until('two more ticks', async () => {
      const at = (await getJson<DcaStatsDto>(second.url, '/dca/stats')).scheduler.lastTickAt as string;
      return Date.parse(at) >= Date.parse(ticked) + 1_500 ? true : undefined;
    });
    const after = await getJson<DcaOrderDetailDto>(second.url, `/dca/orders/${order.id}`);
    expect(after.fills).toHaveLength(1);
    expect(after.order).toMatchObject({
      openSlot: null,
      totals: {
        fills: 1,
        spent: { amountBase: '100000000000000000' },
        received: { amountBase: fill.amountOut?.amountBase },
      },
    });
    expect(await reader.getTransactionCount(wallet)).toBe(nonce + 1);
    expect((await usdcOf()) - usdcBefore).toBe(BigInt(fill.amountOut?.amountBase ?? -1));
    const executions = await getJson<{ items: ExecutionDto[] }>(second.url, '/executions?limit=100');
    expect(executions.items.map((e) => [e.action, e.status, e.txHash])).toEqual([
      ['dca-fill', 'confirmed', fill.txHash],
    ]);
    const governor = await getJson<GovernorStatusDto>(second.url, '/governor/status');
    expect(governor.openReservations).toEqual([]);
    second.child.kill('SIGTERM');
  });
});
