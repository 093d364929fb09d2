import { join } from 'node:path';
import { version as ethersVersion } from 'ethers';
import { compileContracts, devnetSourceHash } from './compileContracts.js';
import { ANVIL_ACCOUNTS, ANVIL_MNEMONIC, DEVNET_CHAIN_ID } from './constants.js';
import { createRpcClient, type RpcClient } from './createRpcClient.js';
import { type DevnetLayout, deployDevnet } from './deployDevnet.js';
import { InvalidParameterError } from './errors/InvalidParameterError.js';
import { planFingerprint } from './internal/deployPlan.js';
import { readCacheJson, sha256Hex, writeCacheJson } from './internal/fileCache.js';
import { dependencyVersion, devnetPackageRoot } from './internal/packageRoot.js';
import { resolveAnvilBinary } from './resolveAnvilBinary.js';
import { type AnvilProcess, spawnAnvil } from './spawnAnvil.js';
import type { Devnet, DevnetManifest } from './types.js';

/** Parameters of {@link startDevnet}. */
export interface StartDevnetParameters {
  /**
   * The chain id (default 31337, `DEVNET_CHAIN_ID`). Another id (e.g. `DEVNET_B_CHAIN_ID`, 31338) starts a second,
   * independent chain with the same layout at the same addresses: the other side of the devnet bridge.
   */
  chainId?: number | undefined;
  /** Skip the state cache: always compile (cache permitting) and deploy from scratch. Default `false`. */
  fresh?: boolean | undefined;
  /** Time for anvil to start listening, in milliseconds (default 30 000). Also bounds each RPC call. */
  timeoutMs?: number | undefined;
  /** Mine a block every `blockTime` seconds instead of on every transaction (default: automine). */
  blockTime?: number | undefined;
  /** Cache directory for compiler output and chain state. Default `packages/devnet/.cache` (git-ignored). */
  cacheDir?: string | undefined;
}

/** Return type of {@link startDevnet}. */
export type StartDevnetReturnType = Devnet & {
  /** JSON-RPC client bound to this devnet (time-outs and typed errors on every call). */
  rpc: RpcClient;
  /** How the chain state was produced: loaded from the state cache, or deployed now. */
  source: 'cache' | 'deploy';
};

interface StateCacheFile {
  key: string;
  layout: DevnetLayout;
  state: `0x${string}`;
}

const anvilArgs = (chainId: number): readonly string[] => [
  '--chain-id',
  String(chainId),
  '--accounts',
  '10',
  '--balance',
  '10000',
  '--mnemonic',
  ANVIL_MNEMONIC,
  '--hardfork',
  'prague',
];

const ARTIFACT_PACKAGES = [
  'canonical-weth',
  '@uniswap/v2-core',
  '@uniswap/v2-periphery',
  '@uniswap/v3-core',
  '@uniswap/v3-periphery',
] as const;

/**
 * Starts a local anvil chain (random port on 127.0.0.1, killed with this process even on SIGKILL) with
 * WETH9, Multicall3 at its canonical address, Uniswap V2 and V3, USDC/DAI/WBTC-like tokens, a honeypot, a
 * fee-on-transfer token, an ERC-4626 vault and the devnet bridge, all with liquidity. `chainId` starts another chain
 * with the same layout (the bridge's other side). The first start deploys everything and
 * caches `anvil_dumpState` (keyed by sources, artifact versions, anvil version and layout); later starts load
 * that state in ~30 ms. Addresses are identical either way.
 *
 * @example
 * ```ts
 * import { startDevnet } from '@org/devnet';
 * const devnet = await startDevnet();
 * const id = await devnet.snapshot();
 * // … run a test against devnet.rpcUrl / devnet.manifest …
 * await devnet.revert(id);
 * await devnet.stop();
 * ```
 */
