import { type StartDevnetReturnType, startDevnet, waitMined } from '@org/devnet';
import { JsonRpcProvider, parseEther, Wallet } from 'ethers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ConfirmationDto } from '../src/dto/confirmation.js';
import { CONSOLE_CSP } from '../src/http/serveConsole.js';
import { botSwap, launchChromium, signIn, startConsoleServer } from './helpers/consoleBrowser.js';
import { expectCount, expectText } from './helpers/expectPage.js';
import { TEST_API_KEY, TEST_OPERATOR_KEY, type TestServer } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// The console page itself in Debian's Chromium: its headers and CSP (no inline code, no eval, never framed),
// server text shown as text (a note, a watcher label), the trading key's read-only view (and the server refusing
// what the page does not offer), a phone-width screen. Real server on the devnet, CONFIRM_MODE=all.
const ACCOUNT = 5;
const WATCHED = 9;
const INJECTED = '<img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script>';
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let server: TestServer;
let browser: Browser;
const violations: string[] = [];
const foreign: string[] = [];
const nonce = () => reader.getTransactionCount(devnet.manifest.accounts[ACCOUNT]!.address, 'pending');

async function openPage(viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  page.on('console', (m) => {
    if (/Content.Security.Policy|Trusted.?Type/i.test(m.text())) violations.push(m.text());
  });
  page.on('request', (r) => {
    if (!r.url().startsWith(`${server.url}/`)) foreign.push(r.url());
  });
  return page;
}
const injected = (page: Page) =>
  page.evaluate(
    `({ pwned: window.__pwned, elements: document.querySelectorAll('#app img, #app script, #app iframe').length })`,
  );

beforeAll(async () => {
  devnet = await startDevnet();
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  server = await startConsoleServer(devnet, ACCOUNT);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  reader?.destroy();
  await devnet?.stop();
});

