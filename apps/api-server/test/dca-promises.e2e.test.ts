import { devnetTokenList } from '@org/chain-evm';
import { mintToken, type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { Contract, JsonRpcProvider } from 'ethers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DcaOrderDetailDto, DcaOrderDto, DcaOrderPageDto } from '../src/dto/dca.js';
import type { ExecutionDto } from '../src/dto/execution.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// The money-paths review's DCA runs, over HTTP on the devnet (each failed on main before its fix): a pause during a
// fill's approval wait (M1), a dust remainder of maxTotalIn (M11), a late first tick with sparse ticks (M10), an
// order above the per-transaction cap (M16), an impossible date (M17), ETH→WETH (M18). The scheduler's clock is the
// test's (ticks driven with `services.dca.tick()`); effects are read from the chain with a separate provider.
const ACCOUNT = 8;
const HOUR = 3_600;
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let offsetMs = 0;
const clock = () => Date.now() + offsetMs;
const erc20 = ['function balanceOf(address) view returns (uint256)'];
const servers: TestServer[] = [];

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
  for (const s of servers.splice(0)) await s.close();
});
afterAll(async () => {
  reader?.destroy();
  await devnet?.stop();
});

const wallet = () => devnet.manifest.accounts[ACCOUNT]!.address;
const usdc = () => devnet.manifest.tokens.usdc.address;
const wbtc = () => devnet.manifest.tokens.wbtc.address;
const balanceOf = async (token: string) =>
  (await new Contract(token, erc20, reader).getFunction('balanceOf')(wallet())) as bigint;

async function advance(seconds: number): Promise<void> {
  offsetMs += seconds * 1_000;
  await reader.send('evm_increaseTime', [seconds]);
  await reader.send('evm_mine', []);
}

