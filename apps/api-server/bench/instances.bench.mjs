// Issue 35's throughput figures, in one run: sustained executions per second and latency p50/p99 of POST
// /swap/execute from ONE wallet with a 1 s block time, for
//   1. one production process (`node dist/start.js`) on SQLite,
//   2. one on PostgreSQL (a throwaway database from createTestDatabase),
//   3. three on PostgreSQL (the README's deployment: one DATABASE_URL, one wallet, per instance its own address,
//      port and DATA_DIR), requests spread round-robin,
// with the ratios to (1), and where the time goes: CPU seconds of the server processes, of every PostgreSQL process
// on the machine (shared with whatever else runs) and of anvil, per execution. Then the governor's reservations per
// second on PostgreSQL with 64 concurrent callers over three instances (packages/governor/bench/postgres.bench.ts).
// Run with `pnpm --filter @org/api-server bench` (or `node bench/instances.bench.mjs`) after `pnpm build`.
// Bounded: BENCH_INSTANCES_EXECUTIONS (default 120) executions per set-up at BENCH_INSTANCES_CONCURRENCY (40), and
// BENCH_INSTANCES_TIMEOUT_S (120) per set-up. Prints figures; asserts nothing.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase, startDevnet } from '@org/devnet';

const EXECUTIONS = Number(process.env.BENCH_INSTANCES_EXECUTIONS ?? 120);
const CONCURRENCY = Number(process.env.BENCH_INSTANCES_CONCURRENCY ?? 40);
const TIMEOUT_S = Number(process.env.BENCH_INSTANCES_TIMEOUT_S ?? 120);
const KEY = 'bench-key-0123456789abcdef0123456789';
const OPERATOR_KEY = 'bench-operator-key-0123456789abcdef012345';
const ENTRY = fileURLToPath(new URL('../dist/start.js', import.meta.url));
const ACCOUNT = 4;
const TICKS = 100; // clock ticks per second of /proc/<pid>/stat (Linux USER_HZ)

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** CPU seconds (user + system) of one process, or 0 once it is gone. */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}
/** CPU seconds of every process whose name is `comm` (PostgreSQL backends come and go: a lower bound). */
function cpuByName(comm) {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) total += cpuOf(entry);
    } catch {
      // gone
    }
  }
  return total;
}

