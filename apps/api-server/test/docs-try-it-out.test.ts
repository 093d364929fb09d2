import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { expectText } from './helpers/expectPage.js';
import { launchChromium } from './helpers/launchChromium.js';
import {
  startTestServer,
  TEST_API_KEY,
  TEST_OPERATOR_KEY,
  type TestServer,
} from './helpers/startTestServer.js';

// "Try it out" in Swagger UI, as a person uses it: the server listens on a random port (never the default 8000) and
// the page is loaded under another host name than the server was started with (`api.test`, resolved to 127.0.0.1 by
// Chromium only), so a document that names any fixed server sends every call elsewhere. Nothing answers on the
// devnet's RPC URL: none of the calls below reaches a chain.

const HOST = 'api.test';
const WATCHED = '0x00000000000000000000000000000000000A11cE';

let server: TestServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  server = await startTestServer({ RPC_URL_DEVNET: 'http://127.0.0.1:9', WATCHER_INTERVAL_SECONDS: '0' });
  base = `http://${HOST}:${new URL(server.url).port}`;
  browser = await launchChromium([HOST]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens `/docs` and records console errors and every request that leaves `base`. */
async function openDocs(): Promise<{ page: Page; errors: string[]; elsewhere: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (!r.url().startsWith(`${base}/`) && !/^(?:data|blob):/.test(r.url())) elsewhere.push(r.url());
  });
  await page.goto(`${base}/docs/`);
  await page.locator('.opblock-summary-path[data-path="/watcher/add"]').waitFor({ timeout: 20_000 });
  return { page, errors, elsewhere };
}

/** Authorize dialog: enters `key` for the scheme whose header is `header`. */
async function authorize(page: Page, header: string, key: string): Promise<void> {
  await page.locator('.auth-wrapper .btn.authorize').click();
  const scheme = page.locator('.modal-ux .auth-container').filter({ hasText: header });
  await scheme.locator('input').fill(key);
  await scheme.locator('button.authorize').click();
  await scheme.getByText('Authorized').waitFor();
  await page.locator('.modal-ux button.close-modal').click();
}

/**
 * Opens an operation, Try it out, fills the body when given, Execute; returns what the page shows: the status of
 * the live response, its body, the request URL and the curl line.
 */
async function tryItOut(
  page: Page,
  method: string,
  path: string,
  body?: string,
): Promise<{ status: string; body: string; requestUrl: string; curl: string }> {
  const operation = page
    .locator(`.opblock-${method}`)
    .filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
  if (!(await operation.locator('.try-out').isVisible())) await operation.locator('.opblock-summary').click();
  // Once in "Try it out" mode (a second call on the same operation) the button reads Cancel.
  if (!(await operation.locator('button.execute').isVisible()))
    await operation.getByRole('button', { name: 'Try it out' }).click();
  if (body !== undefined) await operation.locator('textarea.body-param__text').fill(body);
  const live = operation.locator('.live-responses-table tbody .response-col_status');
  await operation.locator('button.execute').click();
  await live.waitFor({ timeout: 20_000 });
  // The status cell reads e.g. `201` (plus `Undocumented` for a status the document does not list), or the error.
  const cell = (await expectText(live, /\S/)).trim();
  const code = /^\d{3}/.exec(cell)?.[0];
  const description = operation.locator('.live-responses-table tbody .response-col_description').first();
  const status = code ?? `${cell}: ${((await description.textContent()) ?? '').trim()}`;
  // No body when the call did not reach a server ("Failed to fetch").
  const pre = operation.locator('.live-responses-table tbody .response-col_description pre').first();
  if (code !== undefined) await pre.waitFor();
  const responseBody = (await pre.count()) > 0 ? ((await pre.textContent()) ?? '') : '';
  const requestUrl = ((await operation.locator('.request-url pre').textContent()) ?? '').trim();
  const curl = ((await operation.locator('.curl-command').textContent()) ?? '').trim();
  await operation.locator('button.btn-clear').click();
  await live.waitFor({ state: 'detached' });
  return { status, body: responseBody, requestUrl, curl };
}