async function server(env: Record<string, string> = {}): Promise<TestServer> {
  const c = devnet.manifest.contracts;
  const s = await startTestServer(
    {
      RPC_URL_DEVNET: devnet.rpcUrl,
      UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
      UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
      WALLET_PRIVATE_KEY: devnet.manifest.accounts[ACCOUNT]!.privateKey,
      GOPLUS_BASE_URL: 'http://127.0.0.1:9',
      DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
      PROVIDER_TIMEOUT_MS: '200',
      GOVERNOR_MAX_PER_TX: '1',
      GOVERNOR_DAILY_LIMIT: '10',
      GOVERNOR_SESSION_LIMIT: '10',
      DCA_TICK_SECONDS: '0',
      TX_REPLACE_AFTER_MS: '600000',
      ...env,
    },
    { clock, swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
  servers.push(s);
  return s;
}

const post = (s: TestServer, path: string, body?: unknown) =>
  s.call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
async function created(s: TestServer, body: Record<string, unknown>): Promise<DcaOrderDto> {
  const res = await post(s, '/dca/orders', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as DcaOrderDto;
}
const detail = async (s: TestServer, id: string) =>
  (await (await s.call(`/dca/orders/${id}`)).json()) as DcaOrderDetailDto;
const executions = async (s: TestServer) =>
  ((await (await s.call('/executions?limit=100')).json()) as { items: ExecutionDto[] }).items;

describe('M1: a pause over HTTP while a fill waits for its approval', () => {
  it('no swap is signed after the pause: the approval settles, the fill is skipped DCA_ORDER_PAUSED', async () => {
    const s = await server();
    const order = await created(s, {
      tokenIn: usdc(),
      tokenOut: wbtc(),
      amountPerFill: '300',
      interval: 'hourly',
    });
    const nonce = await reader.getTransactionCount(wallet());
    const usdcBefore = await balanceOf(usdc());
    await reader.send('evm_setAutomine', [false]);
    const tick = s.services.dca.tick();
    // The fill's exact approval waits in the mempool.
    await until('the approval in the mempool', async () => {
      const pool = (await reader.send('txpool_status', [])) as { pending: string };
      return BigInt(pool.pending) > 0n ? true : undefined;
    });
    expect((await detail(s, order.id)).fills[0]).toMatchObject({ slot: 0, status: 'running' });
    const paused = await post(s, `/dca/orders/${order.id}/pause`);
    expect(paused.status).toBe(200);
    const pausedAt = Date.now();
    await reader.send('evm_mine', []);
    await reader.send('evm_setAutomine', [true]);
    await tick;

    const d = await detail(s, order.id);
    expect(d.order).toMatchObject({ status: 'paused', openSlot: null, totals: { fills: 0, skipped: 1 } });
    expect(d.fills).toHaveLength(1);
    expect(d.fills[0]).toMatchObject({ slot: 0, status: 'skipped', code: 'DCA_ORDER_PAUSED' });
    // The chain: the approval only (one transaction), no USDC left the wallet.
    expect(await reader.getTransactionCount(wallet())).toBe(nonce + 1);
    expect(await balanceOf(usdc())).toBe(usdcBefore);
    const all = await executions(s);
    expect(all.map((e) => [e.action, e.status])).toEqual([['approve', 'confirmed']]);
    expect(all.every((e) => Date.parse(e.createdAt) < pausedAt)).toBe(true);
  });
});

describe('M11: a dust remainder of maxTotalIn', () => {
  it('0.0333 ETH a fill up to 0.1: three fills, then the order completes DCA_REMAINDER_TOO_SMALL with the reason', async () => {
    const s = await server();
    const order = await created(s, {
      tokenIn: 'ETH',
      tokenOut: usdc(),
      amountPerFill: '0.0333',
      maxTotalIn: '0.1',
      interval: 'hourly',
    });
    const nonce = await reader.getTransactionCount(wallet());
    for (let k = 0; k < 4; k++) {
      await s.services.dca.tick();
      await advance(HOUR);
    }
    const d = await detail(s, order.id);
    expect(d.fills.map((f) => [f.slot, f.status, f.code])).toEqual([
      [3, 'skipped', 'DCA_REMAINDER_TOO_SMALL'],
      [2, 'filled', null],
      [1, 'filled', null],
      [0, 'filled', null],
    ]);
    expect(d.fills[0]?.reason).toMatch(
      /maxTotalIn leaves \(100000000000000 base units\) is not worth its gas/,
    );
    expect(d.order).toMatchObject({
      status: 'completed',
      nextRunAt: null,
      lastError: { code: 'DCA_REMAINDER_TOO_SMALL', slot: 3 },
      totals: { fills: 3, skipped: 1, spent: { amountBase: '99900000000000000' } },
    });
    // Three swaps on the chain, nothing more.
    expect(await reader.getTransactionCount(wallet())).toBe(nonce + 3);
    expect((await s.services.dca.tick()).claimed).toBe(0);
  });
});

describe('M10: the grace follows DCA_TICK_SECONDS', () => {
  it('DCA_TICK_SECONDS=600: a slot first seen 15 min late is filled, not skipped DCA_SLOT_MISSED', async () => {
    const s = await server({ DCA_TICK_SECONDS: '600' });
    const order = await created(s, {
      tokenIn: 'ETH',
      tokenOut: usdc(),
      amountPerFill: '0.01',
      interval: 'hourly',
    });
    await advance(15 * 60);
    await s.services.dca.tick();
    const d = await detail(s, order.id);
    expect(d.fills.map((f) => [f.slot, f.status, f.code])).toEqual([[0, 'filled', null]]);
  });
});

describe('orders that can never fill, and bad dates and pairs, are refused at creation', () => {
  it('M16: 1.5 ETH a fill with GOVERNOR_MAX_PER_TX=1 → 422 PER_TX_LIMIT_EXCEEDED; nothing stored', async () => {
    const s = await server();
    const res = await post(s, '/dca/orders', {
      tokenIn: 'ETH',
      tokenOut: usdc(),
      amountPerFill: '1.5',
      interval: 'hourly',
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'PER_TX_LIMIT_EXCEEDED' });
    const list = (await (await s.call('/dca/orders')).json()) as DcaOrderPageDto;
    expect(list.items).toEqual([]);
    // Within the cap it is accepted.
    await created(s, { tokenIn: 'ETH', tokenOut: usdc(), amountPerFill: '0.5', interval: 'hourly' });
  });

  it('M17: firstRunAt 2027-02-30 → 422 naming firstRunAt (not 2 March); 2027-02-28 is accepted', async () => {
    const s = await server();
    const body = { tokenIn: 'ETH', tokenOut: usdc(), amountPerFill: '0.01', intervalMonths: 1 };
    for (const bad of [
      '2027-02-30T09:00:00Z',
      '2027-04-31T09:00:00Z',
      '2027-01-10T24:00:00Z',
      '2027-01-10T09:60:00Z',
    ]) {
      const res = await post(s, '/dca/orders', { ...body, firstRunAt: bad });
      expect(res.status, bad).toBe(422);
      expect(await res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { firstRunAt: expect.any(String) },
      });
    }
    const ok = await created(s, { ...body, firstRunAt: '2027-02-28T09:00:00+02:00' });
    expect(ok.firstRunAt).toBe('2027-02-28T07:00:00.000Z');
  });

  it('M18: ETH→WETH (and WETH→ETH) → 422 SWAP_SAME_TOKEN, not a token-safety code', async () => {
    const s = await server();
    const weth = devnet.manifest.contracts.weth;
    for (const [tokenIn, tokenOut] of [
      ['ETH', weth],
      [weth, 'ETH'],
    ]) {
      const res = await post(s, '/dca/orders', {
        tokenIn,
        tokenOut,
        amountPerFill: '0.01',
        interval: 'hourly',
      });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ code: 'SWAP_SAME_TOKEN' });
    }
  });
});
