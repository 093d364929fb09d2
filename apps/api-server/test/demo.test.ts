import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const DEMO = new URL('../dist/demo.js', import.meta.url).pathname;
const CLI = new URL('../dist/operator-cli.js', import.meta.url).pathname;
const run = promisify(execFile);
// The environment a person starts with: no DATA_DIR, no INIT_CWD (what pnpm would set), no keys.
const { DATA_DIR: _d, INIT_CWD: _i, WEB3_API_KEY: _k, WEB3_OPERATOR_KEY: _o, ...bareEnv } = process.env;

interface Demo {
  out: string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Runs `pnpm demo`'s entry as a child, waits for its banner, and gives back what it printed. */
async function runDemo(env: Record<string, string>, args: string[] = [], cwd?: string): Promise<Demo> {
  const child = spawn(process.execPath, [DEMO, ...args], {
    env: { ...bareEnv, API_PORT: '0', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(cwd ? { cwd } : {}),
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    out += d.toString();
  });
  await new Promise<void>((resolve, reject) => {
    // Under the test's own time-out, so a demo that does not start fails with its output.
    const timer = setTimeout(() => reject(new Error(`demo did not start:\n${out}`)), 90_000);
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
    stop: (signal = 'SIGINT') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve(child.exitCode);
          return;
        }
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}

interface Answer {
  line: string;
  path: string;
  status: number;
  body: Record<string, unknown>;
}

/** Runs every printed `curl` line as printed (method, headers, body, URL) and gives back each answer. */
async function runEveryLine(out: string): Promise<Answer[]> {
  const lines = out.split('\n').filter((l) => l.trimStart().startsWith('curl '));
  const answers: Answer[] = [];
  for (const line of lines) {
    const m =
      /^ {2}curl -s (-X POST )?-H "X-API-Key: ([^"]+)"(?: -H "Content-Type: application\/json" -H "Idempotency-Key: ([^"]+)" -d '([^']+)')? "([^"]+)"$/.exec(
        line,
      );
    expect(m, line).not.toBeNull();
    const [, post, key, idem, body, url] = m as RegExpExecArray;
    const res = await fetch(url as string, {
      method: post ? 'POST' : 'GET',
      headers: {
        'X-API-Key': key as string,
        ...(post ? { 'Content-Type': 'application/json', 'Idempotency-Key': idem as string } : {}),
      },
      ...(post ? { body: body as string } : {}),
    });
    answers.push({
      line,
      path: new URL(url as string).pathname,
      status: res.status,
      body: (await res.json()) as Record<string, unknown>,
    });
  }
  return answers;
}

const txHashOf = (a: Answer | undefined) => (a?.body.execution as { txHash?: string } | undefined)?.txHash;

/** The transaction's receipt on the devnet the demo printed (read directly, not through the server). */
async function receiptOn(out: string, hash: string): Promise<{ status: string } | null> {
  const rpc = /Devnet RPC: {2}(\S+)/.exec(out)?.[1] as string;
  const res = await fetch(rpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [hash] }),
  });
  return ((await res.json()) as { result: { status: string } | null }).result;
}

/** Two runs on one data directory: every printed line answers 2xx on each; each run's swap is its own. */
async function twice(args: string[], expectedPaths: string[]): Promise<void> {
  const base = join(mkdtempSync(join(tmpdir(), 'demo-')), 'data');
  const swaps: string[] = [];
  const dirs: string[] = [];
  for (let i = 0; i < 2; i++) {
    const demo = await runDemo({ DATA_DIR: base }, args);
    try {
      const dataDir = /Data: {8}(\S+) /.exec(demo.out)?.[1] as string;
      expect(dataDir.startsWith(join(base, 'demo'))).toBe(true);
      dirs.push(dataDir);
      const answers = await runEveryLine(demo.out);
      expect(answers.map((a) => a.path)).toEqual(expectedPaths);
      // Every line 2xx (the failing line named in the message).
      expect(answers.filter((a) => a.status >= 300).map((a) => `${a.status} ${a.line}`)).toEqual([]);
      const swap = answers.find((a) => a.path === '/swap/execute');
      expect(swap?.body).toMatchObject({ execution: { status: 'confirmed' } });
      const hash = txHashOf(swap) as string;
      // The swap happened on this run's devnet (not an answer replayed from an earlier run's).
      expect((await receiptOn(demo.out, hash))?.status).toBe('0x1');
      swaps.push(hash);
      const compound = answers.find((a) => a.path === '/yield/compound')?.body;
      expect(compound).toMatchObject({ status: 'confirmed', execution: { action: 'deposit' } });
      const best = answers.find((a) => a.path === '/yield/best')?.body.best as {
        opportunity: unknown;
      } | null;
      expect(best).not.toBeNull();
      const portfolio = answers.find((a) => a.path === '/yield/portfolio')?.body as { positions: unknown[] };
      expect(portfolio.positions.length).toBe(1);
      if (args.includes('--bridge')) {
        const bridge = answers.find((a) => a.path === '/bridge/execute')?.body;
        expect(bridge).toMatchObject({ execution: { status: 'confirmed', action: 'bridge' } });
      }
    } finally {
      expect(await demo.stop('SIGINT')).toBe(0);
    }
  }
  expect(new Set(swaps).size).toBe(2);
  expect(new Set(dirs).size).toBe(2);
  // The pointer to the running demo is gone once it stopped.
  expect(existsSync(join(base, 'demo', 'current.json'))).toBe(false);
}

