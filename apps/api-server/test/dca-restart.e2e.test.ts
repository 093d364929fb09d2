import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { mintToken, type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { Contract, JsonRpcProvider } from 'ethers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DcaOrderDetailDto, DcaOrderDto, DcaStatsDto } from '../src/dto/dca.js';
import type { ExecutionDto } from '../src/dto/execution.js';
import { TEST_API_KEY } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// The production server (`node dist/start.js`, its scheduler on its own 1 s timer) SIGKILLed while a DCA fill's
// exact approval waits in the mempool (automine off), then restarted on the same data directory:
// - M1: the order cancelled from the operator CLI while the server is down → after the restart no swap is ever sent
//   (the chain's nonce and balances, read directly);
// - M15: not cancelled → the approval sent before the crash is not sent again: one approval, one swap.
// - M20: a second server on the same data directory is refused at start.
const ACCOUNT = 9;
const entry = fileURLToPath(new URL('../dist/start.js', import.meta.url));
const cli = fileURLToPath(new URL('../dist/operator-cli.js', import.meta.url));
const run = promisify(execFile);
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
const children: ChildProcessWithoutNullStreams[] = [];
const erc20 = ['function balanceOf(address) view returns (uint256)'];

beforeAll(async () => {
  devnet = await startDevnet();
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  await mintToken({ devnet, token: devnet.manifest.tokens.usdc, to: wallet(), amount: 10n ** 12n });
});
afterEach(async () => {
  await reader.send('evm_setAutomine', [true]);
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(async () => {
  reader?.destroy();
  await devnet?.stop();
});

const wallet = () => devnet.manifest.accounts[ACCOUNT]!.address;
const usdc = () => devnet.manifest.tokens.usdc.address;
const usdcOf = async () =>
  (await new Contract(usdc(), erc20, reader).getFunction('balanceOf')(wallet())) as bigint;
const nonce = () => reader.getTransactionCount(wallet());

function spawnServer(dataDir: string): ChildProcessWithoutNullStreams {
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
      RECEIPT_TIMEOUT_MS: '120000',
      TX_REPLACE_AFTER_MS: '600000',
      DCA_TICK_SECONDS: '1',
    },
  });
  children.push(child);
  return child;
}

