// HTTP overhead of the API server against a bare Express 5 app answering the same JSON documents, on loopback.
// Each server runs in its own process (bench/http-server.mjs) and autocannon in this one, so the load generator
// never shares an event loop (or a heap) with the server it measures. Runs are interleaved — warm-up of both, then
// BENCH_ROUNDS rounds of one run each, the order alternating per round — so both see the same machine state.
// Per route and connection count it prints the median req/s and p99 of each side, the median ratio with its
// spread over the rounds, and the server CPU time per request (µs, from the server process itself: less noisy
// than req/s on a shared machine, and its inverse ratio is what a dedicated core would give).
// Our server runs at the default LOG_LEVEL=info (one log line per request, written synchronously to /dev/null).
// Rows: /health; /governor/status against bare answering the same document (the target: ≥ 0.80, p99 ≤ 20 ms at
// c=50); and /governor/status against bare doing the same governor read (GovernorService on its own SQLite file),
// which isolates what our HTTP stack adds from what a fresh ledger read costs any app; and
// /approval/known-protocols?chain=ethereum (auth, a validated query, no store or RPC behind it) against bare
// answering the same document.
// Run with `pnpm --filter @org/api-server bench` after `pnpm build`. Prints figures and ratios; asserts nothing.
// BENCH_SECONDS (default 3), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 10,50), BENCH_ROUTES (rows:
// health, status, status-read, protocols; default all), BENCH_LOG (default info), BENCH_PROFILE=<dir> writes V8 CPU profiles of both servers
// to <dir>/ours and <dir>/bare.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';

const KEY = 'bench-key-0123456789abcdef0123456789';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);

function startChild(kind, message) {
  const profile = process.env.BENCH_PROFILE;
  const execArgv = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}/${kind}`] : [];
  const child = fork(new URL('./http-server.mjs', import.meta.url), [kind], {
    execArgv,
    env: { ...process.env, BENCH_API_KEY: KEY },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = async (request, type) => {
    const reply = new Promise((resolve) => {
      const onMessage = (m) => {
        if (m.type === type) {
          child.off('message', onMessage);
          resolve(m);
        }
      };
      child.on('message', onMessage);
    });
    child.send(request);
    return reply;
  };
  return {
    ready: ask({ type: 'start', ...message }, 'ready'),
    cpu: async () => (await ask({ type: 'cpu' }, 'cpu')).micros,
    stop: async () => {
      child.send({ type: 'stop' });
      await once(child, 'exit');
    },
  };
}

// An authenticated read with a validated query and no store behind it: what our stack adds to a key-checked GET.
const PROTOCOLS = '/approval/known-protocols?chain=ethereum';
const ours = startChild('ours', {});
const oursUrl = (await ours.ready).url;
const bodies = {
  health: await (await fetch(`${oursUrl}/health`)).json(),
  status: await (await fetch(`${oursUrl}/governor/status`, { headers: { 'x-api-key': KEY } })).json(),
  protocols: await (await fetch(`${oursUrl}${PROTOCOLS}`, { headers: { 'x-api-key': KEY } })).json(),
};
const bare = startChild('bare', { bodies });
const bareUrl = (await bare.ready).url;

const auth = { 'x-api-key': KEY };
const routes = [
  { id: 'health', name: 'GET /health', path: '/health', headers: {} },
  { id: 'status', name: 'GET /governor/status (auth)', path: '/governor/status', headers: auth },
  // The same route against a bare app that does the same ledger read: what our HTTP stack alone adds.
  {
    id: 'status-read',
    name: '  bare doing the same read',
    path: '/governor/status',
    barePath: '/governor/status/read',
    headers: auth,
  },
  { id: 'protocols', name: 'GET /approval/known-protocols', path: PROTOCOLS, headers: auth },
].filter((r) => (process.env.BENCH_ROUTES ?? r.id).split(',').includes(r.id));

async function run(side, route, connections, seconds) {
  const before = await side.server.cpu();
  const result = await autocannon({
    url: `${side.url}${(side.name === 'bare' && route.barePath) || route.path}`,
    headers: route.headers,
    connections,
    duration: seconds,
  });
  const cpu = (await side.server.cpu()) - before;
  if (result.non2xx > 0 || result.errors > 0)
    console.log(`  (${side.name}: ${result.non2xx} non-2xx, ${result.errors} errors)`);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuPerRequest: cpu / result.requests.total,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const pad = (value, width) => String(value).padStart(width);

console.log(
  `api-server HTTP overhead vs bare Express 5 (separate processes, ${ROUNDS} interleaved rounds of ${SECONDS} s, loopback)`,
);
console.log(
  'route                           c  ours req/s  p99 | bare req/s  p99 | ratio (min–max)   | CPU µs/req ours  bare  bare/ours',
);
const sides = [
  { name: 'ours', url: oursUrl, server: ours },
  { name: 'bare', url: bareUrl, server: bare },
];
for (const route of routes) {
  for (const connections of CONNECTIONS) {
    for (const side of sides) await run(side, route, connections, 1); // warm-up (JIT, connections, caches)
    const results = { ours: [], bare: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [sides[1], sides[0]] : sides;
      for (const side of order) results[side.name].push(await run(side, route, connections, SECONDS));
    }
    const ratios = results.ours.map((o, i) => o.rps / results.bare[i].rps);
    const summary = (rows) => ({
      rps: Math.round(median(rows.map((r) => r.rps))),
      p99: median(rows.map((r) => r.p99)),
      cpu: median(rows.map((r) => r.cpuPerRequest)),
    });
    const o = summary(results.ours);
    const b = summary(results.bare);
    const spread = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
    console.log(
      [
        route.name.padEnd(30) + pad(connections, 3),
        ` ${pad(o.rps, 10)} ${pad(o.p99, 4)}`,
        ` ${pad(b.rps, 10)} ${pad(b.p99, 4)}`,
        ` ${median(ratios).toFixed(2)} (${spread})`,
        ` ${pad(Math.round(o.cpu), 15)} ${pad(Math.round(b.cpu), 5)}  ${pad((b.cpu / o.cpu).toFixed(2), 9)}`,
      ].join(' |'),
    );
  }
}
await Promise.all([ours.stop(), bare.stop()]);
