// A mixed load against the production entry (`node dist/start.js` in its own process) on a local devnet (automine),
// at increasing concurrency until p99 passes 1 s: reads (governor status, executions page, wallet balance), quotes
// (GET /swap/quote) and executes (POST /swap/execute ETH → USDC, one wallet) in a fixed mix, closed-loop clients.
// Each step prints throughput, p50/p99 (all and per kind), and where the time goes: the server process's CPU (one
// Node thread: 100% = saturated), anvil's CPU, the node's answer time (mean JSON-RPC latency at a counting proxy,
// and the share of wall time with a call outstanding), the server's disk writes, and the whole machine's CPU.
// Then the knee (the last step under the p99 bound) and what saturated first.
// Run with `pnpm --filter @org/api-server bench` after `pnpm build`. Prints figures; asserts nothing.
// Env: BENCH_MIXED_STEP_SECONDS (8), BENCH_MIXED_MAX_SECONDS (120, all steps), BENCH_MIXED_MAX_CONCURRENCY (256),
// BENCH_MIXED_P99_MS (1000), BENCH_MIXED_MIX (reads:70,quotes:20,executes:10).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevnet, startRpcProxy } from '@org/devnet';

const KEY = 'bench-key-0123456789abcdef0123456789';
const STEP_MS = Number(process.env.BENCH_MIXED_STEP_SECONDS ?? 8) * 1_000;
const MAX_MS = Number(process.env.BENCH_MIXED_MAX_SECONDS ?? 120) * 1_000;
const MAX_CONCURRENCY = Number(process.env.BENCH_MIXED_MAX_CONCURRENCY ?? 256);
const P99_BOUND = Number(process.env.BENCH_MIXED_P99_MS ?? 1_000);
const MIX = Object.fromEntries(
  (process.env.BENCH_MIXED_MIX ?? 'reads:70,quotes:20,executes:10').split(',').map((part) => {
    const [kind, weight] = part.split(':');
    return [kind.trim(), Number(weight)];
  }),
);
const REQUEST_TIMEOUT_MS = 30_000;
const TICK = 100; // clock ticks per second of /proc/<pid>/stat (USER_HZ on Linux)

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICK;
}
/** Bytes a process has written to storage so far (its own writes and fsyncs, not the page cache's). */
function writtenBytes(pid) {
  const line = readFileSync(`/proc/${pid}/io`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('write_bytes:'));
  return Number(line?.split(':')[1] ?? 0);
}
/** The machine's busy and total jiffies. */
function machine() {
  const [, ...v] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = v[3] + v[4];
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const pct = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
/** Milliseconds within [from, to] during which at least one JSON-RPC call was outstanding. */
function busyMs(requests, from, to) {
  const spans = requests
    .filter((r) => r.durationMs !== null && r.startedAt >= from && r.startedAt <= to)
    .map((r) => [r.startedAt, Math.min(to, r.startedAt + r.durationMs)])
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

const devnet = await startDevnet();
const proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
const c = devnet.manifest.contracts;
const account = devnet.manifest.accounts[3];
const usdc = devnet.manifest.tokens.usdc.address;
const port = await freePort();
const entry = fileURLToPath(new URL('../dist/start.js', import.meta.url));
const child = spawn(process.execPath, [entry], {
  stdio: ['ignore', 'ignore', 'pipe'],
  env: {
    PATH: process.env.PATH ?? '',
    WEB3_API_KEY: KEY,
    API_PORT: String(port),
    LOG_LEVEL: 'warn',
    DATA_DIR: join(mkdtempSync(join(tmpdir(), 'mixed-bench-')), 'data'),
    RPC_URL_DEVNET: proxy.url,
    UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
    WALLET_PRIVATE_KEY: account.privateKey,
    GOPLUS_BASE_URL: 'http://127.0.0.1:9',
    DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
    PROVIDER_TIMEOUT_MS: '200',
    GOVERNOR_MAX_PER_TX: '10',
    GOVERNOR_DAILY_LIMIT: '100000',
    GOVERNOR_SESSION_LIMIT: '100000',
    RECEIPT_TIMEOUT_MS: '60000',
    YIELD_DEFILLAMA_BASE_URL: 'http://127.0.0.1:9',
    LIFI_BASE_URL: 'http://127.0.0.1:9',
  },
});
let stderr = '';
child.stderr.on('data', (chunk) => {
  stderr = (stderr + chunk).slice(-2_000);
});
const url = `http://127.0.0.1:${port}`;
const call = (path, init = {}) =>
  fetch(`${url}${path}`, {
    ...init,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    headers: { ...init.headers, 'x-api-key': KEY, 'content-type': 'application/json' },
  });
const started = Date.now();
for (;;) {
  if (Date.now() - started > 30_000) throw new Error(`server did not answer in 30 s: ${stderr}`);
  const ok = await call('/health').then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  await new Promise((r) => setTimeout(r, 100));
}

const READS = ['/governor/status', '/executions?limit=20', `/wallet/balance/${account.address}`];
const REQUESTS = {
  reads: (i) => call(READS[i % READS.length]),
  quotes: () => call(`/swap/quote?tokenIn=ETH&tokenOut=${usdc}&amountIn=0.001`),
  executes: () =>
    call('/swap/execute', {
      method: 'POST',
      body: JSON.stringify({ tokenIn: 'ETH', tokenOut: usdc, amountIn: '0.0001' }),
    }),
};
const weights = Object.entries(MIX).filter(([kind, w]) => REQUESTS[kind] && w > 0);
const weightSum = weights.reduce((a, [, w]) => a + w, 0);
/** The request kinds in a fixed, interleaved order of the mix's proportions (deterministic, no randomness). */
const schedule = [];
for (let i = 0; i < weightSum; i++) {
  let best = weights[0][0];
  let bestScore = -Infinity;
  for (const [kind, w] of weights) {
    const score = (w * (i + 1)) / weightSum - schedule.filter((k) => k === kind).length;
    if (score > bestScore) {
      bestScore = score;
      best = kind;
    }
  }
  schedule.push(best);
}

async function step(concurrency) {
  const lat = { all: [] };
  for (const [kind] of weights) lat[kind] = [];
  const statuses = {};
  let next = 0;
  const cpu0 = {
    server: cpuSeconds(child.pid),
    node: cpuSeconds(devnet.pid),
    client: process.cpuUsage(),
    m: machine(),
  };
  const w0 = writtenBytes(child.pid);
  const rpcFrom = proxy.requests.length;
  const t0 = performance.now();
  const end = t0 + STEP_MS;
  const worker = async () => {
    while (performance.now() < end) {
      const n = next++;
      const kind = schedule[n % schedule.length];
      const s = performance.now();
      const status = await REQUESTS[kind](n).then(
        async (res) => {
          await res.arrayBuffer();
          return res.status;
        },
        (error) => error?.name ?? 'error',
      );
      const ms = performance.now() - s;
      lat[kind].push(ms);
      lat.all.push(ms);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const t1 = performance.now();
  const seconds = (t1 - t0) / 1_000;
  const m1 = machine();
  const rpc = proxy.requests.slice(rpcFrom).filter((r) => r.durationMs !== null);
  for (const key of Object.keys(lat)) lat[key].sort((a, b) => a - b);
  return {
    concurrency,
    rps: lat.all.length / seconds,
    p50: pct(lat.all, 50),
    p99: pct(lat.all, 99),
    byKind: Object.fromEntries(
      weights.map(([k]) => [k, { n: lat[k].length, p50: pct(lat[k], 50), p99: pct(lat[k], 99) }]),
    ),
    statuses,
    serverCpu: (cpuSeconds(child.pid) - cpu0.server) / seconds,
    nodeCpu: (cpuSeconds(devnet.pid) - cpu0.node) / seconds,
    machineCpu: (m1.busy - cpu0.m.busy) / (m1.total - cpu0.m.total),
    clientCpu: (() => {
      const u = process.cpuUsage(cpu0.client);
      return (u.user + u.system) / 1e6 / seconds;
    })(),
    rpcMeanMs: rpc.reduce((a, r) => a + r.durationMs, 0) / Math.max(1, rpc.length),
    rpcPerRequest: rpc.length / Math.max(1, lat.all.length),
    rpcBusy: busyMs(proxy.requests.slice(rpcFrom), t0, t1) / (t1 - t0),
    diskKiBs: (writtenBytes(child.pid) - w0) / 1024 / seconds,
  };
}

const f = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '—');
const pc = (x) => `${f(x * 100)}%`;
console.log(
  `mixed load (${weights.map(([k, w]) => `${k} ${w}`).join(', ')}), ${STEP_MS / 1000} s per step, ${cpus().length} cores, p99 bound ${P99_BOUND} ms`,
);
console.log(
  'conc   req/s    p50 ms   p99 ms | reads p99  quotes p99  exec p99 | server CPU  node CPU  RPC mean ms  RPC busy  machine CPU  disk KiB/s | answers',
);
const rows = [];
const benchStart = Date.now();
try {
  for (let concurrency = 1; concurrency <= MAX_CONCURRENCY; concurrency *= 2) {
    if (Date.now() - benchStart + STEP_MS > MAX_MS) {
      console.log(
        `(stopped: BENCH_MIXED_MAX_SECONDS=${MAX_MS / 1000} reached before p99 passed ${P99_BOUND} ms)`,
      );
      break;
    }
    const r = await step(concurrency);
    rows.push(r);
    const k = r.byKind;
    console.log(
      `${f(concurrency).padStart(4)} ${f(r.rps, 1).padStart(7)} ${f(r.p50, 1).padStart(9)} ${f(r.p99, 1).padStart(8)} | ${f(k.reads?.p99, 0).padStart(9)} ${f(k.quotes?.p99, 0).padStart(11)} ${f(k.executes?.p99, 0).padStart(9)} | ${pc(r.serverCpu).padStart(10)} ${pc(r.nodeCpu).padStart(9)} ${f(r.rpcMeanMs, 2).padStart(12)} ${pc(r.rpcBusy).padStart(9)} ${pc(r.machineCpu).padStart(12)} ${f(r.diskKiBs).padStart(11)} | ${JSON.stringify(r.statuses)}`,
    );
    if (r.p99 > P99_BOUND) break;
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await proxy.close();
  await devnet.stop();
}

const crossed = rows.find((r) => r.p99 > P99_BOUND);
const knee = crossed ? rows[rows.indexOf(crossed) - 1] : rows.at(-1);
if (knee) {
  console.log(
    `knee: concurrency ${knee.concurrency}, ${f(knee.rps, 1)} req/s, p50 ${f(knee.p50, 1)} ms, p99 ${f(knee.p99, 1)} ms${crossed ? ` (at ${crossed.concurrency}: p99 ${f(crossed.p99)} ms, ${f(crossed.rps, 1)} req/s)` : ' (p99 never passed the bound)'}`,
  );
}
const last = crossed ?? rows.at(-1);
if (last) {
  const first = rows[0];
  // What is at its limit at the step that crossed (or the last one): one Node thread at ~100% of a core; the node's
  // answer time grown several-fold over the single-client step; the machine's cores all busy (client, server and
  // node share them); otherwise the time is spent waiting inside the server (database commits, the wallet's lane).
  const reasons = [];
  if (last.serverCpu >= 0.85) reasons.push(`the server process's CPU (${pc(last.serverCpu)} of one core)`);
  if (last.nodeCpu >= 0.85 || last.rpcMeanMs > 4 * first.rpcMeanMs)
    reasons.push(
      `the node (anvil CPU ${pc(last.nodeCpu)}; mean RPC answer ${f(last.rpcMeanMs, 2)} ms vs ${f(first.rpcMeanMs, 2)} ms at 1 client)`,
    );
  if (last.machineCpu >= 0.9) {
    // Cores busy in all, less this run's three processes: what other processes on the machine took.
    const others = last.machineCpu * cpus().length - last.serverCpu - last.nodeCpu - last.clientCpu;
    reasons.push(
      `the machine's ${cpus().length} cores (${pc(last.machineCpu)} busy: server ${f(last.serverCpu, 2)}, node ${f(last.nodeCpu, 2)}, this client and proxy ${f(last.clientCpu, 2)}, other processes ${f(Math.max(0, others), 2)} cores)`,
    );
  }
  console.log(
    `saturates first: ${reasons.length > 0 ? reasons.join('; ') : `neither CPU — waits inside the server (database commits at ${f(last.diskKiBs)} KiB/s written, the wallet's nonce lane)`}`,
  );
}
