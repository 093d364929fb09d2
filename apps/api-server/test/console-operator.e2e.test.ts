import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { JsonRpcProvider, parseEther } from 'ethers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import { botSwap, launchChromium, signIn, startConsoleServer } from './helpers/consoleBrowser.js';
import { expectAttribute, expectCount, expectFocused, expectText } from './helpers/expectPage.js';
import { TEST_OPERATOR_KEY, type TestServer } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// The operator console in Debian's Chromium against the real server on the devnet (CONFIRM_MODE=all, an operator
// key): what a bot posts appears held without a reload; the operator approves, denies, stops and restarts, changes
// the caps, from the page. Every effect on chain is read with a fresh provider, never through the server.
const ACCOUNT = 6;
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let server: TestServer;
let browser: Browser;
let page: Page;
const wallet = () => devnet.manifest.accounts[ACCOUNT]!.address;
const nonce = () => reader.getTransactionCount(wallet(), 'pending');
const status = async () => (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
const execution = async (id: string) =>
  (await (await server.call(`/executions/${id}`)).json()) as ExecutionDto;
// A test that engages the kill switch releases it in its own clean-up, so one failure cannot cascade.
const releaseKillSwitch = async () => {
  if ((await status()).killSwitch) await server.operator('/governor/unkill', { method: 'POST' });
};
const navigations: string[] = [];
const violations: string[] = [];
const foreign: string[] = [];

beforeAll(async () => {
  devnet = await startDevnet();
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  server = await startConsoleServer(devnet, ACCOUNT);
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  page.on('console', (m) => {
    if (/Content.Security.Policy|Trusted.?Type/i.test(m.text())) violations.push(m.text());
  });
  page.on('request', (r) => {
    if (!r.url().startsWith(`${server.url}/`)) foreign.push(r.url());
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  reader?.destroy();
  await devnet?.stop();
});

describe('the operator console, signed in with the operator key', () => {
  it('a wrong key says so and shows no data', async () => {
    const dataAnswers: string[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (!path.startsWith('/console') && r.status() < 400) dataAnswers.push(path);
    });
    await signIn(page, server.url, 'not-the-key-0123456789abcdef0123456789');
    const error = page.getByRole('alert');
    await expectText(error, /refused this key \(401 UNAUTHORIZED\)/);
    expect(await page.locator('.panel').count()).toBe(0);
    expect(dataAnswers).toEqual([]);
  });

  it('signs in; a swap posted by a bot appears held within a second, without a reload, with what to decide on', async () => {
    await signIn(page, server.url, TEST_OPERATOR_KEY);
    await page.locator('[data-role="operator"]').waitFor();
    await page.locator('[data-connection="open"]').waitFor();
    await page.locator('[data-empty="held"]').waitFor();
    const loads = navigations.length;

    const held = await botSwap(server, devnet, '0.01');
    expect(held.status).toBe(202);
    const confirmation = held.body.confirmation!;
    const card = page.locator(`[data-confirmation-id="${confirmation.id}"]`);
    await card.waitFor({ timeout: 1_000 });
    expect(navigations.length).toBe(loads);

    const text = await expectText(card, 'every fund-moving action is held (CONFIRM_MODE=all)');
    expect(text).toContain('swap on devnet');
    expect(text).toContain('0.01 ETH');
    expect(text).toMatch(/Acquires[\s\S]*USDC/);
    expect(text).toContain(devnet.manifest.tokens.usdc.address);
    expect(text).toMatch(/not a honeypot|honeypot unknown/);
    expect(text).toContain(`${confirmation.gasLimit} gas`);
    expect(text).toContain('every fund-moving action is held (CONFIRM_MODE=all)');
    // The expiry counts down, live.
    const expiry = card.locator('header time');
    const first = await expiry.textContent();
    expect(first).toMatch(/^in 9 min \d\d s$|^in 10 min 00 s$/);
    await until('the countdown to tick', async () =>
      (await expiry.textContent()) !== first ? true : undefined,
    );
  });

  it('approve in the page (two clicks) → the transaction is on chain and the page shows it confirmed', async () => {
    const before = await nonce();
    const card = page.locator('[data-confirmation-id]').first();
    const id = (await card.getAttribute('data-confirmation-id')) as string;
    await card.getByRole('button', { name: 'Approve…' }).click();
    await card.getByLabel('Note (optional)').fill('checked by the operator');
    await card.getByRole('button', { name: 'Confirm approval' }).click();

    const answer = page.locator('[data-answer="ok"]', { hasText: id });
    await answer.waitFor({ timeout: 90_000 });
    await expectText(answer, /confirmation settled, execution confirmed \(tx 0x[0-9a-f]{64}\)/);
    await card.waitFor({ state: 'detached' });

    // The operator key reads the executions (whoever decides sees what they decide about).
    await page.locator('#panel-executions [data-refused]').waitFor({ state: 'detached' });
    const row = page.locator('#panel-executions [data-status="confirmed"]').first();
    await row.waitFor();
    await row.locator('summary').click();
    const hash = (await row.locator('[data-tx-hash]').getAttribute('data-tx-hash')) as string;

    const receipt = await reader.getTransactionReceipt(hash);
    expect(receipt?.status).toBe(1);
    expect(receipt?.from).toBe(wallet());
    expect([
      devnet.manifest.contracts.uniswapV2Router02,
      devnet.manifest.contracts.uniswapV3SwapRouter,
    ]).toContain(receipt?.to);
    expect((await reader.getTransaction(hash))?.value).toBe(parseEther('0.01'));
    expect(await nonce()).toBe(before + 1);
    const text = await expectText(row, `in block ${receipt?.blockNumber}`);
    expect(text).toMatch(/Nonce\s*\d+/);
    expect(text).toMatch(/Fee paid\s*0\.0\d+ ETH/);
  });

  it('deny another from the keyboard → nothing is sent (nonce unchanged on chain); the note is shown as text', async () => {
    const before = await nonce();
    const held = await botSwap(server, devnet, '0.01');
    const confirmation = held.body.confirmation!;
    const card = page.locator(`[data-confirmation-id="${confirmation.id}"]`);
    await card.waitFor();
    await card.getByRole('button', { name: 'Deny…' }).focus();
    await page.keyboard.press('Enter');
    // The note field takes the focus: type and press Enter.
    await until('the note field to have the focus', async () =>
      (await page.evaluate('document.activeElement?.id')) === `note-${confirmation.id}` ? true : undefined,
    );
    const note = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> not this one';
    await page.keyboard.type(note);
    await page.keyboard.press('Enter');

    const answer = page.locator('[data-answer="ok"]', { hasText: confirmation.id });
    await answer.waitFor({ timeout: 20_000 });
    await expectText(answer, /confirmation denied, execution blocked CONFIRMATION_DENIED/);
    expect(await nonce()).toBe(before);
    expect(await execution(held.body.execution.id)).toMatchObject({
      status: 'blocked',
      code: 'CONFIRMATION_DENIED',
      transactions: [],
    });
    const shown = page.locator(`[data-note-for="${confirmation.id}"]`);
    await expectText(shown, note, { exact: true });
    expect(
      await page.evaluate(
        `({ pwned: window.__pwned, elements: document.querySelectorAll('#app img, #app script').length })`,
      ),
    ).toEqual({ pwned: undefined, elements: 0 });
  });

  it('engages the kill switch from the page → a new bot swap is refused at once, nothing held; one held before is refused when approved', async () => {
    onTestFinished(releaseKillSwitch);
    const before = await nonce();
    // Held before the kill (CONFIRM_MODE=all): its card is on the page.
    const held = await botSwap(server, devnet, '0.01');
    expect(held.status).toBe(202);
    const card = page.locator(`[data-confirmation-id="${held.body.confirmation!.id}"]`);
    await card.waitFor();

    await page.getByRole('button', { name: 'Engage kill switch' }).click();
    await page.locator('[data-kill-switch="engaged"]').waitFor();
    await expectCount(page.locator('[data-answer="ok"]', { hasText: 'kill switch engaged' }), 1);
    expect((await status()).killSwitch).toBe(true);

    // After the kill the gateway refuses before any hold: nothing new enters the queue.
    const cards = await page.locator('[data-confirmation-id]').count();
    const refusedAtOnce = await botSwap(server, devnet, '0.01');
    expect(refusedAtOnce.status).toBe(403);
    expect(refusedAtOnce.body.code).toBe('KILL_SWITCH_ENGAGED');
    expect(await page.locator('[data-confirmation-id]').count()).toBe(cards);

    // The action held before the kill is refused when the operator approves it.
    await card.getByRole('button', { name: 'Approve…' }).click();
    await card.getByRole('button', { name: 'Confirm approval' }).click();
    const refused = page.locator('[data-answer="refused"]', { hasText: held.body.confirmation!.id });
    await refused.waitFor({ timeout: 20_000 });
    await expectAttribute(refused, 'data-code', 'KILL_SWITCH_ENGAGED');
    await expectText(refused, 'refused — 403 KILL_SWITCH_ENGAGED');
    expect(await nonce()).toBe(before);
    expect((await execution(held.body.execution.id)).code).toBe('KILL_SWITCH_ENGAGED');
  });

  it('release asks for confirmation first; "keep it engaged" keeps it; "yes" releases', async () => {
    onTestFinished(releaseKillSwitch);
    // Engaged here by a bot (anyone may stop), so this test does not depend on the one before.
    if (!(await status()).killSwitch)
      expect((await server.call('/governor/kill', { method: 'POST' })).status).toBe(200);
    await page.locator('[data-kill-switch="engaged"]').waitFor();
    await page.getByRole('button', { name: 'Release kill switch…' }).click();
    // The question has the focus on its safe answer; nothing was sent yet.
    await expectFocused(page, 'Keep it engaged');
    expect((await status()).killSwitch).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Release kill switch…' }).waitFor();
    expect((await status()).killSwitch).toBe(true);

    await page.getByRole('button', { name: 'Release kill switch…' }).click();
    await page.getByRole('button', { name: 'Yes, release' }).click();
    await page.locator('[data-kill-switch="released"]').waitFor();
    expect((await status()).killSwitch).toBe(false);
    await expectCount(page.locator('[data-answer="ok"]', { hasText: 'kill switch released' }), 1);
  });

  it('changes the caps; a refusal is shown with its code; "configured value" puts one back', async () => {
    await page.locator('#cap-maxPerTx').fill('0.02');
    await page.getByRole('button', { name: 'Change caps' }).click();
    await page.locator('[data-answer="ok"]', { hasText: 'caps now 0.02 per transaction' }).waitFor();
    expect((await status()).limits.maxPerTx.eth).toBe('0.02');
    await page.getByText('at most 0.02 ETH').waitFor();

    const direct = await server.operator('/governor/limits', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dailyLimit: 'lots' }),
    });
    const expected = ((await direct.json()) as { code: string }).code;
    await page.locator('#cap-dailyLimit').fill('lots');
    await page.getByRole('button', { name: 'Change caps' }).click();
    const refused = page.locator('.limits [data-answer="refused"]');
    await expectAttribute(refused, 'data-code', expected);
    await expectText(refused, `${direct.status} ${expected}`);

    await page.locator('#cap-dailyLimit').fill('');
    await page.locator('.limits .check input').first().check();
    await page.getByRole('button', { name: 'Change caps' }).click();
    await page.locator('[data-answer="ok"]', { hasText: 'caps now 0.05 per transaction' }).waitFor();
    expect((await status()).limits.maxPerTx.eth).toBe('0.05');
  });

  it('reconnects after the stream drops, with Last-Event-ID, and gets what it missed', async () => {
    const lastIds: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/events') lastIds.push(r.headers()['last-event-id'] ?? '');
    });
    server.services.events.hub.close();
    await page.locator('[data-connection="reconnecting"]').waitFor();
    const held = await botSwap(server, devnet, '0.01');
    await page.locator('[data-connection="open"]').waitFor({ timeout: 15_000 });
    await page.locator(`[data-confirmation-id="${held.body.confirmation!.id}"]`).waitFor();
    expect(lastIds.at(-1)).toMatch(/^[0-9a-f]{8}-[0-9]+$/);
  });

  it('signing out forgets the key (memory and this tab) and closes the stream; a kept key survives a reload only', async () => {
    const streams = server.services.events.hub.subscribers;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Key').waitFor();
    await until('the stream to close', async () =>
      server.services.events.hub.subscribers < streams ? true : undefined,
    );

    await signIn(page, server.url, TEST_OPERATOR_KEY, { remember: true });
    await page.locator('[data-role="operator"]').waitFor();
    const storage = () =>
      page.evaluate(`({
        session: Object.keys(sessionStorage).map((k) => sessionStorage.getItem(k)),
        local: localStorage.length,
        cookies: document.cookie,
        url: location.href,
      })`);
    expect(await storage()).toEqual({
      session: [TEST_OPERATOR_KEY],
      local: 0,
      cookies: '',
      url: `${server.url}/console/`,
    });
    await page.reload();
    await page.locator('[data-role="operator"]').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Key').waitFor();
    expect(await storage()).toEqual({ session: [], local: 0, cookies: '', url: `${server.url}/console/` });
    expect(navigations.every((u) => !u.includes(TEST_OPERATOR_KEY))).toBe(true);
  });

  it('made no third-party request and hit no CSP violation in all of the above', () => {
    expect(foreign).toEqual([]);
    expect(violations).toEqual([]);
  });
});
