import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DEMO = new URL('../dist/demo.js', import.meta.url).pathname;

/** Runs `pnpm demo`'s entry as a child, waits for its banner, and gives back what it printed. */
async function runDemo(
  env: Record<string, string>,
): Promise<{ out: string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [DEMO], {
    env: {
      ...process.env,
      API_PORT: '0',
      DATA_DIR: join(mkdtempSync(join(tmpdir(), 'demo-')), 'data'),
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    out += d.toString();
  });
  await new Promise<void>((resolve, reject) => {
    // Under the test's own 60 s, so a demo that does not start fails with its output.
    const timer = setTimeout(() => reject(new Error(`demo did not start:\n${out}`)), 45_000);
    const check = setInterval(() => {
      if (out.includes('Ctrl-C stops')) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 50);
    child.once('exit', (code) => reject(new Error(`demo exited with ${code}:\n${out}`)));
  });
  return {
    out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve(child.exitCode);
          return;
        }
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

describe('pnpm demo', () => {
  it('prints the URL, the user’s own key, every devnet token and curl lines that work; stops on SIGTERM', async () => {
    const key = 'demo-key-0123456789abcdef0123456789abcdef';
    const demo = await runDemo({ WEB3_API_KEY: key });
    try {
      expect(demo.out).toContain(`API key:     ${key} (from WEB3_API_KEY)`);
      expect(demo.out).not.toContain('Failed to load bindings');
      // The console is served, and the printed operator key opens the operator's reads.
      const consoleUrl = /Console: {5}(\S+\/console) /.exec(demo.out)?.[1] as string;
      const page = await fetch(consoleUrl);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const operatorKey = /Operator key: ([0-9a-f]{64}) \(random/.exec(demo.out)?.[1] as string;
      expect(
        (
          await fetch(consoleUrl.replace('/console', '/governor/status'), {
            headers: { 'X-Operator-Key': operatorKey },
          })
        ).status,
      ).toBe(200);
      for (const symbol of ['USDC', 'DAI', 'WBTC', 'HONEY', 'FEE', 'TAX', 'WETH']) {
        expect(demo.out).toMatch(new RegExp(`\\n  ${symbol} +0x[0-9a-fA-F]{40} `));
      }
      const curls = [...demo.out.matchAll(/curl -s -H "X-API-Key: ([^"]+)" "([^"]+)"/g)];
      expect(curls.length).toBeGreaterThanOrEqual(5);
      for (const [, header, url] of curls) {
        const res = await fetch(url as string, { headers: { 'X-API-Key': header as string } });
        expect(res.status).toBe(200);
      }
      // The printed swap line executes a real swap.
      const swap =
        /curl -s -X POST -H "X-API-Key: ([^"]+)" -H "Content-Type: application\/json" -H "Idempotency-Key: ([^"]+)" -d '([^']+)' "([^"]+)"/.exec(
          demo.out,
        );
      expect(swap).not.toBeNull();
      const [, swapKey, idem, body, url] = swap as RegExpExecArray;
      const res = await fetch(url as string, {
        method: 'POST',
        headers: {
          'X-API-Key': swapKey as string,
          'Content-Type': 'application/json',
          'Idempotency-Key': idem as string,
        },
        body: body as string,
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { execution: { status: string } }).execution.status).toBe('confirmed');
    } finally {
      expect(await demo.stop()).toBe(0);
    }
  });

  it('without WEB3_API_KEY it makes a random 64-hex key and says so', async () => {
    const { WEB3_API_KEY: _unused, ...rest } = process.env;
    const demo = await runDemo({ ...(rest as Record<string, string>), WEB3_API_KEY: '' });
    try {
      expect(demo.out).toMatch(/API key: {5}[0-9a-f]{64} \(random; set WEB3_API_KEY/);
    } finally {
      await demo.stop();
    }
  });
});
