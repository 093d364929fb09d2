// The operator console on the devnet demo set-up (CONFIRM_MODE=all, an operator key, one held swap waiting):
//  1. the size of what the page loads, as served (gzip, which every browser accepts), per file and in total;
//  2. time to interactive in Debian's Chromium, median of N fresh tabs: navigation → the sign-in form is usable;
//     sign-in submitted → first data rendered (the governor's bars and the held action); and how long after a
//     bot's POST /swap/execute answers its held action shows up in an open console (no reload).
// Run with `pnpm --filter @org/api-server bench` after `pnpm build`. Prints figures; asserts nothing.
import { existsSync, mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devnetTokenList } from '@org/chain-evm';
import { startDevnet } from '@org/devnet';
import { pino } from 'pino';
import { chromium } from 'playwright-core';
import { loadConfig } from '../dist/config.js';
import { createLogger } from '../dist/http/createLogger.js';
import { startServer } from '../dist/startServer.js';

const KEY = 'bench-key-0123456789abcdef0123456789';
const OPERATOR_KEY = 'bench-operator-key-0123456789abcdef0123456789';
const RUNS = Number(process.env.BENCH_CONSOLE_RUNS ?? 7);
const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} is missing (apt-get install -y --no-install-recommends chromium)`);
  process.exit(1);
}

const devnet = await startDevnet();
const c = devnet.manifest.contracts;
const server = await startServer({
  config: loadConfig({
    WEB3_API_KEY: KEY,
    WEB3_OPERATOR_KEY: OPERATOR_KEY,
    API_PORT: '0',
    DATA_DIR: join(mkdtempSync(join(tmpdir(), 'console-bench-')), 'data'),
    RPC_URL_DEVNET: devnet.rpcUrl,
    UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
    WALLET_PRIVATE_KEY: devnet.manifest.accounts[3].privateKey,
    GOPLUS_BASE_URL: 'http://127.0.0.1:9',
    DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
    PROVIDER_TIMEOUT_MS: '200',
    WATCHER_INTERVAL_SECONDS: '0',
    CONFIRM_MODE: 'all',
  }),
  logger: createLogger({ level: 'warn', destination: pino.destination({ dest: '/dev/null', sync: true }) }),
  swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]),
});
const botSwap = async () => {
  const res = await fetch(`${server.url}/swap/execute`, {
    method: 'POST',
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ tokenIn: 'ETH', tokenOut: devnet.manifest.tokens.usdc.address, amountIn: '0.01' }),
  });
  if (res.status !== 202) throw new Error(`the bot's swap was not held: ${res.status}`);
  return (await res.json()).confirmation.id;
};

/** Bytes on the wire for one path, asking for gzip like a browser (no automatic decompression here). */
const served = (path) =>
  new Promise((resolve, reject) => {
    request(`${server.url}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
    })
      .on('error', reject)
      .end();
  });
const raw = async (path) => (await (await fetch(`${server.url}${path}`)).arrayBuffer()).byteLength;

const html = await (await fetch(`${server.url}/console/`)).text();
const files = ['/console/', ...[...html.matchAll(/(?:src|href)="(\/console\/[^"]+)"/g)].map((m) => m[1])];
console.log('console: served bundle (what a first visit loads)');
let totalGzip = 0;
let totalRaw = 0;
for (const path of files) {
  const wire = await served(path);
  const size = await raw(path);
  totalGzip += wire.bytes;
  totalRaw += size;
  console.log(
    `  ${path.padEnd(44)} ${String(size).padStart(7)} B raw  ${String(wire.bytes).padStart(7)} B ${wire.encoding}`,
  );
}
console.log(
  `  total${' '.repeat(39)} ${String(totalRaw).padStart(7)} B raw  ${String(totalGzip).padStart(7)} B on the wire`,
);

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-quic',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
  ],
});
// Marks taken inside the page (performance.now(), from navigation start): when the key field appears, when the
// form is submitted, when the governor's bars and the held action are both rendered.
const MARKS = `(() => {
  const marks = (window.__marks = {});
  addEventListener('submit', () => { marks.submit ??= performance.now(); }, true);
  new MutationObserver(() => {
    if (marks.form === undefined && document.getElementById('key')) marks.form = performance.now();
    if (marks.data === undefined && document.querySelector('#panel-governor meter') && document.querySelector('[data-confirmation-id]'))
      marks.data = performance.now();
  }).observe(document, { childList: true, subtree: true });
})();`;

await botSwap();
const runs = [];
for (let i = 0; i < RUNS; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(MARKS);
  await page.goto(`${server.url}/console/`);
  await page.getByLabel('Key').fill(OPERATOR_KEY);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('[data-connection="open"]').waitFor();
  await page.locator('[data-confirmation-id]').first().waitFor();
  const marks = await page.evaluate('window.__marks');
  const nav = await page.evaluate(
    `(() => { const n = performance.getEntriesByType('navigation')[0]; return { domInteractive: n.domInteractive, load: n.loadEventEnd }; })()`,
  );
  // A new held action while the console is open: from the bot's answer to the card on screen.
  const id = await botSwap();
  const answered = performance.now();
  await page.locator(`[data-confirmation-id="${id}"]`).waitFor();
  const live = performance.now() - answered;
  runs.push({
    form: marks.form,
    data: marks.data - marks.submit,
    live,
    domInteractive: nav.domInteractive,
    load: nav.load,
  });
  await context.close();
}
const median = (key) => {
  const sorted = runs.map((r) => r[key]).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (v) => `${v.toFixed(0)} ms`;
console.log(
  `console: time to interactive in Chromium, median of ${RUNS} fresh tabs (devnet, one held action)`,
);
console.log(`  navigation → DOM interactive               ${ms(median('domInteractive'))}`);
console.log(`  navigation → load event                    ${ms(median('load'))}`);
console.log(`  navigation → sign-in form rendered         ${ms(median('form'))}`);
console.log(
  `  sign-in submitted → first data rendered    ${ms(median('data'))}  (key checked, governor bars and held action on screen)`,
);
console.log(`  bot's swap answered → held action on screen ${ms(median('live'))}  (live, no reload)`);

await browser.close();
await server.close();
await devnet.stop();
