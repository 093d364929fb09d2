import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

// Debian's Chromium, installed by .ci/run when missing. No browser download.
const CHROMIUM = '/usr/bin/chromium';

/**
 * Starts Debian's headless Chromium for a test; `hosts` names resolve to 127.0.0.1 (so a page can be loaded from
 * another host name than the one the server was started on). Throws when Chromium is missing.
 *
 * @example
 * ```ts
 * const browser = await launchChromium(['api.test']);
 * const page = await browser.newPage();
 * ```
 */
export async function launchChromium(hosts: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: run .ci/run (it installs Debian's chromium)`);
  return chromium.launch({
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
      ...(hosts.length === 0
        ? []
        : [`--host-resolver-rules=${hosts.map((h) => `MAP ${h} 127.0.0.1`).join(', ')}`]),
    ],
  });
}