describe('the console page', () => {
  it('is served with its strict CSP and the security headers', async () => {
    const page = await openPage();
    const response = await page.goto(`${server.url}/console/`);
    const headers = response?.headers() ?? {};
    expect(response?.status()).toBe(200);
    expect(headers['content-security-policy']).toBe(CONSOLE_CSP);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['content-encoding']).toBe('gzip');
    await page.getByLabel('Key').waitFor();
    // The app replaces the boot placeholder when it mounts: it is not left under the rendered page.
    await expectCount(page.locator('#app .boot'), 0);
    expect(await page.locator('body').textContent()).not.toContain('Loading the operator console');
    await page.context().close();
  });

  it('refuses inline script, eval and framing (the browser enforces the CSP)', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/console/`);
    await page.getByLabel('Key').waitFor();
    // Page-world attempts (DevTools' own evaluation may use eval, so these go through the page's sinks).
    const attempts = await page.evaluate(`(() => {
      const out = {};
      try { const s = document.createElement('script'); s.textContent = 'window.__ran = 1'; document.body.append(s); out.inline = String(window.__ran); }
      catch (e) { out.inline = e.name; }
      try { setTimeout('window.__ran = 2', 0); out.timer = 'scheduled'; } catch (e) { out.timer = e.name; }
      try { document.body.innerHTML = '<b>x</b>'; out.html = 'assigned'; } catch (e) { out.html = e.name; }
      try { const a = document.createElement('a'); a.setAttribute('onclick', 'window.__ran = 3'); a.click(); out.handler = String(window.__ran); }
      catch (e) { out.handler = e.name; }
      return out;
    })()`);
    expect(attempts).toEqual({
      inline: 'TypeError',
      timer: 'TypeError',
      html: 'TypeError',
      handler: 'TypeError',
    });
    // Framed by another page: the browser refuses to render it (frame-ancestors 'none', X-Frame-Options DENY).
    const framing = await browser.newPage();
    const refusals: string[] = [];
    framing.on('console', (m) => refusals.push(m.text()));
    await framing.setContent(`<iframe src="${server.url}/console/"></iframe>`);
    const frame = framing.frames().find((f) => f !== framing.mainFrame());
    expect(await frame?.locator('#app').count()).toBe(0);
    await until('the browser to report the framing refusal', async () =>
      /frame-ancestors 'none'|X-Frame-Options/.test(refusals.join('\n')) ? true : undefined,
    );
    await framing.close();
    await page.close();
  });

  it('the trading key gets a read-only view, and the server refuses what the page does not offer', async () => {
    const operatorPage = await openPage();
    await signIn(operatorPage, server.url, TEST_OPERATOR_KEY);
    await operatorPage.locator('[data-connection="open"]').waitFor();
    const page = await openPage();
    await signIn(page, server.url, TEST_API_KEY);
    await page.locator('[data-role="trading"]').waitFor();
    await expectText(page.locator('.who'), 'Signed in with the trading key: read-only view', { exact: true });
    await page.locator('[data-connection="open"]').waitFor();

    const before = await nonce();
    const held = await botSwap(server, devnet, '0.01');
    const id = held.body.confirmation!.id;
    const card = page.locator(`[data-confirmation-id="${id}"]`);
    await expectText(card, 'Read-only: only the operator key can approve or deny.');
    // No action on the card (an amount's exact-value toggle is not one).
    expect(await card.locator('button:not(.amount)').count()).toBe(0);
    expect(await page.locator('#cap-maxPerTx').count()).toBe(0);
    // The trading key reads the execution list itself (the held execution is in it).
    await page.locator(`#panel-executions details[data-execution-id="${held.body.execution.id}"]`).waitFor();
    expect(await page.locator('#panel-executions [data-refused]').count()).toBe(0);

    // Anyone may stop; only the operator restarts.
    onTestFinished(async () => {
      await server.operator('/governor/unkill', { method: 'POST' });
    });
    await page.getByRole('button', { name: 'Engage kill switch' }).click();
    await page.locator('[data-kill-switch="engaged"]').waitFor();
    await page.getByText('Only the operator key can release it.').waitFor();
    expect(await page.getByRole('button', { name: /Release/ }).count()).toBe(0);

    // Forced from the page with its own key: the server refuses.
    const forced = await page.evaluate(`(async () => {
      const key = ${JSON.stringify(TEST_API_KEY)};
      const post = (path, method = 'POST', body) => fetch(path, {
        method, headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body,
      }).then(async (r) => [r.status, (await r.json()).code]);
      return {
        approve: await post('/confirmations/${id}/approve', 'POST', '{}'),
        deny: await post('/confirmations/${id}/deny', 'POST', '{}'),
        unkill: await post('/governor/unkill'),
        limits: await post('/governor/limits', 'PUT', '{"maxPerTx":"1"}'),
      };
    })()`);
    expect(forced).toEqual({
      approve: [403, 'OPERATOR_KEY_REQUIRED'],
      deny: [403, 'OPERATOR_KEY_REQUIRED'],
      unkill: [403, 'OPERATOR_KEY_REQUIRED'],
      limits: [403, 'OPERATOR_KEY_REQUIRED'],
    });
    expect(await nonce()).toBe(before);
    const still = (await (await server.call(`/confirmations/${id}`)).json()) as ConfirmationDto;
    expect(still.status).toBe('pending');

    // The operator's page followed the kill switch live; the operator releases it there.
    await operatorPage.locator('[data-kill-switch="engaged"]').waitFor();
    await operatorPage.getByRole('button', { name: 'Release kill switch…' }).click();
    await operatorPage.getByRole('button', { name: 'Yes, release' }).click();
    await page.locator('[data-kill-switch="released"]').waitFor();
    await operatorPage.context().close();
    await page.context().close();
  });

  it('a watcher label and alert details are shown as text, live, to both keys', async () => {
    const watched = devnet.manifest.accounts[WATCHED]!.address;
    const add = await server.call('/watcher/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: watched, label: INJECTED }),
    });
    expect(add.status).toBe(201);
    expect((await server.call('/watcher/check', { method: 'POST' })).status).toBe(200);

    const trading = await openPage();
    await signIn(trading, server.url, TEST_API_KEY);
    await trading.locator('[data-connection="open"]').waitFor();
    const operator = await openPage();
    await signIn(operator, server.url, TEST_OPERATOR_KEY);
    await operator.locator('[data-connection="open"]').waitFor();

    const sender = new Wallet(devnet.manifest.accounts[8]!.privateKey, reader);
    await waitMined(sender.sendTransaction({ to: watched, value: parseEther('0.05') }));
    expect((await server.call('/watcher/check', { method: 'POST' })).status).toBe(200);

    const label = trading.locator(`#panel-alerts [data-label-for="${watched}"]`);
    await expectText(label, INJECTED, { exact: true });
    await expectText(trading.locator('#panel-alerts'), 'balance-change');
    await operator.locator(`#panel-alerts [data-alert-id]`, { hasText: watched }).waitFor();
    // The operator key reads the alerts too: no refusal beside them.
    await expectCount(operator.locator('#panel-alerts [data-refused]'), 0);
    for (const page of [trading, operator])
      expect(await injected(page)).toEqual({ pwned: undefined, elements: 0 });
    await trading.context().close();
    await operator.context().close();
  });

  it('is readable on a phone-width screen: no sideways scrolling, held actions and decisions within reach', async () => {
    const page = await openPage({ width: 360, height: 740 });
    await signIn(page, server.url, TEST_OPERATOR_KEY);
    await page.locator('[data-connection="open"]').waitFor();
    const card = page.locator('[data-confirmation-id]').first();
    await card.waitFor();
    await card.getByRole('button', { name: 'Approve…' }).click();
    await card.getByRole('button', { name: 'Confirm approval' }).waitFor();
    const layout = await page.evaluate(`({
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
      widest: Math.max(...[...document.querySelectorAll('#app *')].map((e) => e.getBoundingClientRect().right)),
    })`);
    const { scroll, width, widest } = layout as { scroll: number; width: number; widest: number };
    expect(scroll).toBeLessThanOrEqual(width);
    expect(widest).toBeLessThanOrEqual(width);
    const button = await card.getByRole('button', { name: 'Confirm approval' }).boundingBox();
    expect(button?.height).toBeGreaterThanOrEqual(40);
    await card.getByRole('button', { name: 'Cancel' }).click();
    await page.context().close();
  });

  it('made no third-party request and hit no CSP violation on the pages above (the refusal test aside)', () => {
    expect(foreign).toEqual([]);
    expect(violations).toEqual([]);
  });
});
