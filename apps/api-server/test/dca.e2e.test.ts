import { devnetTokenList } from '@org/chain-evm';
import {
  mintToken,
  type StartDevnetReturnType,
  startDevnet,
  switchableTokenAbi,
  uniswapV2RouterAbi,
  waitMined,
} from '@org/devnet';
import { Contract, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  DcaFillDto,
  DcaOrderDetailDto,
  DcaOrderDto,
  DcaOrderPageDto,
  DcaStatsDto,
} from '../src/dto/dca.js';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { SwapQuoteDto } from '../src/dto/swap.js';
import { rawHttp } from './helpers/rawHttp.js';
import { openEvents } from './helpers/readEvents.js';
import { startTestServer, TEST_API_KEY, type TestServer } from './helpers/startTestServer.js';

// Recurring buys end to end over HTTP on the devnet, with time under the test's control: the scheduler's clock is
// injected (the chain's time: wall clock + the offset the test adds with evm_increaseTime) and ticks are driven with
// `services.dca.tick()` (DCA_TICK_SECONDS=0: no timer). Every fill is a real swap through the execution gateway;
// every effect is read from the chain with a separate provider.
const ACCOUNT = 6;
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
  await mintToken({ devnet, token: devnet.manifest.tokens.usdc, to: wallet(), amount: 10n ** 12n }); // 1M USDC
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
afterAll(async () => {
  reader?.destroy();
  await devnet?.stop();
});

const wallet = () => devnet.manifest.accounts[ACCOUNT]!.address as `0x${string}`;
const usdc = () => devnet.manifest.tokens.usdc.address;
const weth = () => devnet.manifest.contracts.weth;
const wbtc = () => devnet.manifest.tokens.wbtc.address;
const balanceOf = async (token: string) =>
  (await new Contract(token, erc20, reader).getFunction('balanceOf')(wallet())) as bigint;
const nonce = () => reader.getTransactionCount(wallet());

/** Moves the chain's time and the scheduler's clock together. */
async function advance(seconds: number): Promise<void> {
  offsetMs += seconds * 1_000;
  await reader.send('evm_increaseTime', [seconds]);
  await reader.send('evm_mine', []);
}

