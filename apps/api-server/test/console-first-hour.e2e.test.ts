import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { devnetTokenList } from '@org/chain-evm';
import { type StartDevnetReturnType, startDevnet, waitMined } from '@org/devnet';
import { JsonRpcProvider, parseEther, Wallet } from 'ethers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botSwap, launchChromium, signIn } from './helpers/consoleBrowser.js';
import { expectCount } from './helpers/expectPage.js';
import { startTestServer, TEST_OPERATOR_KEY, type TestServer } from './helpers/startTestServer.js';

// The console as an operator meets it in the first hour, in Debian's Chromium against the real server on the devnet:
// signed in with the operator key every panel is readable; figures are rounded for people (never a bare wei or
// base-unit figure, the exact value one click away); a DCA order's fills and the governor's window are charts with
// data; at 390 px nothing scrolls sideways. Screenshots go to build/screenshots/ (looked at by a person).
const ACCOUNT = 5;
const DAY = 86_400_000;
const SHOTS = fileURLToPath(new URL('../build/screenshots/', import.meta.url));
let devnet: StartDevnetReturnType;
let server: TestServer;
let browser: Browser;
let reader: JsonRpcProvider;
let now = Date.now();

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  devnet = await startDevnet();
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  const c = devnet.manifest.contracts;
  server = await startTestServer(
    {
      RPC_URL_DEVNET: devnet.rpcUrl,
      UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
      UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
      WALLET_PRIVATE_KEY: devnet.manifest.accounts[ACCOUNT]!.privateKey,
      GOPLUS_BASE_URL: 'http://127.0.0.1:9',
      DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
      PROVIDER_TIMEOUT_MS: '200',
      WATCHER_INTERVAL_SECONDS: '0',
      CONFIRM_MODE: 'off',
      DCA_TICK_SECONDS: '0',
      GOVERNOR_MAX_PER_TX: '1',
      GOVERNOR_DAILY_LIMIT: '10',
      GOVERNOR_SESSION_LIMIT: '10',
    },
    {
      swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]),
      clock: () => now,
    },
  );
  // A DCA order with three fills a day apart (the scheduler's clock moved), the price moved between them by swaps.
  const res = await server.call('/dca/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      tokenIn: 'ETH',
      tokenOut: devnet.manifest.tokens.usdc.address,
      amountPerFill: '0.05',
      interval: 'daily',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  for (let fill = 0; fill < 3; fill++) {
    expect((await server.services.dca.tick()).filled).toBe(1);
    expect((await botSwap(server, devnet, '0.3')).status).toBe(200);
    now += DAY;
  }
  // A watched wallet and an alert about a transfer to it (addresses that must wrap at 390 px).
  const watched = devnet.manifest.accounts[8]!.address;
  expect(
    (
      await server.call('/watcher/add', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          address: watched,
          label: 'a wallet with a long label that must wrap on a phone screen',
        }),
      })
    ).status,
  ).toBe(201);
  expect((await server.call('/watcher/check', { method: 'POST' })).status).toBe(200);
  const sender = new Wallet(devnet.manifest.accounts[9]!.privateKey, reader);
  await waitMined(sender.sendTransaction({ to: watched, value: parseEther('0.123456789') }));
  expect((await server.call('/watcher/check', { method: 'POST' })).status).toBe(200);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  reader?.destroy();
  await devnet?.stop();
});

async function operatorPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signIn(page, server.url, TEST_OPERATOR_KEY);
  await page.locator('[data-connection="open"]').waitFor();
  // Every panel with its data: the state asserted below is waited for, never read once.
  await page.locator('#panel-governor [data-window="daily"]').waitFor();
  await page.locator('#panel-executions [data-execution-id]').first().waitFor();
  await page.locator('#panel-dca [data-dca-order-id]').first().waitFor();
  await page.locator('#panel-alerts [data-alert-id]').first().waitFor();
  await page.locator('#panel-bridges').getByText('No bridge transfer among the latest executions.').waitFor();
  await page.locator('[data-chart="dca-fills"] svg').waitFor();
  await page.locator('[data-chart="spend-window"] svg').waitFor();
  return page;
}

