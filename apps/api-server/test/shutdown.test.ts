import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Capability, Job } from '../src/capabilities/Capability.js';
import { capabilityTable } from '../src/capabilities/table.js';
import { startTestServer, TEST_API_KEY } from './helpers/startTestServer.js';

// Every background job of every capability runs (short periods, a wallet, a vault to sample), then the server
// closes: each job must be stopped, and nothing of them (no timer, socket or database handle) may stay behind.

let devnet: StartDevnetReturnType;
let env: Record<string, string>;

const JOBS = [
  'event-streams',
  'reconciler',
  'held-actions',
  'operator-sync',
  'approval-resetter',
  'watcher',
  'yield-sampler',
  'vault-assets',
  'bridge-follower',
  'dca-scheduler',
];

beforeAll(async () => {
  devnet = await startDevnet();
  const { contracts: c, tokens: t } = devnet.manifest;
  env = {
    RPC_URL_DEVNET: devnet.rpcUrl,
    UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    WALLET_PRIVATE_KEY: devnet.manifest.accounts[6]!.privateKey,
    WATCHER_INTERVAL_SECONDS: '1',
    DCA_TICK_SECONDS: '1',
    YIELD_VAULTS_DEVNET: t.vault.address,
    YIELD_SAMPLE_INTERVAL_SECONDS: '1',
    BRIDGE_STATUS_POLL_MS: '10',
  };
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
});

describe('shutdown', () => {
  it('stops every job of every capability, the last row first', async () => {
    const stopped: string[] = [];
    const spy = (job: Job): Job => ({
      ...job,
      stop: () => {
        stopped.push(job.name);
        return job.stop();
      },
    });
    const table: Capability[] = capabilityTable.map((row) => ({
      ...row,
      start: async (ctx) => {
        const provided = await row.start(ctx);
        return provided.jobs ? { ...provided, jobs: provided.jobs.map(spy) } : provided;
      },
    }));
    const server = await startTestServer(env, { table });
    expect(server.jobs).toEqual(JOBS);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await server.close();
    expect(stopped).toEqual([...JOBS].reverse());
  }, 60_000);

  it('leaves nothing running: the process exits on its own after close, with no timer left', async () => {
    const dist = new URL('../dist/', import.meta.url).href;
    // Counts the timers created after start-up that are still alive after close (cleared or fired ones are gone).
    const script = `
      import { createHook } from 'node:async_hooks';
      const { loadConfig } = await import(${JSON.stringify(`${dist}config.js`)});
      const { startServer } = await import(${JSON.stringify(`${dist}startServer.js`)});
      const live = new Map();
      createHook({
        init(id, type, _trigger, resource) { if (type === 'Timeout') live.set(id, resource); },
        destroy(id) { live.delete(id); },
      }).enable();
      const server = await startServer({ config: loadConfig(process.env) });
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await server.close();
      await new Promise((resolve) => setImmediate(resolve));
      // A pooled keep-alive socket's idle timer (Node's own, a bound native function) ends with the socket: not a job's.
      const timers = [...live.values()].filter(
        (t) => !t._destroyed && t._onTimeout !== null && !(t._repeat === null && t._onTimeout.name.startsWith('bound ')),
      );
      process.stdout.write(JSON.stringify({
        jobs: server.jobs,
        timers: timers.map((t) => ({ ms: t._idleTimeout, repeat: t._repeat !== null, fn: t._onTimeout.name + ': ' + String(t._onTimeout).slice(0, 120) })),
      }) + '\\n');
    `;
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-shutdown-')), 'data');
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: {
          PATH: process.env.PATH ?? '',
          WEB3_API_KEY: TEST_API_KEY,
          API_PORT: '0',
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
          YIELD_DEFILLAMA_BASE_URL: 'http://127.0.0.1:9',
          LIFI_BASE_URL: 'http://127.0.0.1:9',
          ...env,
        },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk;
      });
      // A handle left open keeps the process alive: it would be killed here and the exit code would be null.
      const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('exit', (code) => {
        clearTimeout(guard);
        resolve({ code, stdout, stderr });
      });
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as {
      jobs: string[];
      timers: unknown[];
    };
    expect(report.jobs).toEqual(JOBS);
    expect(report.timers).toEqual([]);
  }, 60_000);
});