// Each test drives the whole page; on a loaded machine a step takes seconds (a whole test took ~70 s in a full run
// on a busy 2-core machine): bounded by 3 minutes each.
describe('Swagger UI "Try it out" against the server that served it', () => {
  it('with the trading key: an authenticated GET, and a POST with a body, answer 200 in the page', {
    timeout: 180_000,
  }, async () => {
    const { page, errors, elsewhere } = await openDocs();
    await authorize(page, 'X-API-Key', TEST_API_KEY);

    const status = await tryItOut(page, 'get', '/governor/status');
    expect(status.status).toBe('200');
    expect(status.requestUrl).toBe(`${base}/governor/status`);
    expect(status.curl).toContain(`${base}/governor/status`);
    expect(status.curl).toContain(`X-API-Key: ${TEST_API_KEY}`);
    expect(JSON.parse(status.body)).toMatchObject({ killSwitch: false });

    const body = JSON.stringify({ chain: 'devnet', address: WATCHED, label: 'from the docs' });
    const added = await tryItOut(page, 'post', '/watcher/add', body);
    expect(added.status).toBe('201');
    expect(added.requestUrl).toBe(`${base}/watcher/add`);
    expect(JSON.parse(added.body)).toMatchObject({ created: true, wallet: { label: 'from the docs' } });
    const again = await tryItOut(page, 'post', '/watcher/add', body);
    expect(again.status).toBe('200');
    expect(JSON.parse(again.body)).toMatchObject({ created: false });
    // Read back past the page: the server holds the wallet.
    const list = (await (await server.call('/watcher/list')).json()) as { address: string; label: string }[];
    expect(list).toEqual([expect.objectContaining({ address: WATCHED, label: 'from the docs' })]);

    expect(errors).toEqual([]);
    expect(elsewhere).toEqual([]);
    await page.close();
  });

  it('with the operator key: an operator PUT with a body and an operator POST answer 200 in the page', {
    timeout: 180_000,
  }, async () => {
    const { page, errors, elsewhere } = await openDocs();
    await authorize(page, 'X-API-Key', TEST_API_KEY);
    // With the trading key only, the page sends no key on an operator operation (its `security` names only
    // `operator_key`, not the trading key the page holds), and the server refuses it.
    const refused = await tryItOut(page, 'put', '/governor/limits', JSON.stringify({ maxPerTx: '0.25' }));
    expect(refused.status).toBe('401');
    expect(refused.curl).not.toContain('X-API-Key');
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'UNAUTHORIZED' });

    await authorize(page, 'X-Operator-Key', TEST_OPERATOR_KEY);
    const limits = await tryItOut(page, 'put', '/governor/limits', JSON.stringify({ maxPerTx: '0.25' }));
    expect(limits.status).toBe('200');
    expect(limits.requestUrl).toBe(`${base}/governor/limits`);
    expect(limits.curl).toContain(`X-Operator-Key: ${TEST_OPERATOR_KEY}`);
    expect(limits.curl).not.toContain('X-API-Key');
    const read = async () =>
      (await (await server.call('/governor/status')).json()) as {
        killSwitch: boolean;
        limits: { maxPerTx: { eth: string } };
      };
    expect((await read()).limits.maxPerTx.eth).toBe('0.25');

    onTestFinished(async () => {
      await server.operator('/governor/unkill', { method: 'POST' });
    });
    expect((await server.call('/governor/kill', { method: 'POST' })).status).toBe(200);
    expect((await read()).killSwitch).toBe(true);
    const unkill = await tryItOut(page, 'post', '/governor/unkill');
    expect(unkill.status).toBe('200');
    expect(JSON.parse(unkill.body)).toMatchObject({ killSwitch: false });
    expect((await read()).killSwitch).toBe(false);

    // The one console error is the browser's note on the refused call above.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 401 (Unauthorized)',
    ]);
    expect(elsewhere).toEqual([]);
    await page.close();
  });
});