describe('the console in the first hour', () => {
  it('signed in with the operator key, every panel is readable (no refusal anywhere)', async () => {
    const page = await operatorPage({ width: 1280, height: 900 });
    await expectCount(page.locator('[data-refused]'), 0);
    expect(await page.locator('.panel').count()).toBeGreaterThanOrEqual(6);
    await page.screenshot({ path: join(SHOTS, 'operator-1280.png'), fullPage: true });
    await page.context().close();
  });

  it('figures for people: no figure with more than 4 significant decimals, no bare wei or base units; the exact value one click away', async () => {
    const page = await operatorPage({ width: 1280, height: 900 });
    // The visible text of the panels, without identifiers (ids, hashes, addresses are code) and times.
    const text = (await page.evaluate(`(() => {
      const root = document.querySelector('main.panels').cloneNode(true);
      for (const e of root.querySelectorAll('code, time, .hash, .address, svg')) e.remove();
      return root.textContent;
    })()`)) as string;
    expect(text).not.toMatch(/\bwei\b/);
    expect(text).not.toMatch(/base units/);
    const decimals = [...text.matchAll(/\d+\.(\d+)/g)].map((m) => m[0]);
    expect(decimals.length).toBeGreaterThan(5);
    const tooPrecise = decimals.filter((d) => {
      const [whole, fraction = ''] = d.split('.');
      const significant = Number(whole) >= 1 ? fraction.length : fraction.replace(/^0+/, '').length;
      return Number(whole) >= 1 ? significant > 2 : significant > 3;
    });
    expect(tooPrecise, text.replace(/\s+/g, ' ')).toEqual([]);
    // The spend window's total: rounded, the exact figure in a click (and back).
    const amount = page.locator('#panel-governor [data-window="daily"] button.amount').first();
    const exact = (await amount.getAttribute('data-exact')) as string;
    expect(exact).toMatch(/^\d+\.\d{5,}$/);
    expect(await amount.textContent()).not.toContain(exact);
    await amount.click();
    await page
      .locator('#panel-governor [data-window="daily"] button.amount[aria-pressed="true"]', { hasText: exact })
      .waitFor();
    await amount.click();
    await page
      .locator('#panel-governor [data-window="daily"] button.amount[aria-pressed="false"]')
      .first()
      .waitFor();
    // A time is relative, the absolute one on hover.
    const time = page.locator('#panel-executions time[title]').first();
    expect(await time.textContent()).toMatch(/ago|just now/);
    expect(await time.getAttribute('title')).toMatch(/^\d{4}-\d\d-\d\dT/);
    await page.context().close();
  });

  it('a DCA order’s fills are a chart (a dot per fill and the running average), the governor’s window too', async () => {
    const page = await operatorPage({ width: 1280, height: 900 });
    const fills = page.locator('[data-chart="dca-fills"]');
    await page.locator('[data-chart="dca-fills"][data-points="3"]').waitFor();
    expect(await fills.locator('[data-series="fills"] circle').count()).toBe(3);
    expect(await fills.locator('path[data-series="average"]').getAttribute('d')).toMatch(
      /^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){2}$/,
    );
    expect(await fills.locator('figcaption').textContent()).toMatch(/3 fills: .* average now [\d.]+/);
    const spend = page.locator('[data-chart="spend-window"]');
    // Three fills and three swaps in the window, each a step, against the daily cap.
    await page.locator('[data-chart="spend-window"][data-points="6"]').waitFor();
    expect(await spend.locator('path[data-series="spend"]').getAttribute('d')).toMatch(
      /^M.*(H[\d.]+V[\d.]+){6,}/,
    );
    expect(await spend.locator('.limit text').textContent()).toContain('10 ETH');
    await fills.first().screenshot({ path: join(SHOTS, 'dca-fills-chart.png') });
    await spend.screenshot({ path: join(SHOTS, 'spend-window-chart.png') });
    await page.context().close();
  });

  it('at 390 px nothing scrolls sideways (long addresses wrap), and badges are drawn, not emoji', async () => {
    const page = await operatorPage({ width: 390, height: 844 });
    await page.waitForFunction('document.documentElement.scrollWidth <= window.innerWidth');
    const widest = (await page.evaluate(
      `Math.max(...[...document.querySelectorAll('#app *')].map((e) => e.getBoundingClientRect().right))`,
    )) as number;
    expect(widest).toBeLessThanOrEqual(390);
    expect(await page.locator('.badge svg.badge-icon').count()).toBeGreaterThan(3);
    expect((await page.evaluate(`document.querySelector('main.panels').textContent`)) as string).not.toMatch(
      /[\u{1F300}-\u{1FAFF}\u26D4\u23F8\u231B]/u,
    );
    await page.screenshot({ path: join(SHOTS, 'operator-390.png'), fullPage: true });
    await page.context().close();
  });
});
