import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HDNodeWallet, Mnemonic } from 'ethers';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive, tagSpawnedProcesses, waitForNoTaggedProcesses } from '../test/helpers.js';
import { ANVIL_MNEMONIC } from './constants.js';
import { type StartDevnetReturnType, startDevnet } from './startDevnet.js';
import { startDevnetPair } from './startDevnetPair.js';
import type { DevnetManifest } from './types.js';

const tag = tagSpawnedProcesses();
const cacheDir = mkdtempSync(join(tmpdir(), 'devnet-cache-test-'));
const started: StartDevnetReturnType[] = [];
const start = async (parameters: Parameters<typeof startDevnet>[0]): Promise<StartDevnetReturnType> => {
  const devnet = await startDevnet(parameters);
  started.push(devnet);
  return devnet;
};
const withoutUrl = ({ rpcUrl: _rpcUrl, ...rest }: DevnetManifest): Omit<DevnetManifest, 'rpcUrl'> => rest;

afterAll(async () => {
  await Promise.all(started.map((devnet) => devnet.stop()));
  expect(await waitForNoTaggedProcesses(tag, 5_000)).toEqual([]);
  for (const devnet of started) expect(isAlive(devnet.pid!)).toBe(false);
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('startDevnet', () => {
  it('deploys on a cache miss, loads the cached state afterwards, and the manifests are identical', async () => {
    const first = await start({ cacheDir });
    expect(first.source).toBe('deploy');
    expect(readdirSync(cacheDir).some((name) => name.startsWith('state-'))).toBe(true);
    const second = await start({ cacheDir });
    expect(second.source).toBe('cache');
    expect(second.rpcUrl).not.toBe(first.rpcUrl);
    expect(second.manifest.rpcUrl).toBe(second.rpcUrl);
    expect(withoutUrl(second.manifest)).toEqual(withoutUrl(first.manifest));
    const fresh = await start({ cacheDir, fresh: true });
    expect(fresh.source).toBe('deploy');
    expect(withoutUrl(fresh.manifest)).toEqual(withoutUrl(first.manifest));
    // The chains themselves agree too, not just the manifests.
    const [a, b] = await Promise.all(
      [first, second].map((devnet) =>
        devnet.rpc.request('eth_getStorageAt', [devnet.manifest.pools.v2['WETH/USDC'], '0x8', 'latest']),
      ),
    );
    expect(b).toBe(a);
    await Promise.all([first.stop(), second.stop(), fresh.stop()]);
  });

  it('falls back to a full deployment when the cached state is corrupt', async () => {
    const stateFile = readdirSync(cacheDir).find((name) => name.startsWith('state-'))!;
    const file = JSON.parse(readFileSync(join(cacheDir, stateFile), 'utf8')) as { state: string };
    writeFileSync(join(cacheDir, stateFile), JSON.stringify({ ...file, state: '0x1f8b0000' }));
    const devnet = await start({ cacheDir });
    expect(devnet.source).toBe('deploy');
    expect(await devnet.rpc.request('eth_getCode', [devnet.manifest.contracts.weth, 'latest'])).not.toBe(
      '0x',
    );
    await devnet.stop();
  });

  it('does not trust a cached layout whose accounts differ from anvil’s (redeploys instead)', async () => {
    const stateFile = readdirSync(cacheDir).find((name) => name.startsWith('state-'))!;
    const file = JSON.parse(readFileSync(join(cacheDir, stateFile), 'utf8')) as {
      layout: { accounts: { address: string; privateKey: string }[] };
    };
    expect(file.layout.accounts).toHaveLength(10);
    file.layout.accounts[1] = { ...file.layout.accounts[1]!, privateKey: `0x${'11'.repeat(32)}` };
    writeFileSync(join(cacheDir, stateFile), JSON.stringify(file));
    const devnet = await start({ cacheDir });
    expect(devnet.source).toBe('deploy');
    expect(devnet.manifest.accounts[1]!.privateKey).not.toBe(`0x${'11'.repeat(32)}`);
    await devnet.stop();
  });

  it('describes chain 31337 and anvil’s 10 default accounts with their real keys', async () => {
    const devnet = await start({});
    const { manifest } = devnet;
    expect(manifest.chainId).toBe(31_337);
    expect(Number(await devnet.rpc.request<string>('eth_chainId'))).toBe(31_337);
    expect(manifest.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const onChain = await devnet.rpc.request<string[]>('eth_accounts');
    expect(manifest.accounts.map((a) => a.address.toLowerCase())).toEqual(
      onChain.map((a) => a.toLowerCase()),
    );
    const mnemonic = Mnemonic.fromPhrase(ANVIL_MNEMONIC);
    manifest.accounts.forEach((account, index) => {
      const wallet = HDNodeWallet.fromMnemonic(mnemonic, `m/44'/60'/0'/0/${index}`);
      expect(account).toEqual({ address: wallet.address, privateKey: wallet.privateKey });
    });
    // The manifest is a copy: mutating it cannot corrupt the cache or another devnet.
    manifest.contracts.weth = '0x0000000000000000000000000000000000000000';
    const again = await start({});
    expect(again.manifest.contracts.weth).not.toBe(manifest.contracts.weth);
    await Promise.all([devnet.stop(), again.stop()]);
  });

  it('mines on an interval when blockTime is set', async () => {
    const devnet = await start({ blockTime: 1 });
    const blockNumber = async (): Promise<number> =>
      Number(await devnet.rpc.request<string>('eth_blockNumber'));
    const before = await blockNumber();
    // Poll instead of sleeping a fixed time: a loaded CI machine may lag, but blocks must keep coming, with
    // no transaction sent (automine alone would never produce them).
    const deadline = Date.now() + 15_000;
    let now = before;
    while (now < before + 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      now = await blockNumber();
    }
    expect(now).toBeGreaterThanOrEqual(before + 2);
    await devnet.stop();
  });

  it('stop() is idempotent and waits until anvil is gone; dumpState/loadState round-trip', async () => {
    const devnet = await start({});
    const dumped = await devnet.dumpState();
    expect(dumped).toMatch(/^0x[0-9a-f]+$/);
    await devnet.loadState(dumped);
    await expect(devnet.loadState('zz' as `0x${string}`)).rejects.toMatchObject({
      code: 'DEVNET_INVALID_PARAMETER',
    });
    await Promise.all([devnet.stop(), devnet.stop()]);
    expect(isAlive(devnet.pid!)).toBe(false);
    await devnet.stop();
  });

  it('fails with a typed error instead of hanging when anvil does not start in time', async () => {
    const error = await startDevnet({ timeoutMs: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'DEVNET_START_TIMEOUT', name: 'StartTimeoutError' });
  });

  it('validates its parameters', async () => {
    await expect(startDevnet({ timeoutMs: -5 })).rejects.toMatchObject({ parameter: 'timeoutMs' });
    await expect(startDevnet({ blockTime: 0.5 })).rejects.toMatchObject({ parameter: 'blockTime' });
    await expect(startDevnet({ fresh: 'yes' as unknown as boolean })).rejects.toMatchObject({
      parameter: 'fresh',
    });
    await expect(startDevnet({ cacheDir: '' })).rejects.toMatchObject({ code: 'DEVNET_INVALID_PARAMETER' });
    for (const chainId of [0, 1.5, -1, 2 ** 32, '31338' as unknown as number]) {
      await expect(startDevnet({ chainId })).rejects.toMatchObject({ parameter: 'chainId' });
    }
    await expect(startDevnetPair({ chainId: 5 } as never)).rejects.toMatchObject({ parameter: 'chainId' });
  });
});
