import { readdirSync, readFileSync } from 'node:fs';
import {
  type BaseContract,
  type BaseContractMethod,
  Contract,
  type ContractRunner,
  type ContractTransactionResponse,
  JsonRpcProvider,
  Wallet,
} from 'ethers';
import type { Devnet } from '../src/types.js';

/** An ethers provider tuned for a local node (no batching stall, no stale-nonce cache). */
export function localProvider(devnet: Pick<Devnet, 'rpcUrl'>, chainId = 31_337): JsonRpcProvider {
  return new JsonRpcProvider(devnet.rpcUrl, chainId, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
}

/** A signer for dev account `index`. */
export function devSigner(
  devnet: Pick<Devnet, 'manifest'>,
  provider: JsonRpcProvider,
  index: number,
): Wallet {
  const account = devnet.manifest.accounts[index];
  if (!account) throw new Error(`no dev account ${index}`);
  return new Wallet(account.privateKey, provider);
}

/** Whether a pid is alive (signal 0 probes without killing). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Polls until `pid` is gone or `timeoutMs` elapses; returns whether it is gone. */
export async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isAlive(pid);
}

/**
 * Tags every process this test file spawns from now on (children inherit the environment; the worker's own
 * /proc/self/environ does not change), so a leak check can find them by tag without racing other test runs.
 */
export function tagSpawnedProcesses(): string {
  const tag = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  process.env['DEVNET_TEST_TAG'] = tag;
  return tag;
}

/** pids of live processes carrying `tag` (see {@link tagSpawnedProcesses}). Linux /proc only. */
export function taggedProcesses(tag: string): number[] {
  const needle = `DEVNET_TEST_TAG=${tag}\0`;
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (`${readFileSync(`/proc/${entry}/environ`, 'latin1')}\0`.includes(needle)) found.push(Number(entry));
    } catch {
      // exited meanwhile, or not ours to read
    }
  }
  return found.filter((pid) => pid !== process.pid);
}

/** Waits up to `timeoutMs` for every tagged process to exit; returns the ones still alive. */
export async function waitForNoTaggedProcesses(tag: string, timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let alive = taggedProcesses(tag);
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    alive = taggedProcesses(tag);
  }
  return alive;
}

type FunctionName<S> = S extends `function ${infer Name}(${string}` ? Name : never;

/** A Contract whose methods are exactly the functions of a human-readable `as const` ABI (no index access). */
export type TypedContract<A extends readonly string[]> = BaseContract & {
  [K in FunctionName<A[number]>]: BaseContractMethod;
};

/** `new Contract(...)`, typed from the human-readable ABI so `noUncheckedIndexedAccess` stays happy. */
export function contractAt<const A extends readonly string[]>(
  address: string,
  abi: A,
  runner: ContractRunner,
): TypedContract<A> {
  return new Contract(address, abi, runner) as unknown as TypedContract<A>;
}

/**
 * Sends a contract call with a 30% gas margin over `estimateGas`. anvil estimates at the latest block's
 * timestamp; when the transaction is mined in a new second, Uniswap V2 pairs (price accumulators) and V3
 * pools (oracle observations) write more storage and an exact estimate runs out of gas — as on mainnet.
 */
export async function sendWithMargin(
  method: BaseContractMethod,
  args: readonly unknown[],
  overrides: { value?: bigint } = {},
): Promise<ContractTransactionResponse> {
  const estimate = await method.estimateGas(...args, overrides);
  return (await method.send(...args, {
    ...overrides,
    gasLimit: (estimate * 13n) / 10n,
  })) as ContractTransactionResponse;
}