const READS = [
  '/wallet/info',
  '/security/token',
  '/governor/status',
  '/portfolio/',
  '/gas/recommendation',
  '/swap/tokens',
  '/swap/quote',
  '/swap/execute',
  '/yield/opportunities',
  '/yield/best',
  '/yield/compound',
  '/yield/portfolio',
];

describe('pnpm demo', () => {
  it('twice on one data directory: each run its own data directory, every printed line 2xx, a new swap each time; Ctrl-C exits 0', async () => {
    await twice([], READS);
  }, 240_000);

  it('--bridge, twice: the same lines and the bridge lines all work as printed (no 422 chain is required)', async () => {
    await twice(['--bridge'], [...READS, '/bridge/chains', '/bridge/quote', '/bridge/execute']);
  }, 300_000);

  it('prints the user’s own key, the console, every devnet token; the operator key opens the operator’s reads', async () => {
    const key = 'demo-key-0123456789abcdef0123456789abcdef';
    const demo = await runDemo({
      WEB3_API_KEY: key,
      DATA_DIR: join(mkdtempSync(join(tmpdir(), 'demo-')), 'd'),
    });
    try {
      expect(demo.out).toContain(`API key:     ${key} (from WEB3_API_KEY)`);
      expect(demo.out).toMatch(/Operator key: [0-9a-f]{64} \(random; set WEB3_OPERATOR_KEY/);
      const consoleUrl = /Console: {5}(\S+\/console) /.exec(demo.out)?.[1] as string;
      const page = await fetch(consoleUrl);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const operatorKey = /Operator key: ([0-9a-f]{64}) \(random/.exec(demo.out)?.[1] as string;
      const status = await fetch(consoleUrl.replace('/console', '/governor/status'), {
        headers: { 'X-Operator-Key': operatorKey },
      });
      expect(status.status).toBe(200);
      for (const symbol of ['USDC', 'DAI', 'WBTC', 'HONEY', 'FEE', 'TAX', 'WETH']) {
        expect(demo.out).toMatch(new RegExp(`\\n  ${symbol} +0x[0-9a-fA-F]{40} `));
      }
    } finally {
      expect(await demo.stop('SIGTERM')).toBe(0);
    }
  }, 120_000);

  it('the operator CLI with no environment acts on the running demo: kill stops its trading, --json parses', async () => {
    // Both started from the same folder with nothing set, as a person would in one checkout.
    const cwd = mkdtempSync(join(tmpdir(), 'demo-cli-'));
    const demo = await runDemo({}, [], cwd);
    try {
      const dataDir = /Data: {8}(\S+) /.exec(demo.out)?.[1] as string;
      expect(dataDir.startsWith(join(cwd, '.data', 'demo'))).toBe(true);
      const pointer = JSON.parse(readFileSync(join(cwd, '.data', 'demo', 'current.json'), 'utf8'));
      expect(pointer).toMatchObject({ dataDir });
      const cli = async (...args: string[]) => {
        const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { cwd, env: bareEnv });
        return { stdout, stderr };
      };
      const killed = await cli('kill', '--json');
      expect(killed.stderr).toBe('');
      expect(JSON.parse(killed.stdout)).toMatchObject({
        ok: true,
        command: 'kill',
        dataDir,
        dataDirSource: 'demo',
        result: { killSwitch: true },
      });
      // The running demo enforces it: the printed swap line is refused.
      const swap = (await runEveryLine(demo.out)).find((a) => a.path === '/swap/execute');
      expect([swap?.status, swap?.body.code]).toEqual([403, 'KILL_SWITCH_ENGAGED']);
      const plain = await cli('status');
      expect(plain.stderr).toBe(`operator: data directory ${dataDir} (the running pnpm demo)\n`);
      expect(JSON.parse(plain.stdout)).toMatchObject({ killSwitch: true });
    } finally {
      expect(await demo.stop()).toBe(0);
    }
  }, 120_000);
});
