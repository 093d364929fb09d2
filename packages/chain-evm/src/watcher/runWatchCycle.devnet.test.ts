import { erc20Abi, mintToken, type RpcProxy, startDevnet, startRpcProxy, waitMined } from '@org/devnet';
import { Contract, JsonRpcProvider, MaxUint256, parseEther, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { runWatchCycle } from './runWatchCycle.js';
import { MemoryWatchStore } from './store/MemoryWatchStore.js';
import type { WatchThresholds } from './types.js';

// The watcher's cycle against the devnet: activity is made directly on chain with plain ethers wallets; what the
// cycle reports is compared with what was done. A proxy counts requests and plays a node that fails.
let env: SwapDevnet;
let proxy: RpcProxy;
let viaProxy: JsonRpcProvider;
const thresholds: WatchThresholds = {
  minChangeWei: parseEther('0.01'),
  largeOutgoingWei: parseEther('0.5'),
  alertOnApproval: true,
};
const UNKNOWN_SPENDER = '0x000000000000000000000000000000000000bEEF' as Address;

beforeAll(async () => {
  env = await startSwapDevnet();
  proxy = await startRpcProxy({ upstream: env.devnet.rpcUrl });
  viaProxy = new JsonRpcProvider(proxy.url, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
});
afterAll(async () => {
  viaProxy?.destroy();
  env?.provider.destroy();
  await proxy?.close();
  await env?.devnet.stop();
});

function cycle(store: MemoryWatchStore, provider: JsonRpcProvider = viaProxy) {
  const { usdc, dai } = env.devnet.manifest.tokens;
  return runWatchCycle({
    store,
    chains: [env.chain],
    provider: async () => provider,
    tokens: () => [usdc.address, dai.address],
    minLiquidityWei: parseEther('10'),
    timeoutMs: 2_000,
  });
}

describe('runWatchCycle on the devnet', () => {
  it('first check sets baselines; activity alerts exactly once, with the right severities; a quiet check alerts nothing', async () => {
    const store = new MemoryWatchStore();
    const [a, b] = [env.devnet.manifest.accounts[5]!, env.devnet.manifest.accounts[6]!];
    for (const w of [a, b]) {
      await store.upsert({ chainId: 31337, address: w.address as Address, label: null, thresholds, at: 1 });
    }
    const first = await cycle(store);
    expect(first).toMatchObject({ checked: 2, alerts: [], failures: [] });

    const alice = new Wallet(a.privateKey, env.provider);
    const { usdc, dai } = env.devnet.manifest.tokens;
    await waitMined(alice.sendTransaction({ to: b.address, value: parseEther('1') }));
    await mintToken({ devnet: env.devnet, token: usdc, to: a.address as Address, amount: 3_000_000_000n }); // 3,000 USDC ≈ 1 ETH
    const sent = await waitMined(
      new Contract(usdc.address, erc20Abi, alice).getFunction('transfer')(b.address, 2_500_000_000n),
    );
    const grant = await waitMined(
      new Contract(usdc.address, erc20Abi, alice).getFunction('approve')(UNKNOWN_SPENDER, MaxUint256),
    );
    const router = env.devnet.manifest.contracts.uniswapV2Router02;
    await waitMined(new Contract(dai.address, erc20Abi, alice).getFunction('approve')(router, 5n));

    proxy.reset();
    const second = await cycle(store);
    const summary = second.alerts.map((x) => [
      x.address,
      x.kind,
      x.severity,
      x.details.asset ?? x.details.spender,
    ]);
    expect(summary).toEqual(
      expect.arrayContaining([
        [a.address, 'large-outgoing', 'high', 'native'],
        [a.address, 'large-outgoing', 'high', usdc.address],
        [a.address, 'new-approval', 'high', UNKNOWN_SPENDER],
        [a.address, 'new-approval', 'medium', router],
        [b.address, 'balance-change', 'low', 'native'],
        [b.address, 'balance-change', 'low', usdc.address],
      ]),
    );
    expect(second.alerts).toHaveLength(6);
    const outgoing = second.alerts.find(
      (x) => x.kind === 'large-outgoing' && x.details.asset === usdc.address,
    );
    expect(outgoing?.txHash).toBe(sent?.hash);
    expect(second.alerts.find((x) => x.details.spender === UNKNOWN_SPENDER)?.txHash).toBe(grant?.hash);
    // Requests grow with batches and chunks: head (number and hash), the baseline block's hash, balances, logs,
    // approval states, pricing (the pools, then the V3 band sales).
    expect(proxy.requests.map((r) => r.method).sort()).toEqual(
      [
        'eth_getBlockByNumber',
        'eth_getBlockByNumber',
        'eth_call',
        'eth_call',
        'eth_call',
        'eth_call',
        'eth_getLogs',
      ].sort(),
    );

    const third = await cycle(store);
    expect(third).toMatchObject({ checked: 2, alerts: [], failures: [] });
    expect((await store.listAlerts({ limit: 100 })).items).toHaveLength(6);
  });

  it('a failing node: the wallets show the error, no alert, baseline unchanged; after recovery the change is reported once', async () => {
    const store = new MemoryWatchStore();
    const w = env.devnet.manifest.accounts[7]!;
    const payer = new Wallet(env.devnet.manifest.accounts[8]!.privateKey, env.provider);
    await store.upsert({ chainId: 31337, address: w.address as Address, label: null, thresholds, at: 1 });
    await cycle(store);
    const before = await store.get({ chainId: 31337, address: w.address as Address });
    await waitMined(payer.sendTransaction({ to: w.address, value: parseEther('0.2') }));
    proxy.down = true;
    try {
      const failed = await cycle(store);
      expect(failed.alerts).toEqual([]);
      expect(failed.failures).toHaveLength(1);
      const during = await store.get({ chainId: 31337, address: w.address as Address });
      expect(during?.baseline).toEqual(before?.baseline);
      expect(during?.lastError).toMatch(/RPC_/);
    } finally {
      proxy.down = false;
    }
    const recovered = await cycle(store);
    expect(recovered.alerts.map((x) => [x.kind, x.details.direction, x.details.valueWei])).toEqual([
      ['balance-change', 'in', parseEther('0.2').toString()],
    ]);
    expect((await store.get({ chainId: 31337, address: w.address as Address }))?.lastError).toBeNull();
    expect((await cycle(store)).alerts).toEqual([]);
  });

  it('a node whose head lags behind the baseline: the check is deferred visibly (no alert, baseline kept); once it catches up the change is reported once', async () => {
    const store = new MemoryWatchStore();
    const w = env.devnet.manifest.accounts[9]!;
    const address = w.address as Address;
    const payer = new Wallet(env.devnet.manifest.accounts[4]!.privateKey, env.provider);
    await store.upsert({ chainId: 31337, address, label: null, thresholds, at: 1 });
    expect((await cycle(store)).checked).toBe(1);
    const before = (await store.get({ chainId: 31337, address }))?.baseline;
    await waitMined(payer.sendTransaction({ to: w.address, value: parseEther('0.2') }));
    // A load-balanced node that is 3 blocks behind the one that answered last time: the real, older block.
    const older = await env.provider.send('eth_getBlockByNumber', [
      `0x${((before?.block ?? 0) - 3).toString(16)}`,
      false,
    ]);
    proxy.intercept = (r) =>
      r.method === 'eth_getBlockByNumber' && r.params[0] === 'latest'
        ? { result: older }
        : r.method === 'eth_blockNumber'
          ? { result: older.number }
          : undefined;
    try {
      const lagging = await cycle(store);
      expect(lagging).toMatchObject({ checked: 0, alerts: [], failures: [] });
      const headBlock = (before?.block ?? 0) - 3;
      expect(lagging.deferred).toEqual([
        { chainId: 31337, address, headBlock, baselineBlock: before?.block, first: true },
      ]);
      const held = await store.get({ chainId: 31337, address });
      expect(held?.baseline).toEqual(before);
      expect(held?.deferred).toMatchObject({
        reason: 'head-behind-baseline',
        headBlock,
        baselineBlock: before?.block,
      });
      expect((await store.summary()).walletsDeferred).toBe(1);
      const again = await cycle(store);
      expect(again.deferred.map((d) => d.first)).toEqual([false]);
      expect((await store.get({ chainId: 31337, address }))?.deferred?.since).toBe(held?.deferred?.since);
    } finally {
      proxy.intercept = undefined;
    }
    const caughtUp = await cycle(store);
    expect(caughtUp.deferred).toEqual([]);
    expect(caughtUp.alerts.map((x) => [x.kind, x.details.direction, x.details.valueWei])).toEqual([
      ['balance-change', 'in', parseEther('0.2').toString()],
    ]);
    expect((await store.get({ chainId: 31337, address }))?.deferred).toBeNull();
    expect((await store.summary()).walletsDeferred).toBe(0);
  });

  it('the chain goes back under the baseline (evm_revert): deferred; regrown past it with other blocks → one chain-reorg alert and a new baseline, no invented transfer', async () => {
    const store = new MemoryWatchStore();
    const w = env.devnet.manifest.accounts[3]!;
    const address = w.address as Address;
    const payer = new Wallet(env.devnet.manifest.accounts[4]!.privateKey, env.provider);
    const other = env.devnet.manifest.accounts[2]!.address;
    await store.upsert({ chainId: 31337, address, label: null, thresholds, at: 1 });
    const snapshot = (await env.provider.send('evm_snapshot', [])) as string;
    const fork = await env.provider.getBlockNumber();
    await waitMined(payer.sendTransaction({ to: w.address, value: parseEther('0.3') }));
    await env.provider.send('anvil_mine', ['0x2']);
    await cycle(store);
    const before = (await store.get({ chainId: 31337, address }))?.baseline;
    expect(before?.block).toBe(fork + 3);

    await env.provider.send('evm_revert', [snapshot]);
    const back = await cycle(store);
    expect(back).toMatchObject({ checked: 0, alerts: [], failures: [] });
    expect(back.deferred).toEqual([
      { chainId: 31337, address, headBlock: fork, baselineBlock: fork + 3, first: true },
    ]);
    expect((await store.get({ chainId: 31337, address }))?.baseline).toEqual(before);

    // Other blocks at the same heights: the 0.3 ETH payment is gone from the chain.
    await waitMined(payer.sendTransaction({ to: other, value: parseEther('0.1') }));
    await env.provider.send('anvil_mine', ['0x2']);
    const fresh = await env.provider.getBlock(fork + 3);
    expect(fresh?.hash).not.toBe(before?.blockHash);
    const regrown = await cycle(store);
    expect(regrown.deferred).toEqual([]);
    expect(regrown.alerts).toHaveLength(1);
    expect(regrown.alerts[0]).toMatchObject({
      kind: 'chain-reorg',
      severity: 'medium',
      address,
      block: fork + 3,
      details: {
        baselineBlock: fork + 3,
        baselineHash: before?.blockHash,
        chainHash: fresh?.hash,
        headBlock: fork + 3,
        changes: [
          {
            asset: 'native',
            before: before?.native.toString(),
            after: ((before?.native ?? 0n) - parseEther('0.3')).toString(),
          },
        ],
      },
    });
    expect((await store.get({ chainId: 31337, address }))?.baseline).toMatchObject({
      block: fork + 3,
      blockHash: fresh?.hash,
    });
    expect((await store.get({ chainId: 31337, address }))?.deferred).toBeNull();
    expect((await cycle(store)).alerts).toEqual([]);
  });

  it('a chain reset (anvil_reset): deferred at head 0; once regrown past the baseline → chain-reorg and a new baseline', async () => {
    // Its own devnet: a reset wipes every contract.
    const other = await startDevnet();
    const provider = new JsonRpcProvider(other.rpcUrl, 31337, {
      staticNetwork: true,
      batchMaxCount: 1,
      cacheTimeout: -1,
    });
    try {
      const store = new MemoryWatchStore();
      const address = other.manifest.accounts[1]!.address as Address;
      await store.upsert({ chainId: 31337, address, label: null, thresholds, at: 1 });
      const watch = () =>
        runWatchCycle({
          store,
          chains: [env.chain],
          provider: async () => provider,
          tokens: () => [],
          minLiquidityWei: parseEther('10'),
          timeoutMs: 2_000,
        });
      await watch();
      const before = (await store.get({ chainId: 31337, address }))?.baseline;
      expect(before?.block).toBeGreaterThan(0);
      const multicall = (await provider.send('eth_getCode', [
        env.chain.contracts.multicall3,
        'latest',
      ])) as string;
      await provider.send('anvil_reset', []);
      expect(await provider.getBlockNumber()).toBe(0);
      const reset = await watch();
      expect(reset).toMatchObject({ checked: 0, alerts: [], failures: [] });
      expect(reset.deferred).toEqual([
        { chainId: 31337, address, headBlock: 0, baselineBlock: before?.block, first: true },
      ]);
      // The chain regrows (with Multicall3 put back at its address) past the old baseline.
      await provider.send('anvil_setCode', [env.chain.contracts.multicall3, multicall]);
      await provider.send('anvil_mine', [`0x${((before?.block ?? 0) + 2).toString(16)}`]);
      const regrown = await watch();
      expect(regrown.alerts.map((a) => [a.kind, a.details.baselineBlock])).toEqual([
        ['chain-reorg', before?.block],
      ]);
      const after = await store.get({ chainId: 31337, address });
      expect(after?.baseline?.block).toBe(await provider.getBlockNumber());
      expect(after?.deferred).toBeNull();
    } finally {
      provider.destroy();
      await other.stop();
    }
  });
});
