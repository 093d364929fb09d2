// HTTP throughput of the API server on loopback (autocannon), for routes that need no chain:
// the unauthenticated health check, a 401 rejection, and the governor status (SQLite read + auth).
// Run with `pnpm --filter @org/api-server bench` after `pnpm build`. Prints figures; asserts nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../dist/config.js';
import { createLogger } from '../dist/http/createLogger.js';
import { startServer } from '../dist/startServer.js';

const apiKey = 'bench-key-0123456789abcdef0123456789';
const config = loadConfig({
  WEB3_API_KEY: apiKey,
  API_PORT: '0',
  DATA_DIR: join(mkdtempSync(join(tmpdir(), 'api-bench-')), 'data'),
});
const server = await startServer({ config, logger: createLogger({ level: 'silent' }) });

const cases = [
  { name: 'GET /health (no auth)', path: '/health', headers: {} },
  { name: 'GET /wallet/info without key (401)', path: '/wallet/info?chain=devnet', headers: {} },
  {
    name: 'GET /governor/status (auth + SQLite)',
    path: '/governor/status',
    headers: { 'x-api-key': apiKey },
  },
];
console.log(`api-server HTTP bench on ${server.url} (10 connections, 5 s each)`);
for (const c of cases) {
  const result = await autocannon({
    url: `${server.url}${c.path}`,
    headers: c.headers,
    connections: 10,
    duration: 5,
  });
  console.log(
    `${c.name.padEnd(42)} ${Math.round(result.requests.average).toString().padStart(7)} req/s  ` +
      `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}`,
  );
}
await server.close();
