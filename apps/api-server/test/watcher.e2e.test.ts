import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { Contract, JsonRpcProvider, MaxUint256, parseEther, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  WatchAddResponseDto,
  WatchAlertPageDto,
  WatchCycleDto,
  WatchedWalletDto,
  WatcherSummaryDto,
} from '../src/dto/watcher.js';
import { openEvents } from './helpers/readEvents.js';
import { startTestServer, TEST_API_KEY, type TestServer } from './helpers/startTestServer.js';

// The watcher over HTTP on the devnet. Activity is made directly on chain with plain ethers wallets (not through the
// server); the node sits behind a proxy so a test can make it fail.
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let proxy: RpcProxy;
let dataDir: string;
let server: TestServer;
const SPENDER = '0x000000000000000000000000000000000000bEEF';

const start = () =>
  startTestServer(
    {
      DATA_DIR: dataDir,
      RPC_URL_DEVNET: proxy.url,
      UNISWAP_V2_DEVNET: `${devnet.manifest.contracts.uniswapV2Router02},${devnet.manifest.contracts.uniswapV2Factory},${devnet.manifest.contracts.weth}`,
      GOPLUS_BASE_URL: 'http://127.0.0.1:9',
      DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
      PROVIDER_TIMEOUT_MS: '200',
      RPC_TIMEOUT_MS: '1500',
      WATCHER_INTERVAL_SECONDS: '0',
      WATCHER_MIN_CHANGE_ETH: '0.01',
      WATCHER_LARGE_OUTGOING_ETH: '0.5',
    },
    { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );

beforeAll(async () => {
  devnet = await startDevnet();
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  dataDir = join(mkdtempSync(join(tmpdir(), 'api-watcher-')), 'data');
  server = await start();
});
afterAll(async () => {
  reader?.destroy();
  await server?.close();
  await proxy?.close();
  await devnet?.stop();
});

const post = async <T>(path: string, body?: unknown) => {
  const res = await server.call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
};
const get = async <T>(path: string) => (await (await server.call(path)).json()) as T;

describe('/watcher on the devnet', () => {
  const a = () => devnet.manifest.accounts[1]!;
  const b = () => devnet.manifest.accounts[2]!;

  it('add validates, creates (201), updates on repeat (200); remove unknown → 404', async () => {
    expect((await post('/watcher/add', { address: '0x12' })).status).toBe(422);
    expect(
      (await post('/watcher/add', { address: a().address, thresholds: { minChange: 'lots' } })).status,
    ).toBe(422);
    const added = await post<WatchAddResponseDto>('/watcher/add', { address: a().address, label: 'alice' });
    expect(added.status).toBe(201);
    expect(added.body.wallet).toMatchObject({
      label: 'alice',
      baseline: null,
      thresholds: { minChange: { eth: '0.01' } },
    });
    const again = await post<WatchAddResponseDto>('/watcher/add', {
      address: a().address.toLowerCase(),
      label: 'ops',
    });
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(false);
    expect((await post('/watcher/add', { address: b().address, label: 'bob' })).status).toBe(201);
    expect((await get<WatchedWalletDto[]>('/watcher/list')).map((w) => w.label)).toEqual(['ops', 'bob']);
    const missing = await server.call(`/watcher/remove?address=${devnet.manifest.accounts[3]!.address}`, {
      method: 'DELETE',
    });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('WATCH_NOT_FOUND');
  });

  it('one check after activity yields exactly the expected alerts, once; a quiet check yields none; they reach /events', async () => {
    const first = await post<WatchCycleDto>('/watcher/check');
    expect(first.body).toMatchObject({ checked: 2, alerts: [], failures: [] });

    const alice = new Wallet(a().privateKey, reader);
    const { usdc } = devnet.manifest.tokens;
    await waitMined(alice.sendTransaction({ to: b().address, value: parseEther('1') }));
    await mintToken({ devnet, token: usdc, to: a().address, amount: 3_000_000_000n });
    const sent = await waitMined(
      new Contract(usdc.address, erc20Abi, alice).getFunction('transfer')(b().address, 2_500_000_000n),
    );
    const granted = await waitMined(
      new Contract(usdc.address, erc20Abi, alice).getFunction('approve')(SPENDER, MaxUint256),
    );

    const { opened, result: events } = openEvents(
      `${server.url}/events`,
      { 'X-API-Key': TEST_API_KEY },
      (ev) => ev.filter((e) => e.event === 'watcher.alert').length >= 5,
      20_000,
    );
    await opened;
    const second = await post<WatchCycleDto>('/watcher/check');
    const got = second.body.alerts.map((x) => [
      x.address,
      x.kind,
      x.severity,
      x.details.asset ?? x.details.spender,
    ]);
    expect(got).toHaveLength(5);
    expect(got).toEqual(
      expect.arrayContaining([
        [a().address, 'large-outgoing', 'high', 'native'],
        [a().address, 'large-outgoing', 'high', usdc.address],
        [a().address, 'new-approval', 'high', SPENDER],
        [b().address, 'balance-change', 'low', 'native'],
        [b().address, 'balance-change', 'low', usdc.address],
      ]),
    );
    expect(
      second.body.alerts.find((x) => x.details.asset === usdc.address && x.kind === 'large-outgoing')?.txHash,
    ).toBe(sent?.hash);
    expect(second.body.alerts.find((x) => x.kind === 'new-approval')?.txHash).toBe(granted?.hash);
    const streamed = (await events).events.filter((e) => e.event === 'watcher.alert');
    expect(streamed.map((e) => JSON.parse(e.data).data.id).sort()).toEqual(
      second.body.alerts.map((x) => x.id).sort(),
    );

    const third = await post<WatchCycleDto>('/watcher/check');
    expect(third.body.alerts).toEqual([]);
    const page = await get<WatchAlertPageDto>('/watcher/alerts?limit=100');
    expect(page.items).toHaveLength(5);
    expect((await get<WatchAlertPageDto>('/watcher/alerts?severity=high')).items).toHaveLength(3);
    expect((await get<WatchAlertPageDto>(`/watcher/alerts?address=${b().address}`)).items).toHaveLength(2);
    const summary = await get<WatcherSummaryDto>('/watcher/summary');
    expect(summary).toMatchObject({
      wallets: 2,
      walletsInError: 0,
      alertsBySeverity: { low: 2, medium: 0, high: 3 },
      alertsByKind: { 'balance-change': 2, 'large-outgoing': 2, 'new-approval': 1 },
      nextCycleAt: null,
    });
    expect(summary.lastCycle?.durationMs).toBeGreaterThanOrEqual(0);
    // The baseline the list shows is what the chain says now (read directly).
    const listed = await get<WatchedWalletDto[]>('/watcher/list');
    const bob = listed.find((w) => w.address === b().address);
    expect(bob?.baseline?.balances.find((x) => x.asset === 'native')?.amountBase).toBe(
      (await reader.getBalance(b().address, bob?.baseline?.block)).toString(),
    );
  });

  it('restart: the list, the baselines and the alerts are still there, and nothing alerts again', async () => {
    const before = await get<WatchedWalletDto[]>('/watcher/list');
    await server.close();
    server = await start();
    expect(await get<WatchedWalletDto[]>('/watcher/list')).toEqual(before);
    expect((await get<WatchAlertPageDto>('/watcher/alerts?limit=100')).items).toHaveLength(5);
    expect((await post<WatchCycleDto>('/watcher/check')).body.alerts).toEqual([]);
  });

  it('a node that fails during a cycle: the wallets show the error, no alert, baseline kept; after recovery the change is reported once', async () => {
    const before = await get<WatchedWalletDto[]>('/watcher/list');
    const payer = new Wallet(devnet.manifest.accounts[4]!.privateKey, reader);
    await waitMined(payer.sendTransaction({ to: b().address, value: parseEther('0.2') }));
    proxy.down = true;
    let failed: WatchCycleDto;
    try {
      failed = (await post<WatchCycleDto>('/watcher/check')).body;
    } finally {
      proxy.down = false;
    }
    expect(failed.alerts).toEqual([]);
    expect(failed.failures).toHaveLength(2);
    const during = await get<WatchedWalletDto[]>('/watcher/list');
    expect(during.map((w) => w.baseline)).toEqual(before.map((w) => w.baseline));
    expect(during.every((w) => w.error !== null)).toBe(true);
    expect((await get<WatcherSummaryDto>('/watcher/summary')).walletsInError).toBe(2);

    const recovered = (await post<WatchCycleDto>('/watcher/check')).body;
    expect(recovered.alerts.map((x) => [x.address, x.kind, x.details.direction, x.details.valueWei])).toEqual(
      [[b().address, 'balance-change', 'in', parseEther('0.2').toString()]],
    );
    expect((await get<WatchedWalletDto[]>('/watcher/list')).every((w) => w.error === null)).toBe(true);
    expect((await post<WatchCycleDto>('/watcher/check')).body.alerts).toEqual([]);
  });

  it('a node whose head lags behind the baselines: each wallet shows status deferred with both blocks (list, summary, /events), nothing alerts; caught up → ok and the change reported once', async () => {
    const before = await get<WatchedWalletDto[]>('/watcher/list');
    const baselineBlock = before[0]?.baseline?.block as number;
    expect(before.every((w) => w.status === 'ok' && w.baseline?.block === baselineBlock)).toBe(true);
    expect(before.every((w) => /^0x[0-9a-f]{64}$/.test(w.baseline?.blockHash ?? ''))).toBe(true);
    const payer = new Wallet(devnet.manifest.accounts[4]!.privateKey, reader);
    await waitMined(payer.sendTransaction({ to: b().address, value: parseEther('0.2') }));
    // Another node behind a load balancer, 2 blocks behind the one that answered last time: real, older blocks.
    const older = await reader.send('eth_getBlockByNumber', [`0x${(baselineBlock - 2).toString(16)}`, false]);
    const { opened, result: events } = openEvents(
      `${server.url}/events`,
      { 'X-API-Key': TEST_API_KEY },
      (ev) => ev.filter((e) => e.event === 'watcher.deferred').length >= 2,
      20_000,
    );
    await opened;
    proxy.intercept = (r) =>
      r.method === 'eth_getBlockByNumber' && r.params[0] === 'latest'
        ? { result: older }
        : r.method === 'eth_blockNumber'
          ? { result: older.number }
          : undefined;
    let lagging: WatchCycleDto;
    try {
      lagging = (await post<WatchCycleDto>('/watcher/check')).body;
      expect((await post<WatchCycleDto>('/watcher/check')).body.alerts).toEqual([]);
    } finally {
      proxy.intercept = undefined;
    }
    expect(lagging).toMatchObject({ checked: 0, alerts: [], failures: [] });
    expect(lagging.deferred.map((d) => [d.address, d.headBlock, d.baselineBlock])).toEqual([
      [before[0]?.address, baselineBlock - 2, baselineBlock],
      [before[1]?.address, baselineBlock - 2, baselineBlock],
    ]);
    const during = await get<WatchedWalletDto[]>('/watcher/list');
    expect(
      during.map((w) => [w.status, w.deferred?.reason, w.deferred?.headBlock, w.deferred?.baselineBlock]),
    ).toEqual([
      ['deferred', 'head-behind-baseline', baselineBlock - 2, baselineBlock],
      ['deferred', 'head-behind-baseline', baselineBlock - 2, baselineBlock],
    ]);
    expect(during.map((w) => w.baseline)).toEqual(before.map((w) => w.baseline));
    const summary = await get<WatcherSummaryDto>('/watcher/summary');
    expect(summary.walletsDeferred).toBe(2);
    expect(summary.deferred.map((d) => [d.address, d.reason, d.headBlock, d.baselineBlock])).toEqual([
      [before[0]?.address, 'head-behind-baseline', baselineBlock - 2, baselineBlock],
      [before[1]?.address, 'head-behind-baseline', baselineBlock - 2, baselineBlock],
    ]);
    // Announced once per wallet, not on every deferred cycle.
    const streamed = (await events).events.filter((e) => e.event === 'watcher.deferred');
    expect(streamed.map((e) => JSON.parse(e.data).data.address).sort()).toEqual(
      before.map((w) => w.address).sort(),
    );

    const caughtUp = (await post<WatchCycleDto>('/watcher/check')).body;
    expect(caughtUp.deferred).toEqual([]);
    expect(caughtUp.alerts.map((x) => [x.address, x.kind, x.details.direction, x.details.valueWei])).toEqual([
      [b().address, 'balance-change', 'in', parseEther('0.2').toString()],
    ]);
    expect((await get<WatchedWalletDto[]>('/watcher/list')).map((w) => [w.status, w.deferred])).toEqual([
      ['ok', null],
      ['ok', null],
    ]);
    expect((await get<WatcherSummaryDto>('/watcher/summary')).walletsDeferred).toBe(0);
  });

  it('the chain goes back under the baselines (evm_revert) and regrows with other blocks: deferred, then one chain-reorg alert per wallet on /events, re-baselined, nothing invented', async () => {
    const snapshot = (await reader.send('evm_snapshot', [])) as string;
    const fork = await reader.getBlockNumber();
    const payer = new Wallet(devnet.manifest.accounts[4]!.privateKey, reader);
    await waitMined(payer.sendTransaction({ to: a().address, value: parseEther('0.3') }));
    await reader.send('anvil_mine', ['0x2']);
    await post<WatchCycleDto>('/watcher/check');
    const before = await get<WatchedWalletDto[]>('/watcher/list');
    expect(before.map((w) => w.baseline?.block)).toEqual([fork + 3, fork + 3]);

    await reader.send('evm_revert', [snapshot]);
    const back = (await post<WatchCycleDto>('/watcher/check')).body;
    expect(back).toMatchObject({ checked: 0, alerts: [] });
    expect((await get<WatchedWalletDto[]>('/watcher/list')).map((w) => w.status)).toEqual([
      'deferred',
      'deferred',
    ]);

    await waitMined(
      payer.sendTransaction({ to: devnet.manifest.accounts[5]!.address, value: parseEther('0.1') }),
    );
    await reader.send('anvil_mine', ['0x2']);
    const { opened, result: events } = openEvents(
      `${server.url}/events`,
      { 'X-API-Key': TEST_API_KEY },
      (ev) => ev.filter((e) => e.event === 'watcher.alert').length >= 2,
      20_000,
    );
    await opened;
    const regrown = (await post<WatchCycleDto>('/watcher/check')).body;
    expect(regrown.alerts.map((x) => [x.address, x.kind, x.severity, x.details.baselineBlock])).toEqual([
      [a().address, 'chain-reorg', 'medium', fork + 3],
      [b().address, 'chain-reorg', 'medium', fork + 3],
    ]);
    const alice = regrown.alerts.find((x) => x.address === a().address);
    expect(alice?.details).toMatchObject({
      baselineHash: before[0]?.baseline?.blockHash,
      chainHash: (await reader.getBlock(fork + 3))?.hash,
      changes: [{ asset: 'native', after: (await reader.getBalance(a().address, fork + 3)).toString() }],
    });
    const streamed = (await events).events.filter((e) => e.event === 'watcher.alert');
    expect(streamed.map((e) => JSON.parse(e.data).data.kind)).toEqual(['chain-reorg', 'chain-reorg']);
    const after = await get<WatchedWalletDto[]>('/watcher/list');
    expect(after.map((w) => [w.status, w.baseline?.block, w.baseline?.blockHash])).toEqual([
      ['ok', fork + 3, (await reader.getBlock(fork + 3))?.hash],
      ['ok', fork + 3, (await reader.getBlock(fork + 3))?.hash],
    ]);
    expect((await get<WatcherSummaryDto>('/watcher/summary')).alertsByKind['chain-reorg']).toBe(2);
    expect((await post<WatchCycleDto>('/watcher/check')).body.alerts).toEqual([]);
  });

  it('remove stops watching (alerts stay)', async () => {
    const res = await server.call(`/watcher/remove?address=${b().address}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await get<WatchedWalletDto[]>('/watcher/list')).map((w) => w.address)).toEqual([a().address]);
    expect(
      (await get<WatchAlertPageDto>(`/watcher/alerts?address=${b().address}`)).items.length,
    ).toBeGreaterThan(0);
  });
});
