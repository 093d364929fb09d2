// Swaps through the execution gateway, on a local devnet behind a counting JSON-RPC proxy (startRpcProxy):
//  1. JSON-RPC requests per GET /swap/quote (cold and warm) and per POST /swap/execute (ERC-20 → ERC-20 with the
//     allowance already in place), split at the first receipt poll — targets: quote 2, execute ≤ 8 before the wait;
//     and per DCA fill of the same swap (one scheduler tick: balance, quote, fee, band, execute through the gateway)
//     — target: no more than a swap execute;
//  2. server time per execute and per quote excluding the chain (request latency minus the time the node spent
//     answering, intervals merged), p50/p99, automine;
//  3. sustained executions per second from ONE wallet under many concurrent requests with a 1 s block time, and
//     the CPU time this process (server + proxy + client) spent per execution.
// Run with `pnpm --filter @org/api-server bench` after `pnpm build`. Prints figures and ratios; asserts nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devnetTokenList } from '@org/chain-evm';
import { erc20Abi, mintToken, startDevnet, startRpcProxy } from '@org/devnet';
import { Contract, JsonRpcProvider, MaxUint256, Wallet } from 'ethers';
import { pino } from 'pino';
import { loadConfig } from '../dist/config.js';
import { createLogger } from '../dist/http/createLogger.js';
import { startServer } from '../dist/startServer.js';

const KEY = 'bench-key-0123456789abcdef0123456789';
const ROUNDS = Number(process.env.BENCH_SWAP_ROUNDS ?? 40);
const SUSTAINED = Number(process.env.BENCH_SWAP_SUSTAINED ?? 120);
const CONCURRENCY = Number(process.env.BENCH_SWAP_CONCURRENCY ?? 40);
const COLD_ROUNDS = Number(process.env.BENCH_DCA_COLD_ROUNDS ?? 3);

async function setUp({ blockTime, accountIndex }) {
  const devnet = await startDevnet(blockTime ? { blockTime } : {});
  // The DCA scheduler's clock: the chain's (wall clock + what `advance` added with evm_increaseTime).
  let offsetMs = 0;
  const clock = () => Date.now() + offsetMs;
  const proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  const c = devnet.manifest.contracts;
  const account = devnet.manifest.accounts[accountIndex];
  const config = loadConfig({
    WEB3_API_KEY: KEY,
    API_PORT: '0',
    DATA_DIR: join(mkdtempSync(join(tmpdir(), 'swap-bench-')), 'data'),
    RPC_URL_DEVNET: proxy.url,
    UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
    WALLET_PRIVATE_KEY: account.privateKey,
    GOPLUS_BASE_URL: 'http://127.0.0.1:9',
    DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
    PROVIDER_TIMEOUT_MS: '200',
    GOVERNOR_MAX_PER_TX: '10',
    GOVERNOR_DAILY_LIMIT: '1000',
    GOVERNOR_SESSION_LIMIT: '1000',
    RECEIPT_TIMEOUT_MS: '60000',
    DCA_TICK_SECONDS: '0',
    // The fill is the swap's 10 USDC: its gas share is not what is measured here.
    DCA_MAX_FEE_SHARE: '10000',
  });
  const server = await startServer({
    config,
    logger: createLogger({ level: 'warn', destination: pino.destination({ dest: '/dev/null', sync: true }) }),
    swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]),
    clock,
  });
  const call = (path, init = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...init.headers, 'x-api-key': KEY, 'content-type': 'application/json' },
    });
  const close = async () => {
    await server.close();
    await proxy.close();
    await devnet.stop();
  };
  /** Moves the chain's time (directly, not through the counting proxy) and the scheduler's clock together. */
  const advance = async (seconds) => {
    offsetMs += seconds * 1_000;
    await devnet.rpc.request('evm_increaseTime', [seconds]);
    await devnet.rpc.request('evm_mine', []);
  };
  return { devnet, proxy, account, call, close, server, advance };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (ms) => `${ms.toFixed(1)} ms`;