/** One `node dist/start.js`, LOG_LEVEL=warn, on a port chosen here; resolves once /health answers. */
async function startInstance(index, shared) {
  const port = await freePort();
  const host = `127.0.0.${11 + index}`;
  const env = {
    PATH: process.env.PATH ?? '',
    ...shared,
    API_HOST: host,
    API_PORT: String(port),
    DATA_DIR: join(mkdtempSync(join(tmpdir(), 'instances-bench-')), 'data'),
  };
  const child = spawn(process.execPath, [ENTRY], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (c) => {
    err = (err + c.toString('utf8')).slice(-2_000);
  });
  const url = `http://${host}:${port}`;
  const end = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance ${index} exited: ${err}`);
    const ok = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`instance ${index} did not answer in 60 s: ${err}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return { url, pid: child.pid, stop };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function scenario(label, { backend, count }) {
  const devnet = await startDevnet({ blockTime: 1 });
  const database = backend === 'postgres' ? await createTestDatabase({ prefix: 'instances_bench' }) : null;
  const c = devnet.manifest.contracts;
  const shared = {
    WEB3_API_KEY: KEY,
    WEB3_OPERATOR_KEY: OPERATOR_KEY,
    RPC_URL_DEVNET: devnet.rpcUrl,
    UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
    WALLET_PRIVATE_KEY: devnet.manifest.accounts[ACCOUNT].privateKey,
    GOPLUS_BASE_URL: 'http://127.0.0.1:9',
    DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
    YIELD_DEFILLAMA_BASE_URL: 'http://127.0.0.1:9',
    LIFI_BASE_URL: 'http://127.0.0.1:9',
    PROVIDER_TIMEOUT_MS: '200',
    GOVERNOR_MAX_PER_TX: '10',
    GOVERNOR_DAILY_LIMIT: '1000',
    GOVERNOR_SESSION_LIMIT: '1000',
    RECEIPT_TIMEOUT_MS: '60000',
    DCA_TICK_SECONDS: '0',
    LOG_LEVEL: 'warn',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const instances = [];
  try {
    for (let i = 0; i < count; i++) instances.push(await startInstance(i, shared));
    const body = JSON.stringify({
      tokenIn: 'ETH',
      tokenOut: devnet.manifest.tokens.usdc.address,
      amountIn: '0.001',
    });
    const execute = (instance) =>
      fetch(`${instance.url}/swap/execute`, {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(90_000),
      });
    for (const instance of instances) await (await execute(instance)).arrayBuffer(); // warm up, one at a time
    const servers0 = instances.reduce((s, i) => s + cpuOf(i.pid), 0);
    const postgres0 = cpuByName('postgres');
    const anvil0 = cpuOf(devnet.pid);
    const self0 = process.cpuUsage();
    const deadline = Date.now() + TIMEOUT_S * 1_000;
    const t0 = performance.now();
    let next = 0;
    const latencies = [];
    const statuses = {};
    const worker = async () => {
      while (next < EXECUTIONS && Date.now() < deadline) {
        const instance = instances[next++ % instances.length];
        const s = performance.now();
        const res = await execute(instance).catch(() => null);
        const answer = res ? await res.json().catch(() => ({})) : {};
        latencies.push(performance.now() - s);
        const status = res ? `${res.status}${answer.code ? ` ${answer.code}` : ''}` : 'no answer';
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const wall = (performance.now() - t0) / 1000;
    const self = process.cpuUsage(self0);
    const confirmed = statuses['200'] ?? 0;
    const sorted = latencies.sort((x, y) => x - y);
    return {
      label,
      confirmed,
      attempted: latencies.length,
      perSecond: confirmed / wall,
      p50: pct(sorted, 50),
      p99: pct(sorted, 99),
      statuses,
      cpu: {
        servers: instances.reduce((s, i) => s + cpuOf(i.pid), 0) - servers0,
        postgres: backend === 'postgres' ? cpuByName('postgres') - postgres0 : 0,
        anvil: cpuOf(devnet.pid) - anvil0,
        client: (self.user + self.system) / 1e6,
      },
      wall,
    };
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    await database?.drop();
    await devnet.stop();
  }
}

const results = [];
results.push(await scenario('1 instance, SQLite', { backend: 'sqlite', count: 1 }));
results.push(await scenario('1 instance, PostgreSQL', { backend: 'postgres', count: 1 }));
results.push(await scenario('3 instances, PostgreSQL', { backend: 'postgres', count: 3 }));
const base = results[0].perSecond;
console.log(
  `instances: sustained POST /swap/execute from ONE wallet, ${EXECUTIONS} at concurrency ${CONCURRENCY}, 1 s blocks (production processes)`,
);
for (const r of results) {
  const per = (s) => `${((1000 * s) / Math.max(1, r.confirmed)).toFixed(1)}`;
  console.log(
    `  ${r.label.padEnd(24)} ${r.perSecond.toFixed(1).padStart(5)} executions/s (${((100 * r.perSecond) / base).toFixed(0)}% of SQLite); p50 ${r.p50.toFixed(0)} ms p99 ${r.p99.toFixed(0)} ms; ${r.confirmed}/${r.attempted} confirmed ${JSON.stringify(r.statuses)}`,
  );
  console.log(
    `  ${''.padEnd(24)} CPU ms per execution: servers ${per(r.cpu.servers)}, PostgreSQL (all on the machine) ${per(r.cpu.postgres)}, anvil ${per(r.cpu.anvil)}, bench client ${per(r.cpu.client)}; ${(((r.cpu.servers + r.cpu.postgres + r.cpu.anvil + r.cpu.client) / r.wall) * 50).toFixed(0)}% of 2 cores over ${r.wall.toFixed(1)} s`,
  );
}
if (process.env.BENCH_INSTANCES_GOVERNOR !== '0') {
  const governor = fileURLToPath(new URL('../../../packages/governor/', import.meta.url));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'bench/postgres.bench.ts'],
    {
      cwd: governor,
      timeout: 180_000,
    },
  );
  console.log(
    `governor reservations on PostgreSQL (packages/governor/bench/postgres.bench.ts):\n${stdout.trimEnd()}`,
  );
}
