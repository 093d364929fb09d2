// Prints throughput / latency figures for the pure core and for full reports against a local 127.0.0.1
// provider server (GoPlus + DexScreener fixtures). Run: pnpm --filter @org/token-safety bench
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import {
  buildSecurityReport,
  computeSafetyScore,
  createDexScreenerSource,
  createGoPlusSource,
  createTokenSecurityService,
  resolveChain,
} from '../dist/index.js';

const fixture = (name) =>
  readFileSync(new URL(`../src/test-support/fixtures/${name}`, import.meta.url), 'utf8');
const goplus = fixture('goplus-evm-clean.json');
const dex = fixture('dexscreener-tokens.json');
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';

function timeIt(label, iterations, fn) {
  for (let i = 0; i < Math.min(1000, iterations); i++) fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  const ns = Number(process.hrtime.bigint() - start);
  console.log(
    `${label}: ${Math.round(iterations / (ns / 1e9)).toLocaleString('en')} ops/s (${(ns / iterations / 1000).toFixed(2)} µs/op)`,
  );
}

const fields = {
  isHoneypot: false,
  buyTax: 0,
  sellTax: 3,
  isOpenSource: true,
  isProxy: false,
  liquidityUsd: 20_000,
};
timeIt('computeSafetyScore', 200_000, () => computeSafetyScore({ fields, kind: 'evm', now: 0 }));
// The chain table comes from the application's registry; the bench needs only Ethereum.
const chains = [{ id: 1, name: 'ethereum', kind: 'evm', goplus: '1', dexscreener: 'ethereum' }];
const chain = resolveChain({ chain: 1, table: chains });
const outcomes = [
  {
    record: { name: 'goplus', status: 'ok', fetchedAt: '', durationMs: 1, fields: [], cached: false },
    evidence: { fields },
  },
];
timeIt('buildSecurityReport', 100_000, () => buildSecurityReport({ chain, token: USDC, outcomes, now: 0 }));

const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(req.url.startsWith('/latest/') ? dex : goplus);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

async function latency(label, service, n) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await service.getReport({ chain: 1, address: USDC });
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const q = (p) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))].toFixed(2);
  console.log(`${label}: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms over ${n} reports`);
}
const uncached = createTokenSecurityService({
  chains,
  sources: [
    createGoPlusSource({ baseUrl: base, cacheTtlMs: 0 }),
    createDexScreenerSource({ baseUrl: base, cacheTtlMs: 0 }),
  ],
});
await latency('getReport, GoPlus + DexScreener over local HTTP, no cache', uncached, 500);
const cached = createTokenSecurityService({
  chains,
  sources: [createGoPlusSource({ baseUrl: base }), createDexScreenerSource({ baseUrl: base })],
});
await latency('getReport, GoPlus + DexScreener, cache warm', cached, 2_000);
server.closeAllConnections();
server.close();
console.log(`rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`);