/** Length of the union of [start, end] intervals inside [from, to]. */
function busy(requests, from, to) {
  const spans = requests
    .filter((r) => r.durationMs !== null && r.startedAt >= from && r.startedAt <= to)
    .map((r) => [r.startedAt, r.startedAt + r.durationMs])
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [s, e] of spans) {
    if (s > end) {
      total += e - s;
      end = e;
    } else if (e > end) {
      total += e - end;
      end = e;
    }
  }
  return total;
}

// ---- 1 and 2: request counts and server time (automine) ----
{
  const env = await setUp({ accountIndex: 2 });
  const { devnet, proxy, account, call } = env;
  const { usdc } = devnet.manifest.tokens;
  await mintToken({ devnet, token: usdc, to: account.address, amount: 10n ** 15n });
  // The allowance is in place (granted directly on chain, max) so an execute is the swap alone.
  const reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  const owner = new Wallet(account.privateKey, reader);
  for (const router of [
    devnet.manifest.contracts.uniswapV2Router02,
    devnet.manifest.contracts.uniswapV3SwapRouter,
  ]) {
    await (
      await new Contract(usdc.address, erc20Abi, owner).getFunction('approve')(router, MaxUint256)
    ).wait();
  }
  reader.destroy();

  const quotePath = `/swap/quote?tokenIn=USDC&tokenOut=DAI&amountIn=10`;
  proxy.reset();
  await call(quotePath);
  const quoteCold = proxy.count();
  const quoteCounts = [];
  const quoteServer = [];
  const quoteTotal = [];
  for (let i = 0; i < ROUNDS; i++) {
    proxy.reset();
    const t0 = performance.now();
    const res = await call(quotePath);
    await res.arrayBuffer();
    const t1 = performance.now();
    quoteCounts.push(proxy.count());
    quoteTotal.push(t1 - t0);
    quoteServer.push(t1 - t0 - busy(proxy.requests, t0, t1));
  }

  const execCounts = [];
  const beforeWait = [];
  const execServer = [];
  const execTotal = [];
  const body = JSON.stringify({ tokenIn: 'USDC', tokenOut: 'DAI', amountIn: '10' });
  for (let i = 0; i < ROUNDS; i++) {
    proxy.reset();
    const t0 = performance.now();
    const res = await call('/swap/execute', { method: 'POST', body });
    const answer = await res.json();
    const t1 = performance.now();
    if (res.status !== 200 || answer.approval !== null) throw new Error(`execute answered ${res.status}`);
    const methods = proxy.requests.map((r) => r.method);
    const firstWait = methods.indexOf('eth_getTransactionReceipt');
    execCounts.push(methods.length);
    beforeWait.push(firstWait === -1 ? methods.length : firstWait);
    execTotal.push(t1 - t0);
    execServer.push(t1 - t0 - busy(proxy.requests, t0, t1));
  }
  const by = {};
  for (const r of proxy.requests) by[r.method] = (by[r.method] ?? 0) + 1;
  const sorted = (a) => [...a].sort((x, y) => x - y);

  // DCA fills of the same swap (10 USDC → DAI, allowance in place), one scheduler tick per slot.
  const created = await call('/dca/orders', {
    method: 'POST',
    body: JSON.stringify({ tokenIn: 'USDC', tokenOut: 'DAI', amountPerFill: '10', interval: 'hourly' }),
  });
  if (created.status !== 201)
    throw new Error(`DCA order answered ${created.status}: ${await created.text()}`);
  const fill = async () => {
    await env.advance(3_600);
    proxy.reset();
    const summary = await env.server.services.dca.tick();
    if (summary.filled !== 1) throw new Error(`the tick did not fill: ${JSON.stringify(summary)}`);
    const methods = proxy.requests.map((r) => r.method);
    const firstWait = methods.indexOf('eth_getTransactionReceipt');
    const by = {};
    for (const r of proxy.requests) by[r.method] = (by[r.method] ?? 0) + 1;
    return { all: methods.length, beforeWait: firstWait === -1 ? methods.length : firstWait, by };
  };
  // Ticks seconds apart (as when one tick runs many fills): the fee quote and the token's value, read for the
  // "worth its gas" rule, are shared (FillReadings, 15 s).
  const fillCounts = [];
  const fillBeforeWait = [];
  let fillBy = {};
  for (let i = 0; i < ROUNDS; i++) {
    const f = await fill();
    fillCounts.push(f.all);
    fillBeforeWait.push(f.beforeWait);
    fillBy = f.by;
  }
  // A lone order, an hour between fills: nothing is shared (16 s of real time between ticks).
  const coldCounts = [];
  let coldBy = {};
  for (let i = 0; i < COLD_ROUNDS; i++) {
    await new Promise((resolve) => setTimeout(resolve, 16_000));
    const f = await fill();
    coldCounts.push(f.all);
    coldBy = f.by;
  }
  console.log('swap: JSON-RPC requests (counted at a local proxy), automine devnet');
  console.log(
    `  GET /swap/quote  USDC→DAI   cold ${quoteCold}, warm ${pct(sorted(quoteCounts), 50)}   (target 2)`,
  );
  console.log(
    `  POST /swap/execute USDC→DAI, allowance in place: ${pct(sorted(beforeWait), 50)} before the receipt wait (target ≤ 8), ${pct(sorted(execCounts), 50)} in all`,
  );
  console.log(`    last execute: ${JSON.stringify(by)}`);
  console.log(
    `  DCA fill USDC→DAI (one tick), allowance in place: ${pct(sorted(fillCounts), 50)} in all (target ≤ the execute's ${pct(sorted(execCounts), 50)}), ${pct(sorted(fillBeforeWait), 50)} before the receipt wait — ticks seconds apart, fee quote and value shared`,
  );
  console.log(`    last fill: ${JSON.stringify(fillBy)}`);
  console.log(
    `  DCA fill, a lone order (nothing shared between its ticks): ${pct(sorted(coldCounts), 50)} in all — last: ${JSON.stringify(coldBy)}`,
  );
  console.log(`swap: server time excluding the node (request latency − node busy time), ${ROUNDS} runs each`);
  const q = sorted(quoteServer);
  const e = sorted(execServer);
  console.log(
    `  quote    p50 ${fmt(pct(q, 50))}  p99 ${fmt(pct(q, 99))}   (whole request p50 ${fmt(pct(sorted(quoteTotal), 50))})`,
  );
  console.log(
    `  execute  p50 ${fmt(pct(e, 50))}  p99 ${fmt(pct(e, 99))}   (whole request p50 ${fmt(pct(sorted(execTotal), 50))})`,
  );
  await env.close();
}

