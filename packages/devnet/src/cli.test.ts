import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tagSpawnedProcesses, waitForNoTaggedProcesses, waitUntilGone } from '../test/helpers.js';
import { createRpcClient } from './createRpcClient.js';
import type { DevnetManifest } from './types.js';

// `pnpm devnet` runs this entry point; exercise it as a real child process.
const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const tag = tagSpawnedProcesses();

function runCli(args: readonly string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(packageRoot, 'src/cli.ts'), ...args], {
    cwd: packageRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

afterAll(async () => {
  expect(await waitForNoTaggedProcesses(tag, 5_000)).toEqual([]);
});

describe('devnet CLI', () => {
  it('prints the manifest as JSON on stdout, serves it, and stops anvil on SIGTERM', async () => {
    const cli = runCli([]);
    // stdout and stderr are separate pipes: wait for both the ready line and the complete manifest.
    const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /devnet ready at (\S+) \(anvil pid (\d+),/.exec(cli.stderr());
        if (match && cli.stdout().endsWith('}\n')) {
          clearInterval(timer);
          resolve(match);
        }
      }, 25);
      void cli.exited.then((code) => {
        clearInterval(timer);
        reject(new Error(`cli exited early (${code}): ${cli.stderr()}`));
      });
    });
    const [, rpcUrl, pid] = ready;
    const manifest = JSON.parse(cli.stdout()) as DevnetManifest;
    expect(manifest.rpcUrl).toBe(rpcUrl);
    expect(manifest.chainId).toBe(31_337);
    expect(manifest.accounts).toHaveLength(10);
    expect(manifest.contracts.multicall3).toBe('0xcA11bde05977b3631167028862bE2a173976CA11');
    const rpc = createRpcClient({ url: manifest.rpcUrl, timeoutMs: 5_000 });
    expect(Number(await rpc.request<string>('eth_chainId'))).toBe(31_337);
    expect(await rpc.request<string>('eth_getCode', [manifest.tokens.usdc.address, 'latest'])).not.toBe('0x');

    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.stderr()).toContain('SIGTERM: stopping devnet');
    expect(await waitUntilGone(Number(pid), 5_000)).toBe(true);
  });

  it('exits non-zero with a message on a bad argument, starting nothing', async () => {
    const unknown = runCli(['--nope']);
    expect(await unknown.exited).toBe(1);
    expect(unknown.stderr()).toContain('unknown argument: --nope');
    const badBlockTime = runCli(['--block-time', '0']);
    expect(await badBlockTime.exited).toBe(1);
    expect(badBlockTime.stderr()).toContain('--block-time needs a positive integer');
    expect(unknown.stdout() + badBlockTime.stdout()).toBe('');
  });
});
