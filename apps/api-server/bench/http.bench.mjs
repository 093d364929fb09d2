// HTTP overhead of the API server against a bare Express 5 app with the same route shapes, on loopback
// (autocannon), interleaved in one run so both see the same machine state. Our server runs at the default
// LOG_LEVEL=info (a request log line per request, written synchronously to /dev/null like stdout would be).
// Run with `pnpm --filter @org/api-server bench` after `pnpm build`. Prints figures and ratios; asserts nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import express from 'express';
import { pino } from 'pino';
import { loadConfig } from '../dist/config.js';
import { createLogger } from '../dist/http/createLogger.js';
import { startServer } from '../dist/startServer.js';

const apiKey = 'bench-key-0123456789abcdef0123456789';
const config = loadConfig({
  WEB3_API_KEY: apiKey,
  API_PORT: '0',
  DATA_DIR: join(mkdtempSync(join(tmpdir(), 'api-bench-')), 'data'),
});
const logger = createLogger({
  level: process.env.BENCH_LOG ?? 'info',
  destination: pino.destination({ dest: '/dev/null', sync: true }),
});
const ours = await startServer({ config, logger });
const statusBody = await (
  await fetch(`${ours.url}/governor/status`, { headers: { 'x-api-key': apiKey } })
).text();

// The baseline: Express 5 with nothing but the routes (same paths, same JSON sizes, a plain key comparison).
const bare = express();
bare.get('/health', (_req, res) => {
  res.json({ status: 'ok', version: '1.16.0' });
});
bare.get('/governor/status', (req, res) => {
  if (req.get('x-api-key') !== apiKey) {
    res.status(401).end();
    return;
  }
  res.type('application/json').send(statusBody);
});
const bareServer = await new Promise((resolve) => {
  const s = bare.listen(0, '127.0.0.1', () => resolve(s));
});
const bareUrl = `http://127.0.0.1:${bareServer.address().port}`;

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const routes = [
  { name: 'GET /health', path: '/health', headers: {} },
  { name: 'GET /governor/status (auth)', path: '/governor/status', headers: { 'x-api-key': apiKey } },
];
const run = (url, route, connections) =>
  autocannon({ url: `${url}${route.path}`, headers: route.headers, connections, duration: DURATION });

console.log(`api-server HTTP overhead vs bare Express 5 (${DURATION} s per run, interleaved, loopback)`);
console.log('route                           c    ours req/s  p99    bare req/s  p99    ratio');
for (const route of routes) {
  for (const connections of [10, 50]) {
    // Interleave: bare, ours, bare, ours; report the second pair (warm JIT on both).
    await run(bareUrl, route, connections);
    await run(ours.url, route, connections);
    const b = await run(bareUrl, route, connections);
    const o = await run(ours.url, route, connections);
    if (o.non2xx > 0 || b.non2xx > 0) console.log(`  (non-2xx: ours ${o.non2xx}, bare ${b.non2xx})`);
    console.log(
      `${route.name.padEnd(30)} ${String(connections).padStart(3)}  ${Math.round(o.requests.average)
        .toString()
        .padStart(10)}  ${String(o.latency.p99).padStart(3)} ms ${Math.round(b.requests.average)
        .toString()
        .padStart(
          10,
        )}  ${String(b.latency.p99).padStart(3)} ms  ${(o.requests.average / b.requests.average).toFixed(2)}`,
    );
  }
}
await ours.close();
bareServer.close();