// ---- 3: sustained executions from one wallet, 1 s blocks ----
{
  const env = await setUp({ blockTime: 1, accountIndex: 3 });
  const { call, proxy } = env;
  const body = JSON.stringify({ tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.001' });
  await (await call('/swap/execute', { method: 'POST', body })).arrayBuffer(); // warm up
  proxy.reset();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  const latencies = [];
  const statuses = {};
  const worker = async () => {
    while (next < SUSTAINED) {
      next++;
      const s = performance.now();
      const res = await call('/swap/execute', { method: 'POST', body });
      await res.arrayBuffer();
      latencies.push(performance.now() - s);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const nodeBusy = busy(proxy.requests, t0, t0 + wall * 1000);
  const l = latencies.sort((x, y) => x - y);
  console.log(
    `swap: sustained, one wallet, ${SUSTAINED} executes at concurrency ${CONCURRENCY}, 1 s blocks (statuses ${JSON.stringify(statuses)})`,
  );
  console.log(
    `  ${(SUSTAINED / wall).toFixed(1)} executions/s; latency p50 ${fmt(pct(l, 50))} p99 ${fmt(pct(l, 99))}; ${proxy.count()} JSON-RPC requests`,
  );
  console.log(
    `  CPU in this process (server + proxy + client): ${(cpuMs / SUSTAINED).toFixed(1)} ms per execution, ${((100 * cpuMs) / (wall * 1000)).toFixed(0)}% of wall time; node answering something ${((100 * nodeBusy) / (wall * 1000)).toFixed(0)}% of wall time`,
  );
  await env.close();
}