/** Starts the production entry on `dataDir`; resolves with its URL once it listens. */
function start(dataDir: string): Promise<{ url: string; child: ChildProcessWithoutNullStreams }> {
  const child = spawnServer(dataDir);
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
const kill = async (child: ChildProcessWithoutNullStreams) => {
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
};

/**
 * Creates a USDC → ETH order of `amount` (above the router's allowance: an exact approval first) and waits for slot
 * 0's approval in the mempool.
 */
async function orderWithApprovalInMempool(url: string, amount: string): Promise<DcaOrderDto> {
  await reader.send('evm_setAutomine', [false]);
  const res = await call(url, '/dca/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokenIn: usdc(), tokenOut: 'ETH', amountPerFill: amount, interval: 'hourly' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const order = (await res.json()) as DcaOrderDto;
  await until('the approval in the mempool', async () => {
    const pool = (await reader.send('txpool_status', [])) as { pending: string };
    return BigInt(pool.pending) > 0n ? true : undefined;
  });
  const open = await getJson<DcaOrderDetailDto>(url, `/dca/orders/${order.id}`);
  expect(open.fills[0]).toMatchObject({ slot: 0, status: 'running' });
  return order;
}

/** Waits until the server's scheduler ticked at least twice more. */
async function twoMoreTicks(url: string): Promise<void> {
  const ticked = (await getJson<DcaStatsDto>(url, '/dca/stats')).scheduler.lastTickAt as string;
  await until('two more ticks', async () => {
    const at = (await getJson<DcaStatsDto>(url, '/dca/stats')).scheduler.lastTickAt as string;
    return Date.parse(at) >= Date.parse(ticked) + 1_500 ? true : undefined;
  });
}

describe('SIGKILL while a fill waits for its approval, then a restart', () => {
  it('M1: cancelled from the CLI while the server is down → no swap after the restart; the fill is skipped', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-dca-cancel-')), 'data');
    const before = { nonce: await nonce(), usdc: await usdcOf() };
    const first = await start(dataDir);
    const order = await orderWithApprovalInMempool(first.url, '300');
    await kill(first.child);
    await reader.send('evm_mine', []);
    await reader.send('evm_setAutomine', [true]);
    expect(await nonce()).toBe(before.nonce + 1); // the approval

    const { stdout } = await run(process.execPath, [cli, 'dca', 'cancel', order.id], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    });
    expect(JSON.parse(stdout)).toMatchObject({ id: order.id, status: 'cancelled' });

    const second = await start(dataDir);
    const settled = await until(
      'the fill settled after the restart',
      async () => {
        const d = await getJson<DcaOrderDetailDto>(second.url, `/dca/orders/${order.id}`);
        return d.fills[0]?.status === 'running' ? undefined : d;
      },
      { ms: 30_000, intervalMs: 100 },
    );
    expect(settled.fills).toHaveLength(1);
    expect(settled.fills[0]).toMatchObject({ slot: 0, status: 'skipped', code: 'DCA_ORDER_CANCELLED' });
    await twoMoreTicks(second.url);
    const after = await getJson<DcaOrderDetailDto>(second.url, `/dca/orders/${order.id}`);
    expect(after.order).toMatchObject({
      status: 'cancelled',
      openSlot: null,
      totals: { fills: 0, skipped: 1 },
    });
    // The chain: the approval only; not one USDC left the wallet.
    expect(await nonce()).toBe(before.nonce + 1);
    expect(await usdcOf()).toBe(before.usdc);
    const executions = await getJson<{ items: ExecutionDto[] }>(second.url, '/executions?limit=100');
    expect(executions.items.map((e) => e.action)).toEqual(['approve']);
    second.child.kill('SIGTERM');
  });

  it('M15: not cancelled → the approval in flight is not sent again: one approval and one swap on the chain', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-dca-approve-')), 'data');
    const before = { nonce: await nonce(), usdc: await usdcOf() };
    const first = await start(dataDir);
    // 400: above the 300 the first test left approved, so this fill needs its own approval.
    const order = await orderWithApprovalInMempool(first.url, '400');
    await kill(first.child);

    // Restarted with the approval still in the mempool: the fill waits for it rather than approving again.
    const second = await start(dataDir);
    const pending = async () =>
      BigInt(((await reader.send('txpool_status', [])) as { pending: string }).pending);
    const waiting = await until(
      'the restarted fill waiting for the approval (or a second approval sent)',
      async () => {
        const d = await getJson<DcaOrderDetailDto>(second.url, `/dca/orders/${order.id}`);
        if ((await pending()) > 1n) return d;
        return d.order.lastError?.reason.includes('APPROVAL_PENDING') ? d : undefined;
      },
      { ms: 90_000, intervalMs: 200 },
    );
    expect(await pending()).toBe(1n); // the approval from before the crash, nothing more
    expect(waiting.order.lastError?.reason).toContain('APPROVAL_PENDING');
    await reader.send('evm_setAutomine', [true]);
    await reader.send('evm_mine', []);
    const settled = await until(
      'the fill filled',
      async () => {
        const d = await getJson<DcaOrderDetailDto>(second.url, `/dca/orders/${order.id}`);
        return d.fills[0]?.status === 'filled' ? d : undefined;
      },
      { ms: 120_000, intervalMs: 250 },
    );
    await twoMoreTicks(second.url);
    expect(await nonce()).toBe(before.nonce + 2); // one approval, one swap
    expect(before.usdc - (await usdcOf())).toBe(400_000_000n);
    const receipt = await reader.getTransactionReceipt(settled.fills[0]?.txHash as string);
    expect(receipt?.status).toBe(1);
    const executions = await getJson<{ items: ExecutionDto[] }>(second.url, '/executions?limit=100');
    expect(executions.items.map((e) => [e.action, e.status]).sort()).toEqual([
      ['approve', 'confirmed'],
      ['dca-fill', 'confirmed'],
    ]);
    second.child.kill('SIGTERM');
    // Two starts and the scheduler's 30 s re-check of an open fill: longer than the default time-out.
  }, 180_000);
});

describe('M20: one server process per data directory', () => {
  it('a second server on the same DATA_DIR exits 1 naming the first; after the first is killed, a restart takes over', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-dca-twice-')), 'data');
    const first = await start(dataDir);
    const twin = spawnServer(dataDir);
    let stderr = '';
    twin.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const code = await new Promise<number | null>((resolve) => twin.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(`is in use by server process ${first.child.pid}`);
    // The first one still answers.
    expect((await call(first.url, '/dca/stats')).status).toBe(200);
    await kill(first.child);
    const again = await start(dataDir); // the dead process's lock is taken over
    expect((await call(again.url, '/dca/stats')).status).toBe(200);
    again.child.kill('SIGTERM');
  });
});
