import { erc20Abi, mintToken, startRpcProxy, type RpcProxy, waitMined } from '@org/devnet';
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

function cycle(store: MemoryWatchStore) {
  const { usdc, dai } = env.devnet.manifest.tokens;
  return runWatchCycle({
    store,
    chains: [env.chain],
    provider: async () => viaProxy,
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
    // Requests grow with batches and chunks: head, balances, logs, approval states, pricing.
    expect(proxy.requests.map((r) => r.method).sort()).toEqual(
      ['eth_blockNumber', 'eth_call', 'eth_call', 'eth_call', 'eth_getLogs'].sort(),
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
});