async function server(env: Record<string, string> = {}): Promise<TestServer> {
  const c = devnet.manifest.contracts;
  const started = await startTestServer(
    {
      RPC_URL_DEVNET: devnet.rpcUrl,
      UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
      UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
      WALLET_PRIVATE_KEY: devnet.manifest.accounts[ACCOUNT]!.privateKey,
      GOPLUS_BASE_URL: 'http://127.0.0.1:9',
      DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
      PROVIDER_TIMEOUT_MS: '200',
      PROVIDER_CACHE_TTL_MS: '0',
      GOVERNOR_MAX_PER_TX: '1',
      GOVERNOR_DAILY_LIMIT: '10',
      GOVERNOR_SESSION_LIMIT: '10',
      DCA_TICK_SECONDS: '0',
      ...env,
    },
    { clock, swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
  servers.push(started);
  return started;
}

const json = { 'content-type': 'application/json' };
async function create(s: TestServer, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return s.call('/dca/orders', {
    method: 'POST',
    headers: { ...json, ...headers },
    body: JSON.stringify(body),
  });
}
async function created(s: TestServer, body: Record<string, unknown>): Promise<DcaOrderDto> {
  const res = await create(s, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as DcaOrderDto;
}
async function detail(s: TestServer, id: string): Promise<DcaOrderDetailDto> {
  const res = await s.call(`/dca/orders/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as DcaOrderDetailDto;
}
const fillOf = (d: DcaOrderDetailDto, slot: number) => d.fills.find((f) => f.slot === slot) as DcaFillDto;
// Buying WBTC with USDC (two hops through WETH): ERC-20 balances on both sides, read exactly.
const buy = (extra: Record<string, unknown> = {}) => ({
  tokenIn: usdc(),
  tokenOut: wbtc(),
  amountPerFill: '300',
  interval: 'hourly',
  ...extra,
});

/** The fill's swap, read from the chain: mined with success, sent by the wallet to a router. */
async function expectMinedSwap(fill: DcaFillDto): Promise<void> {
  expect(fill.status).toBe('filled');
  const receipt = await reader.getTransactionReceipt(fill.txHash as string);
  expect(receipt?.status).toBe(1);
  expect(receipt?.from).toBe(wallet());
  expect([
    devnet.manifest.contracts.uniswapV2Router02,
    devnet.manifest.contracts.uniswapV3SwapRouter,
  ]).toContain(receipt?.to);
}

describe('a recurring buy fills at its interval with real swaps', () => {
  it('create → slot 0 now, slot 1 an hour later; what the chain moved is what the fills say; events on /events', async () => {
    const s = await server();
    const stream = openEvents(
      `${s.url}/events`,
      { 'X-API-Key': TEST_API_KEY },
      (events) => events.filter((e) => e.event === 'dca.filled').length >= 2,
      60_000,
    );
    await stream.opened;
    const usdcBefore = await balanceOf(usdc());
    const btcBefore = await balanceOf(wbtc());
    const order = await created(s, buy());
    expect(order).toMatchObject({
      status: 'active',
      amountPerFill: { amount: '300.0', amountBase: '300000000', decimals: 6, token: usdc() },
      interval: { kind: 'seconds', seconds: 3_600, name: 'hourly' },
      nextSlot: 0,
      catchUp: 'skip',
      slippageBps: 50,
    });

    expect((await s.services.dca.tick()).filled).toBe(1);
    let d = await detail(s, order.id);
    await expectMinedSwap(fillOf(d, 0));
    // Nothing more at the same time: the slot is done.
    expect((await s.services.dca.tick()).claimed).toBe(0);
    expect(d.fills).toHaveLength(1);

    await advance(HOUR);
    expect((await s.services.dca.tick()).filled).toBe(1);
    d = await detail(s, order.id);
    await expectMinedSwap(fillOf(d, 1));
    expect(d.order.totals).toMatchObject({ fills: 2, skipped: 0, blocked: 0, failed: 0 });
    // Read with a fresh provider: exactly 2 × 300 USDC left, and the WBTC that arrived is what the fills received.
    expect(usdcBefore - (await balanceOf(usdc()))).toBe(600_000_000n);
    const received =
      BigInt(fillOf(d, 0).amountOut?.amountBase ?? 0) + BigInt(fillOf(d, 1).amountOut?.amountBase ?? 0);
    expect((await balanceOf(wbtc())) - btcBefore).toBe(received);
    expect(d.order.totals.received.amountBase).toBe(received.toString());
    expect(d.order.totals.spent.amountBase).toBe('600000000');
    // Each fill is a dca-fill execution of the gateway, at least its minimum out.
    const execution = (await (
      await s.call(`/executions/${fillOf(d, 1).executionId}`)
    ).json()) as ExecutionDto;
    expect(execution).toMatchObject({ action: 'dca-fill', status: 'confirmed', txHash: fillOf(d, 1).txHash });
    expect(BigInt(fillOf(d, 1).amountOut?.amountBase ?? 0)).toBeGreaterThanOrEqual(
      BigInt(fillOf(d, 1).minAmountOut?.amountBase ?? -1),
    );
    const { events } = await stream.result;
    const filled = events.filter((e) => e.event === 'dca.filled').map((e) => JSON.parse(e.data));
    expect(filled.map((e) => [e.data.orderId, e.data.slot, e.data.fill.txHash])).toEqual([
      [order.id, 0, fillOf(d, 0).txHash],
      [order.id, 1, fillOf(d, 1).txHash],
    ]);
  });

  it('stats per token pair never sum different tokens; list pages and the status filter', async () => {
    const s = await server();
    const a = await created(s, buy());
    const b = await created(s, buy({ amountPerFill: '600' }));
    const c = await created(s, buy({ tokenOut: devnet.manifest.tokens.dai.address }));
    expect((await s.services.dca.tick()).filled).toBe(3);
    const stats = (await (await s.call('/dca/stats')).json()) as DcaStatsDto;
    expect(stats.orders).toEqual({ active: 3, paused: 0, cancelled: 0, completed: 0 });
    expect(stats.fills).toEqual({ filled: 3, skipped: 0, blocked: 0, failed: 0 });
    expect(stats.successRateBps).toBe(10_000);
    const btcPair = stats.pairs.find((p) => p.tokenOut.token === wbtc());
    const daiPair = stats.pairs.find((p) => p.tokenOut.token === devnet.manifest.tokens.dai.address);
    expect(btcPair).toMatchObject({ orders: 2, fills: 2, spent: { amountBase: '900000000' } });
    expect(daiPair).toMatchObject({ orders: 1, fills: 1, spent: { amountBase: '300000000' } });
    const [da, db, dc] = await Promise.all([a, b, c].map((o) => detail(s, o.id)));
    expect(btcPair?.received.amountBase).toBe(
      (
        BigInt(da!.order.totals.received.amountBase) + BigInt(db!.order.totals.received.amountBase)
      ).toString(),
    );
    expect(daiPair?.received.amountBase).toBe(dc!.order.totals.received.amountBase);
    // A WBTC price around 60,000 USDC, a DAI price around 1 USDC: never averaged together.
    expect(Number(btcPair?.averagePrice?.price)).toBeGreaterThan(50_000);
    expect(Number(daiPair?.averagePrice?.price)).toBeLessThan(1.1);

    await s.call(`/dca/orders/${b.id}/pause`, { method: 'POST' });
    const first = (await (await s.call('/dca/orders?limit=2')).json()) as DcaOrderPageDto;
    expect(first.items.map((o) => o.id)).toEqual([c.id, b.id]);
    const second = (await (
      await s.call(`/dca/orders?limit=2&cursor=${encodeURIComponent(first.nextCursor as string)}`)
    ).json()) as DcaOrderPageDto;
    expect(second.items.map((o) => o.id)).toEqual([a.id]);
    expect(second.nextCursor).toBeNull();
    const paused = (await (await s.call('/dca/orders?status=paused')).json()) as DcaOrderPageDto;
    expect(paused.items.map((o) => o.id)).toEqual([b.id]);
    expect((await s.call('/dca/orders?status=sleeping')).status).toBe(422);
  });
});

describe('pause and resume', () => {
  it('paused → no fill across three slots; resumed → fills again from the next slot, the paused ones never run', async () => {
    const s = await server();
    const order = await created(s, buy());
    await s.services.dca.tick();
    // No body, no content type: what `curl -X POST` sends.
    const pause = await s.call(`/dca/orders/${order.id}/pause`, { method: 'POST' });
    expect(pause.status).toBe(200);
    expect(((await pause.json()) as DcaOrderDto).pausedReason).toMatchObject({ code: 'PAUSED_BY_USER' });
    const usdcPaused = await balanceOf(usdc());
    const noncePaused = await nonce();
    for (let i = 0; i < 3; i++) {
      await advance(HOUR);
      expect((await s.services.dca.tick()).filled).toBe(0);
    }
    expect(await balanceOf(usdc())).toBe(usdcPaused);
    expect(await nonce()).toBe(noncePaused);
    expect((await detail(s, order.id)).fills.map((f) => f.slot)).toEqual([0]);
    // Pausing twice is a conflict.
    const again = await s.call(`/dca/orders/${order.id}/pause`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('DCA_INVALID_TRANSITION');

    const resume = await s.call(`/dca/orders/${order.id}/resume`, { method: 'POST' });
    expect(resume.status).toBe(200);
    const resumed = (await resume.json()) as DcaOrderDto;
    expect(resumed).toMatchObject({ status: 'active', nextSlot: 4, pausedReason: null });
    expect(Date.parse(resumed.nextRunAt as string)).toBeGreaterThanOrEqual(clock() - 1_000);
    expect((await s.services.dca.tick()).filled).toBe(0); // slot 4 is not due yet: no burst
    await advance(HOUR);
    expect((await s.services.dca.tick()).filled).toBe(1);
    const d = await detail(s, order.id);
    expect(d.fills.map((f) => [f.slot, f.status])).toEqual([
      [4, 'filled'],
      [0, 'filled'],
    ]);
    await expectMinedSwap(fillOf(d, 4));
    expect(usdcPaused - (await balanceOf(usdc()))).toBe(300_000_000n);
  });

  it('cancel is terminal: DELETE → cancelled, again → 409; resume of an active order → 409; unknown id → 404', async () => {
    const s = await server();
    const order = await created(s, buy());
    // Pause and resume work without a body, as `curl -X POST` sends them (no Content-Length, no Content-Type).
    for (const command of ['pause', 'resume']) {
      const raw = await rawHttp(
        s.url,
        `POST /dca/orders/${order.id}/${command} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: curl/8.5.0\r\nAccept: */*\r\nX-API-Key: ${TEST_API_KEY}\r\nConnection: close\r\n\r\n`,
      );
      expect(raw.status, raw.body).toBe(200);
    }
    const resume = await s.call(`/dca/orders/${order.id}/resume`, { method: 'POST' });
    expect(resume.status).toBe(409);
    expect(((await resume.json()) as { code: string }).code).toBe('DCA_INVALID_TRANSITION');
    const cancel = await s.call(`/dca/orders/${order.id}`, { method: 'DELETE' });
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as DcaOrderDto).status).toBe('cancelled');
    expect((await s.call(`/dca/orders/${order.id}`, { method: 'DELETE' })).status).toBe(409);
    expect((await s.call(`/dca/orders/${order.id}/pause`, { method: 'POST' })).status).toBe(409);
    expect((await s.services.dca.tick()).filled).toBe(0);
    for (const path of ['/dca/orders/0192aaaa-0000-7000-8000-000000000000', '/dca/orders/nope/pause']) {
      const res = await s.call(path, { method: path.endsWith('pause') ? 'POST' : 'GET' });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('DCA_ORDER_NOT_FOUND');
    }
  });
});

describe('limits', () => {
  it('maxFills → completed after the last fill; nothing runs after', async () => {
    const s = await server();
    const order = await created(s, buy({ maxFills: 2 }));
    await s.services.dca.tick();
    await advance(HOUR);
    await s.services.dca.tick();
    const d = await detail(s, order.id);
    expect(d.order).toMatchObject({ status: 'completed', nextRunAt: null, totals: { fills: 2 } });
    const usdcDone = await balanceOf(usdc());
    await advance(HOUR);
    expect((await s.services.dca.tick()).claimed).toBe(0);
    expect(await balanceOf(usdc())).toBe(usdcDone);
  });

  it('maxTotalIn cuts the last fill to the remainder, then completes', async () => {
    const s = await server();
    const usdcBefore = await balanceOf(usdc());
    const order = await created(s, buy({ amountPerFill: '600', maxTotalIn: '1500' }));
    for (let i = 0; i < 3; i++) {
      if (i > 0) await advance(HOUR);
      expect((await s.services.dca.tick()).filled).toBe(1);
    }
    const d = await detail(s, order.id);
    expect(d.fills.map((f) => f.amountIn.amountBase)).toEqual(['300000000', '600000000', '600000000']);
    expect(d.order).toMatchObject({
      status: 'completed',
      totals: { fills: 3, spent: { amountBase: '1500000000' } },
    });
    await expectMinedSwap(fillOf(d, 2));
    expect(usdcBefore - (await balanceOf(usdc()))).toBe(1_500_000_000n);
  });
});

describe('what stops fills, and says so', () => {
  it("the governor's daily cap blocks fills (reason on the order and in the stats); the order waits, it does not pause", async () => {
    // Two fills of 300 USDC (≈ 0.1 ETH each, plus gas) fit under 0.25 ETH a day; the third does not.
    const s = await server({ GOVERNOR_DAILY_LIMIT: '0.25' });
    const order = await created(s, buy());
    await s.services.dca.tick();
    await advance(HOUR);
    await s.services.dca.tick();
    await advance(HOUR);
    const stream = openEvents(
      `${s.url}/events`,
      { 'X-API-Key': TEST_API_KEY },
      (events) => events.some((e) => e.event === 'dca.blocked'),
      30_000,
    );
    await stream.opened;
    expect((await s.services.dca.tick()).blocked).toBe(1);
    let d = await detail(s, order.id);
    expect(fillOf(d, 2)).toMatchObject({ status: 'blocked', code: 'DAILY_LIMIT_EXCEEDED', txHash: null });
    expect(d.order).toMatchObject({ status: 'active', lastError: { code: 'DAILY_LIMIT_EXCEEDED', slot: 2 } });
    const blockedEvent = (await stream.result).events.find((e) => e.event === 'dca.blocked');
    expect(JSON.parse(blockedEvent?.data ?? '{}').data).toMatchObject({
      orderId: order.id,
      code: 'DAILY_LIMIT_EXCEEDED',
    });
    // More slots under the cap: blocked each time, never paused (a cap reached is not a failure).
    for (let i = 0; i < 3; i++) {
      await advance(HOUR);
      await s.services.dca.tick();
    }
    d = await detail(s, order.id);
    expect(d.order).toMatchObject({
      status: 'active',
      consecutiveFailures: 0,
      totals: { fills: 2, blocked: 4 },
    });
    const stats = (await (await s.call('/dca/stats')).json()) as DcaStatsDto;
    expect(stats.fills).toMatchObject({ filled: 2, blocked: 4 });
    expect(stats.lastErrors).toEqual([
      expect.objectContaining({ code: 'DAILY_LIMIT_EXCEEDED', orders: 1, orderId: order.id }),
    ]);
    expect(stats.successRateBps).toBe(3_333);
  });

  it('an order into a token that turns unsafe after creation pauses itself with the reason; nothing is sent', async () => {
    const s = await server();
    const switchable = devnet.manifest.tokens.switchable.address;
    const order = await created(s, buy({ tokenOut: switchable }));
    expect((await s.services.dca.tick()).filled).toBe(1);
    const admin = new Wallet(devnet.manifest.accounts[1]!.privateKey, reader);
    const token = new Contract(switchable, switchableTokenAbi, admin);
    await waitMined(token.getFunction('setBlocked')(true));
    try {
      const stream = openEvents(
        `${s.url}/events`,
        { 'X-API-Key': TEST_API_KEY },
        (events) => events.some((e) => e.event === 'dca.paused'),
        30_000,
      );
      await stream.opened;
      const before = await nonce();
      await advance(HOUR);
      const summary = await s.services.dca.tick();
      expect(summary).toMatchObject({ filled: 0, blocked: 1, paused: 1 });
      const d = await detail(s, order.id);
      expect(['TOKEN_UNSAFE', 'TOKEN_SAFETY_UNKNOWN']).toContain(fillOf(d, 1).code);
      expect(d.order).toMatchObject({
        status: 'paused',
        nextRunAt: null,
        pausedReason: { code: 'TOKEN_UNSAFE', slot: 1 },
      });
      expect(await nonce()).toBe(before); // no approval, no swap
      const paused = (await stream.result).events.find((e) => e.event === 'dca.paused');
      expect(JSON.parse(paused?.data ?? '{}').data).toMatchObject({
        orderId: order.id,
        code: 'TOKEN_UNSAFE',
      });
      const stats = (await (await s.call('/dca/stats')).json()) as DcaStatsDto;
      expect(stats.paused.TOKEN_UNSAFE).toBe(1);
      // Later slots do not run while paused.
      await advance(HOUR);
      expect((await s.services.dca.tick()).claimed).toBe(0);
    } finally {
      await waitMined(token.getFunction('setBlocked')(false));
    }
  });

  it('a price band skips the slot when the pool is moved outside it (checked on a fresh quote); nothing is sent', async () => {
    const s = await server();
    const quote = (await (
      await s.call(`/swap/quote?tokenIn=${usdc()}&tokenOut=${wbtc()}&amountIn=300`)
    ).json()) as SwapQuoteDto;
    // The price now (USDC per WBTC) less 3%: today's fill is inside the band.
    const price = (300 * 10 ** 8) / Number(quote.amountOut.amountBase);
    const order = await created(s, buy({ minPrice: (price * 0.97).toFixed(6) }));
    expect((await s.services.dca.tick()).filled).toBe(1);
    // Someone sells 150 WETH into the V2 USDC/WETH pool: WETH there gets ~25% cheaper, so does WBTC through it, and
    // the best route for the next fill is now below the order's minimum price.
    const whale = new Wallet(devnet.manifest.accounts[2]!.privateKey, reader);
    const router = new Contract(devnet.manifest.contracts.uniswapV2Router02, uniswapV2RouterAbi, whale);
    await waitMined(
      router.getFunction('swapExactETHForTokens')(0, [weth(), usdc()], whale.address, 2n ** 40n, {
        value: parseEther('150'),
      }),
    );
    const before = await nonce();
    await advance(HOUR);
    expect((await s.services.dca.tick()).skipped).toBe(1);
    const d = await detail(s, order.id);
    expect(fillOf(d, 1)).toMatchObject({ status: 'skipped', code: 'DCA_PRICE_OUT_OF_BAND', txHash: null });
    expect(d.order.status).toBe('active');
    expect(await nonce()).toBe(before);
  });
});

describe('catch-up after the scheduler was down for five slots', () => {
  it('skip records the five missed slots and runs at the next; once fills one catch-up slot, then back on schedule', async () => {
    const s = await server();
    const skip = await created(s, buy());
    const once = await created(s, buy({ catchUp: 'once' }));
    expect((await s.services.dca.tick()).filled).toBe(2);
    const usdcBefore = await balanceOf(usdc());
    // Down for five slots and a half: slots 1–5 passed without a tick.
    await advance(5 * HOUR + 1_800);
    const summary = await s.services.dca.tick();
    expect(summary).toMatchObject({ filled: 1, skipped: 9 });
    const [ds, d1] = await Promise.all([detail(s, skip.id), detail(s, once.id)]);
    expect(ds.fills.map((f) => [f.slot, f.status, f.code])).toEqual([
      [5, 'skipped', 'DCA_SLOT_MISSED'],
      [4, 'skipped', 'DCA_SLOT_MISSED'],
      [3, 'skipped', 'DCA_SLOT_MISSED'],
      [2, 'skipped', 'DCA_SLOT_MISSED'],
      [1, 'skipped', 'DCA_SLOT_MISSED'],
      [0, 'filled', null],
    ]);
    expect(d1.fills.map((f) => [f.slot, f.status])).toEqual([
      [5, 'filled'],
      [4, 'skipped'],
      [3, 'skipped'],
      [2, 'skipped'],
      [1, 'skipped'],
      [0, 'filled'],
    ]);
    await expectMinedSwap(fillOf(d1, 5));
    expect(usdcBefore - (await balanceOf(usdc()))).toBe(300_000_000n); // one catch-up fill, never a burst
    // Both back on schedule: slot 6.
    expect(ds.order.nextSlot).toBe(6);
    expect(d1.order.nextSlot).toBe(6);
    await advance(1_800);
    expect((await s.services.dca.tick()).filled).toBe(2);
  });
});

describe('a fill whose receipt is late is finished from its key, never sent again', () => {
  it('execute answers pending (receipt time-out); once mined, the next look settles it from the gateway; one swap', async () => {
    const s = await server({ RECEIPT_TIMEOUT_MS: '1000', TX_REPLACE_AFTER_MS: '600000' });
    const order = await created(s, buy({ tokenIn: 'ETH', tokenOut: usdc(), amountPerFill: '0.1' }));
    const before = await nonce();
    const usdcBefore = await balanceOf(usdc());
    await reader.send('evm_setAutomine', [false]);
    try {
      expect((await s.services.dca.tick()).pending).toBe(1);
      const d = await detail(s, order.id);
      expect(fillOf(d, 0)).toMatchObject({ status: 'pending', idempotencyKey: `dca:${order.id}:0` });
      expect(d.order.openSlot).toBe(0);
      await reader.send('evm_mine', []);
    } finally {
      await reader.send('evm_setAutomine', [true]);
    }
    // The order is looked at again after its re-check delay: no new slot meanwhile, the same key asked again.
    await advance(60);
    await s.services.dca.tick();
    const d = await detail(s, order.id);
    expect(fillOf(d, 0).status).toBe('filled');
    await expectMinedSwap(fillOf(d, 0));
    expect(await nonce()).toBe(before + 1);
    expect((await balanceOf(usdc())) - usdcBefore).toBe(BigInt(fillOf(d, 0).amountOut?.amountBase ?? -1));
    expect(d.order).toMatchObject({ openSlot: null, totals: { fills: 1 } });
  });
});

describe('creation is validated at the edge; nothing is stored when refused', () => {
  it('unknown tokens, unsafe tokens, amounts, intervals, first run, band, limits → 422 with a code', async () => {
    const s = await server();
    const cases: [Record<string, unknown>, string, string | null][] = [
      [buy({ tokenOut: 'NOPE' }), 'SWAP_TOKEN_UNKNOWN', null],
      [buy({ tokenIn: '0x1234' }), 'INVALID_ADDRESS', null],
      [buy({ tokenOut: devnet.manifest.tokens.honeypot.address }), 'TOKEN_UNSAFE', null],
      [buy({ amountPerFill: '-1' }), 'VALIDATION_FAILED', 'amountPerFill'],
      [buy({ amountPerFill: '0' }), 'VALIDATION_FAILED', 'amountPerFill'],
      [buy({ amountPerFill: '1.0000001' }), 'VALIDATION_FAILED', 'amountPerFill'],
      [buy({ interval: undefined }), 'VALIDATION_FAILED', 'interval'],
      [buy({ intervalSeconds: 3_600 }), 'VALIDATION_FAILED', 'interval'],
      [buy({ interval: undefined, intervalSeconds: 59 }), 'VALIDATION_FAILED', 'interval'],
      [buy({ interval: undefined, intervalMonths: 13 }), 'VALIDATION_FAILED', 'interval'],
      [buy({ interval: 'fortnightly' }), 'VALIDATION_FAILED', 'body.interval'],
      [buy({ firstRunAt: 'tomorrow' }), 'VALIDATION_FAILED', 'firstRunAt'],
      [buy({ firstRunAt: new Date(clock() - 86_400_000).toISOString() }), 'VALIDATION_FAILED', 'firstRunAt'],
      [buy({ minPrice: '70000', maxPrice: '60000' }), 'VALIDATION_FAILED', 'minPrice'],
      [buy({ maxPrice: '0' }), 'VALIDATION_FAILED', 'maxPrice'],
      [buy({ maxPrice: '1e5' }), 'VALIDATION_FAILED', 'maxPrice'],
      [buy({ maxFills: 0 }), 'VALIDATION_FAILED', 'maxFills'],
      [buy({ maxTotalIn: '0' }), 'VALIDATION_FAILED', 'maxTotalIn'],
      [buy({ slippageBps: 5_000 }), 'VALIDATION_FAILED', 'slippageBps'],
      [buy({ catchUp: 'twice' }), 'VALIDATION_FAILED', 'body.catchUp'],
      [buy({ tokenOut: usdc() }), 'VALIDATION_FAILED', 'tokenOut'],
    ];
    for (const [body, code, field] of cases) {
      const res = await create(s, body);
      const problem = (await res.json()) as { code: string; fields?: Record<string, string> };
      expect([res.status, problem.code], JSON.stringify(body)).toEqual([422, code]);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      if (field !== null) expect(Object.keys(problem.fields ?? {}), JSON.stringify(problem)).toContain(field);
    }
    const list = (await (await s.call('/dca/orders')).json()) as DcaOrderPageDto;
    expect(list.items).toEqual([]);
  });

  it("an order whose fills would all be skipped at today's gas → 422 DCA_FEE_TOO_HIGH (20 USDC a fill)", async () => {
    // 20 USDC ≈ 0.0067 ETH; an approval and a two-hop swap at the devnet's fees cost well over 5% of that, less
    // than all of it.
    const s = await server();
    const res = await create(s, buy({ amountPerFill: '20' }));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe('DCA_FEE_TOO_HIGH');
    // The same order at a fee share of 100%: accepted (the rule is DCA_MAX_FEE_SHARE's).
    const lax = await server({ DCA_MAX_FEE_SHARE: '10000' });
    expect((await create(lax, buy({ amountPerFill: '20' }))).status).toBe(201);
    expect(((await (await s.call('/dca/orders')).json()) as DcaOrderPageDto).items).toEqual([]);
  });

  it('Idempotency-Key: a repeat returns the first order and creates nothing; the key with another body → 422', async () => {
    const s = await server();
    const key = { 'Idempotency-Key': 'dca-create-1' };
    const first = await create(s, buy(), key);
    const again = await create(s, buy(), key);
    expect([first.status, again.status]).toEqual([201, 201]);
    const [a, b] = [(await first.json()) as DcaOrderDto, (await again.json()) as DcaOrderDto];
    expect(b.id).toBe(a.id);
    const other = await create(s, buy({ amountPerFill: '301' }), key);
    expect(other.status).toBe(422);
    expect(((await other.json()) as { code: string }).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(((await (await s.call('/dca/orders')).json()) as DcaOrderPageDto).items.map((o) => o.id)).toEqual([
      a.id,
    ]);
  });
});
