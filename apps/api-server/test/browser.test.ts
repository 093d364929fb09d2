import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

// Debian's Chromium, installed by .ci/run when missing. No browser download.
const CHROMIUM = '/usr/bin/chromium';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: run .ci/run (it installs Debian's chromium)`);
  server = await startTestServer();
  browser = await chromium.launch({
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
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('interactive documentation in a real browser', () => {
  it('Swagger UI at /docs lists the wallet operations, with no CSP violations', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${server.url}/docs/`);
    await page.getByText('/wallet/info', { exact: true }).waitFor({ timeout: 20_000 });
    const text = (await page.locator('#swagger-ui').textContent()) ?? '';
    expect(text).toContain('/wallet/balance/{address}');
    expect(text).toContain('/wallet/create');
    expect(text).toContain('/health');
    expect(violations).toEqual([]);
    await page.close();
  });

  it('Redoc at /redoc (bundle served locally) lists the wallet operations', async () => {
    const page = await browser.newPage();
    // Code, styles and data must come from this server (no CDN). Redoc's footer references a remote logo image,
    // which the docs CSP (img-src 'self' data:) blocks; images are not counted here.
    const external: string[] = [];
    let bundleStatus = 0;
    page.on('response', (r) => {
      if (r.url() === `${server.url}/redoc/redoc.standalone.js`) bundleStatus = r.status();
    });
    page.on('request', (r) => {
      const local = [server.url, 'blob:', 'data:'].some((prefix) => r.url().startsWith(prefix));
      if (!local && r.resourceType() !== 'image') external.push(`${r.resourceType()} ${r.url()}`);
    });
    await page.goto(`${server.url}/redoc`);
    await page.getByText('/wallet/balance/{address}').first().waitFor({ timeout: 20_000 });
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).toContain('Wallet Operations API');
    expect(text).toMatch(/Address and native balance of the configured wallet/);
    expect(external).toEqual([]);
    expect(bundleStatus).toBe(200);
    await page.close();
  });
});
