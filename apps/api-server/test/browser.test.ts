import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText } from './helpers/expectPage.js';
import { launchChromium } from './helpers/launchChromium.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('interactive documentation in a real browser', () => {
  it('Swagger UI at /docs lists the wallet operations, with no CSP violation nor any console error', async () => {
    const page = await browser.newPage();
    // CSP violations are console errors, like any failed load.
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    page.on('pageerror', (e) => violations.push(e.message));
    await page.goto(`${server.url}/docs/`);
    await page.getByText('/wallet/info', { exact: true }).waitFor({ timeout: 20_000 });
    const text = await expectText(page.locator('#swagger-ui'), '/wallet/balance/{address}');
    expect(text).toContain('/wallet/create');
    expect(text).toContain('/health');
    expect(violations).toEqual([]);
    await page.close();
  });

  it('Redoc at /redoc (bundle served locally) lists the wallet operations, with no console error and no request to another host', async () => {
    const page = await browser.newPage();
    // Everything must come from this server (no CDN), images included: Redoc's own footer logo too.
    const external: string[] = [];
    const errors: string[] = [];
    let bundleStatus = 0;
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => {
      if (r.url() === `${server.url}/redoc/redoc.standalone.js`) bundleStatus = r.status();
    });
    page.on('request', (r) => {
      const local = [`${server.url}/`, 'blob:', 'data:'].some((prefix) => r.url().startsWith(prefix));
      if (!local) external.push(`${r.resourceType()} ${r.url()}`);
    });
    await page.goto(`${server.url}/redoc`);
    await page.getByText('/wallet/balance/{address}').first().waitFor({ timeout: 20_000 });
    await expectText(page.locator('body'), 'Wallet Operations API');
    await expectText(page.locator('body'), /Address and native balance of the configured wallet/);
    // Redoc's sidebar footer shows a logo: wait until it has loaded here, or been asked of another host.
    const logo = page.locator('img[alt="redocly logo"]');
    const logoLoaded = async () =>
      (await logo.count()) === 1 &&
      (await logo.evaluate((img) => (img as unknown as { complete: boolean }).complete));
    await expect
      .poll(async () => external.length > 0 || (await logoLoaded()), { timeout: 20_000 })
      .toBe(true);
    expect(external).toEqual([]);
    expect(errors).toEqual([]);
    expect(bundleStatus).toBe(200);
    await page.close();
  });
});
