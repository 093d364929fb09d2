import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive, tagSpawnedProcesses, waitForNoTaggedProcesses, waitUntilGone } from '../test/helpers.js';
import { spawnAnvil } from './spawnAnvil.js';

const here = dirname(fileURLToPath(import.meta.url));
const tag = tagSpawnedProcesses();

// Whatever happened above (time-outs, early exits, a SIGKILLed parent), nothing this file spawned survives.
afterAll(async () => {
  expect(await waitForNoTaggedProcesses(tag, 5_000)).toEqual([]);
});

describe('spawnAnvil', () => {
  it('listens on a random 127.0.0.1 port, answers JSON-RPC, and stop() kills it (idempotently)', async () => {
    const anvil = await spawnAnvil({});
    expect(anvil.url).toBe(`http://127.0.0.1:${anvil.port}`);
    expect(anvil.port).toBeGreaterThan(0);
    expect(isAlive(anvil.pid)).toBe(true);
    const response = await fetch(anvil.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    expect(((await response.json()) as { result: string }).result).toBe('0x7a69');
    await Promise.all([anvil.stop(), anvil.stop()]);
    await anvil.stop();
    expect(anvil.hasExited()).toBe(true);
    expect(isAlive(anvil.pid)).toBe(false);
  });

  it('rejects with a typed time-out error and leaves no process behind', async () => {
    const error = await spawnAnvil({ timeoutMs: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'DEVNET_START_TIMEOUT', name: 'StartTimeoutError', timeoutMs: 1 });
    // Even an anvil forked before its pid was reported must be gone (the wrapper and its watcher too).
    expect(await waitForNoTaggedProcesses(tag, 5_000)).toEqual([]);
  });

  it('reports an early exit with anvil’s own error output', async () => {
    const error = await spawnAnvil({ args: ['--no-such-flag'] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'DEVNET_ANVIL_EXITED', exitCode: 2 });
    expect((error as { details?: string }).details).toContain('--no-such-flag');
  });

  it('validates its parameters', async () => {
    await expect(spawnAnvil({ timeoutMs: 0 })).rejects.toMatchObject({ code: 'DEVNET_INVALID_PARAMETER' });
    await expect(spawnAnvil({ args: [1 as unknown as string] })).rejects.toMatchObject({
      code: 'DEVNET_INVALID_PARAMETER',
      parameter: 'args',
    });
  });

  it('anvil dies with its parent even when the parent is SIGKILLed', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, '../test/fixtures/holdDevnet.ts')], {
      cwd: join(here, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const line = await new Promise<string>((resolve, reject) => {
      let buffer = '';
      const timer = setTimeout(() => reject(new Error(`fixture printed nothing in 30 s: ${stderr}`)), 30_000);
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const newline = buffer.indexOf('\n');
        if (newline >= 0) {
          clearTimeout(timer);
          resolve(buffer.slice(0, newline));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`fixture exited early (${code}): ${stderr}`));
      });
    });
    const { pid, rpcUrl } = JSON.parse(line) as { pid: number; rpcUrl: string };
    expect(isAlive(pid)).toBe(true);
    expect(rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(await waitUntilGone(pid, 5_000)).toBe(true);
  });
});