export async function startDevnet(parameters: StartDevnetParameters = {}): Promise<StartDevnetReturnType> {
  if (typeof parameters !== 'object' || parameters === null) {
    throw new InvalidParameterError('parameters', 'must be an object');
  }
  const {
    fresh = false,
    timeoutMs = 30_000,
    blockTime,
    cacheDir: cacheDirParameter,
    chainId = DEVNET_CHAIN_ID,
  } = parameters;
  if (typeof fresh !== 'boolean') throw new InvalidParameterError('fresh', 'must be a boolean');
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId < 1 || chainId > 0xffff_ffff) {
    throw new InvalidParameterError('chainId', 'must be an integer between 1 and 4294967295');
  }
  const args = anvilArgs(chainId);
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new InvalidParameterError('timeoutMs', 'must be a positive finite number of milliseconds');
  }
  if (
    blockTime !== undefined &&
    (typeof blockTime !== 'number' || !Number.isInteger(blockTime) || blockTime <= 0 || blockTime > 3_600)
  ) {
    throw new InvalidParameterError('blockTime', 'must be an integer number of seconds between 1 and 3600');
  }
  if (cacheDirParameter !== undefined && (typeof cacheDirParameter !== 'string' || !cacheDirParameter)) {
    throw new InvalidParameterError('cacheDir', 'must be a non-empty string');
  }
  const cacheDir = cacheDirParameter ?? join(devnetPackageRoot(), '.cache');
  const anvilBinary = resolveAnvilBinary();

  const key = sha256Hex(
    JSON.stringify({
      source: devnetSourceHash().sourceHash,
      anvil: `${anvilBinary.packageName}@${anvilBinary.version}`,
      artifacts: ARTIFACT_PACKAGES.map((name) => `${name}@${dependencyVersion(name)}`),
      ethers: ethersVersion,
      plan: planFingerprint(),
      args,
    }),
  );
  const stateFile = `state-${key.slice(0, 32)}.json`;
  const spawnParameters = { args, timeoutMs, binaryPath: anvilBinary.path };

  let anvil: AnvilProcess | undefined;
  try {
    let layout: DevnetLayout | undefined;
    let source: 'cache' | 'deploy' = 'deploy';
    const cached = fresh ? undefined : readCacheJson(cacheDir, stateFile);
    if (isStateCacheFile(cached, key, chainId)) {
      anvil = await spawnAnvil(spawnParameters);
      const rpc = createRpcClient({ url: anvil.url, timeoutMs });
      if (await loadCachedState(rpc, cached)) {
        layout = cached.layout;
        source = 'cache';
      } else {
        // A stale or corrupt cache is a miss, never an error: start over on a clean chain.
        await anvil.stop();
        anvil = undefined;
      }
    }
    if (!layout) {
      const { contracts } = await compileContracts({ cacheDir });
      anvil ??= await spawnAnvil(spawnParameters);
      const rpc = createRpcClient({ url: anvil.url, timeoutMs });
      layout = await deployDevnet({ rpc, compiled: contracts });
      const state = await rpc.request<`0x${string}`>('anvil_dumpState', []);
      writeCacheJson(cacheDir, stateFile, { key, layout, state } satisfies StateCacheFile);
    }
    const running: AnvilProcess | undefined = anvil;
    if (!running) throw new Error('@org/devnet: internal error, no anvil process after setup');
    const rpc = createRpcClient({ url: running.url, timeoutMs });
    // Mine one block at the wall-clock time: the latest block (what tag-less eth_call/eth_estimateGas see)
    // must not carry the deployment's timestamp, which may be days old when the state came from the cache.
    const latest = await rpc.request<{ timestamp: string }>('eth_getBlockByNumber', ['latest', false]);
    const now = Math.max(Math.floor(Date.now() / 1000), Number(BigInt(latest.timestamp)) + 1);
    await rpc.request('evm_setNextBlockTimestamp', [now]);
    await rpc.request('evm_mine', []);
    if (blockTime !== undefined) await rpc.request('evm_setIntervalMining', [blockTime]);
    const copy = structuredClone(layout);
    const manifest: DevnetManifest = {
      chainId: copy.chainId,
      rpcUrl: running.url,
      accounts: copy.accounts,
      contracts: copy.contracts,
      tokens: copy.tokens,
      pools: copy.pools,
      nfts: copy.nfts,
    };
    return {
      manifest,
      rpcUrl: running.url,
      pid: running.pid,
      rpc,
      source,
      snapshot: () => rpc.request<string>('evm_snapshot', []),
      revert: async (id: string) => {
        if (typeof id !== 'string' || !/^0x[0-9a-fA-F]+$/.test(id)) {
          throw new InvalidParameterError('id', 'must be a snapshot id returned by snapshot()');
        }
        const reverted = await rpc.request<boolean>('evm_revert', [id]);
        if (reverted !== true)
          throw new InvalidParameterError('id', `unknown or already reverted snapshot ${id}`);
      },
      dumpState: () => rpc.request<`0x${string}`>('anvil_dumpState', []),
      loadState: async (state: `0x${string}`) => {
        if (typeof state !== 'string' || !/^0x[0-9a-fA-F]*$/.test(state)) {
          throw new InvalidParameterError('state', 'must be a hex string returned by dumpState()');
        }
        await rpc.request('anvil_loadState', [state]);
      },
      stop: () => running.stop(),
    };
  } catch (error) {
    await anvil?.stop();
    throw error;
  }
}

async function loadCachedState(rpc: RpcClient, cached: StateCacheFile): Promise<boolean> {
  try {
    if ((await rpc.request<boolean>('anvil_loadState', [cached.state])) !== true) return false;
    // Verify rather than trust: every manifest address must hold code after the load.
    const addresses = [
      ...Object.values(cached.layout.contracts),
      ...Object.values(cached.layout.tokens).map((token) => token.address),
      ...Object.values(cached.layout.pools.v2),
      ...Object.values(cached.layout.pools.v3).map((pool) => pool.address),
      ...Object.values(cached.layout.nfts).map((nft) => nft.address),
    ];
    const codes = await Promise.all(
      addresses.map((address) => rpc.request<string>('eth_getCode', [address, 'latest'])),
    );
    return codes.every((code) => typeof code === 'string' && code.length > 2);
  } catch {
    return false;
  }
}

function isStateCacheFile(value: unknown, key: string, chainId: number): value is StateCacheFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<StateCacheFile>;
  return (
    file.key === key &&
    typeof file.state === 'string' &&
    // The accounts (with their keys) and the chain id are constants: a cached layout that disagrees is
    // damaged, and handing its accounts to a test would sign with keys nobody checked.
    file.layout?.chainId === chainId &&
    JSON.stringify(file.layout.accounts) === JSON.stringify(ANVIL_ACCOUNTS) &&
    file.state.startsWith('0x') &&
    typeof file.layout === 'object' &&
    file.layout !== null &&
    typeof file.layout.contracts === 'object' &&
    typeof file.layout.tokens === 'object' &&
    typeof file.layout.pools === 'object' &&
    typeof file.layout.nfts === 'object'
  );
}
