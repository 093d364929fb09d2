// GET /yield/opportunities against a local DefiLlama fixture serving a deterministic 20,000-pool list (the
// provider's real shape, ~14 MB): p50/p95 of the cached path (the list reused, filtered locally per request) and of
// the refresh path (every request finds the list expired and fetches, validates and indexes it again), and the
// process's memory with the list cached. No chain involved (`source=defillama`).
// Run with `pnpm --filter @org/api-server bench` after `pnpm build`. Prints figures; asserts nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { loadConfig } from '../dist/config.js';
import { createLogger } from '../dist/http/createLogger.js';
import { startServer } from '../dist/startServer.js';
import { generateDefiLlamaPools } from '../dist/yield/testing/generateDefiLlamaPools.js';
import { startDefiLlamaFixture } from '../dist/yield/testing/startDefiLlamaFixture.js';

const POOLS = 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const REFRESH_RUNS = Number(process.env.BENCH_REFRESH_RUNS ?? 5);
const apiKey = 'bench-key-0123456789abcdef0123456789';
const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);

const pools = generateDefiLlamaPools({ count: POOLS, seed: 42 });
const llama = await startDefiLlamaFixture({ pools });
const bodyBytes = Buffer.byteLength(JSON.stringify({ status: 'success', data: pools }));

async function serve(ttlSeconds) {
  const config = loadConfig({
    WEB3_API_KEY: apiKey,
    API_PORT: '0',
    DATA_DIR: join(mkdtempSync(join(tmpdir(), 'yield-bench-')), 'data'),
    YIELD_DEFILLAMA_BASE_URL: llama.url,
    YIELD_POOLS_TTL_SECONDS: String(ttlSeconds),
    YIELD_SAMPLE_INTERVAL_SECONDS: '0',
  });
  const logger = createLogger({
    level: 'silent',
    destination: pino.destination({ dest: '/dev/null', sync: true }),
  });
  return startServer({ config, logger });
}

async function timeRequests(server, path, runs, before) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    if (before) await before();
    const t0 = performance.now();
    const res = await fetch(`${server.url}${path}`, { headers: { 'x-api-key': apiKey } });
    const body = await res.json();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
}

const queries = [
  ['all, top 50 by APY', '/yield/opportunities?source=defillama'],
  ['USDC on Ethereum', '/yield/opportunities?source=defillama&asset=USDC&chain=ethereum&limit=20'],
  [
    'stablecoins, TVL ≥ $10M, by TVL',
    '/yield/opportunities?source=defillama&stablecoin=true&minTvl=10000000&sort=tvl',
  ],
];

global.gc?.();
const baseline = process.memoryUsage();
const cached = await serve(3600);
console.log(
  `/yield/opportunities with ${POOLS.toLocaleString('en')} DefiLlama pools (${mib(bodyBytes)} MiB body), ${RUNS} runs`,
);
try {
  const t0 = performance.now();
  await timeRequests(cached, queries[0][1], 1); // first request: the fetch
  const first = performance.now() - t0;
  global.gc?.();
  const loaded = process.memoryUsage();
  console.log(`first request (fetch + validate + index): ${first.toFixed(0)} ms`);
  console.log(
    `memory with the list cached: heap ${mib(loaded.heapUsed)} MiB (+${mib(loaded.heapUsed - baseline.heapUsed)}), rss ${mib(loaded.rss)} MiB (+${mib(loaded.rss - baseline.rss)})${global.gc ? '' : '  (run with --expose-gc for settled figures)'}`,
  );
  console.log('cached path                               p50 ms   p95 ms');
  for (const [name, path] of queries) {
    const r = await timeRequests(cached, path, RUNS);
    console.log(`  ${name.padEnd(38)} ${r.p50.toFixed(1).padStart(7)}  ${r.p95.toFixed(1).padStart(7)}`);
  }
} finally {
  await cached.close();
}

// TTL 1 s and a 1.1 s pause before each request: every request refreshes the list.
const refreshing = await serve(1);
try {
  await timeRequests(refreshing, queries[0][1], 1);
  const r = await timeRequests(
    refreshing,
    queries[0][1],
    REFRESH_RUNS,
    () => new Promise((resolve) => setTimeout(resolve, 1_100)),
  );
  console.log('refresh path (list expired on every request)  p50 ms   p95 ms');
  console.log(
    `  ${queries[0][0].padEnd(42)} ${r.p50.toFixed(1).padStart(7)}  ${r.p95.toFixed(1).padStart(7)}`,
  );
  global.gc?.();
  const after = process.memoryUsage();
  console.log(
    `memory after ${REFRESH_RUNS} refreshes: heap ${mib(after.heapUsed)} MiB, rss ${mib(after.rss)} MiB`,
  );
} finally {
  await refreshing.close();
  await llama.close();
}
