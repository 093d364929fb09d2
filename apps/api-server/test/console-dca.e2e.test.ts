import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DcaOrderDto } from '../src/dto/dca.js';
import { launchChromium, signIn, startConsoleServer } from './helpers/consoleBrowser.js';
import { expectAttribute, expectText } from './helpers/expectPage.js';
import { TEST_API_KEY, TEST_OPERATOR_KEY, type TestServer } from './helpers/startTestServer.js';

// The DCA orders panel in Debian's Chromium against the real server on the devnet: an order created and paused over
// HTTP shows up and changes in the open page with no reload (the panel reads `/dca/orders` again on `dca.*` events),
// at phone width; the operator key reads the orders too. Fills run through the execution gateway
// (CONFIRM_MODE=off here); ticks are driven with `services.dca.tick()` (DCA_TICK_SECONDS=0: no timer).
const ACCOUNT = 7;
let devnet: StartDevnetReturnType;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  devnet = await startDevnet();
  server = await startConsoleServer(devnet, ACCOUNT, {
    CONFIRM_MODE: 'off',
    DCA_TICK_SECONDS: '0',
    GOVERNOR_MAX_PER_TX: '1',
    GOVERNOR_DAILY_LIMIT: '10',
    GOVERNOR_SESSION_LIMIT: '10',
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await devnet?.stop();
});

async function openPage(viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  return context.newPage();
}

describe('the DCA orders panel', () => {
  it('shows an order created over HTTP live, then says paused when it is paused, without a reload', async () => {
    const page = await openPage({ width: 360, height: 740 });
    await signIn(page, server.url, TEST_API_KEY);
    await page.locator('[data-connection="open"]').waitFor();
    const panel = page.locator('#panel-dca');
    await panel.getByText('No DCA order.').waitFor();
    // A stopped scheduler is said in words.
    await expectAttribute(panel.locator('[data-dca-scheduler]'), 'data-dca-scheduler', 'stopped');
    await expectText(panel.locator('[data-dca-scheduler]'), 'scheduler not running');
    // Marks this document: a reload would lose it.
    await page.evaluate('window.__sameDocument = true');

    const res = await server.call('/dca/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tokenIn: 'ETH',
        tokenOut: devnet.manifest.tokens.usdc.address,
        amountPerFill: '0.1',
        interval: 'daily',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const order = (await res.json()) as DcaOrderDto;
    // Slot 0 is due now: the tick fills it (a real swap) and publishes dca.filled, on which the panel reads again.
    expect((await server.services.dca.tick()).filled).toBe(1);

    const row = panel.locator(`[data-dca-order-id="${order.id}"]`);
    await row.and(page.locator('[data-status="active"]')).waitFor();
    const active = await expectText(row, '(1 fill, 0 skipped, 0 blocked, 0 failed)');
    expect(active).toContain('active');
    expect(active).toContain('0.1 ETH → USDC every day');
    expect(active).toContain('(1 fill, 0 skipped, 0 blocked, 0 failed)');
    expect(active).toContain('next fill ');
    await expectText(panel.locator('[data-dca-scheduler]'), /^1 active · 0 paused/);
    // The fill is an execution of the gateway (action dca-fill), not a bridge transfer: the bridge panel leaves it out.
    const fill = (await (await server.call('/executions?limit=1')).json()) as {
      items: { id: string; action: string }[];
    };
    expect(fill.items[0]?.action).toBe('dca-fill');
    await page.locator(`#panel-executions [data-execution-id="${fill.items[0]?.id}"]`).waitFor();
    await expectText(page.locator('#panel-bridges'), 'No bridge transfer among the latest executions.');

    const paused = await server.call(`/dca/orders/${order.id}/pause`, { method: 'POST' });
    expect(paused.status).toBe(200);
    await row.and(page.locator('[data-status="paused"]')).waitFor();
    const text = await expectText(row, 'no fill while paused');
    expect(text).toContain('paused');
    await expectText(row.locator('[data-paused-reason]'), /^PAUSED_BY_USER: /);
    expect(await page.evaluate('window.__sameDocument')).toBe(true);

    // At phone width the panel does not make the page scroll sideways.
    const { scroll, width } = (await page.evaluate(
      '({ scroll: document.documentElement.scrollWidth, width: window.innerWidth })',
    )) as { scroll: number; width: number };
    expect(scroll).toBeLessThanOrEqual(width);
    await page.context().close();
  });

  it('the operator key reads the orders and the transfers (no refusal view)', async () => {
    const page = await openPage();
    await signIn(page, server.url, TEST_OPERATOR_KEY);
    await page.locator('[data-connection="open"]').waitFor();
    await page.locator('#panel-dca [data-dca-order-id]').first().waitFor();
    expect(await page.locator('#panel-dca [data-refused], #panel-bridges [data-refused]').count()).toBe(0);
    await page.context().close();
  });
});
