// The wallet watcher's check cycle for W watched wallets × T tokens (W = 10, 100, 1000; T = the devnet's token list),
// JSON-RPC requests counted at a proxy in front of the devnet: they must grow with Multicall3 batches and log chunks,
// not with W × T. Each size: a first cycle (baselines), a quiet one, and one after ETH was sent to a tenth of the
// wallets (alerts). Run with `pnpm --filter @org/chain-evm bench` after `pnpm build`. Prints figures; asserts nothing.
import { startDevnet, startRpcProxy } from '@org/devnet';
import { parseEther, Wallet } from 'ethers';
import {
  configureChains,
  createRpcProvider,
  MemoryWatchStore,
  resolveChain,
  runWatchCycle,
} from '../dist/index.js';

const devnet = await startDevnet();
const proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
const direct = createRpcProvider({ url: devnet.rpcUrl, chainId: 31337 });
const viaProxy = createRpcProvider({ url: proxy.url, chainId: 31337 });
const chain = resolveChain({
  chain: 31337,
  registry: configureChains({
    overrides: new Map([[31337, { wrappedNative: devnet.manifest.contracts.weth }]]),
  }),
});
const tokens = Object.values(devnet.manifest.tokens).map((t) => t.address);
const payer = new Wallet(devnet.manifest.accounts[9].privateKey, direct);
const thresholds = {
  minChangeWei: parseEther('0.001'),
  largeOutgoingWei: parseEther('1'),
  alertOnApproval: true,
};

async function cycle(store) {
  proxy.reset();
  const t0 = performance.now();
  const result = await runWatchCycle({
    store,
    chains: [chain],
    provider: async () => viaProxy,
    tokens: () => tokens,
    minLiquidityWei: parseEther('10'),
  });
  const ms = performance.now() - t0;
  const byMethod = {};
  for (const r of proxy.requests) byMethod[r.method] = (byMethod[r.method] ?? 0) + 1;
  return {
    ms,
    requests: proxy.count(),
    byMethod,
    alerts: result.alerts.length,
    failures: result.failures.length,
  };
}

console.log(`watcher: one check cycle, W wallets × T = ${tokens.length} tokens, requests counted at a proxy`);
console.log('   W   W×(T+1) reads   cycle      requests  ms      alerts  by method');
for (const w of [10, 100, 1000]) {
  const store = new MemoryWatchStore();
  const wallets = Array.from({ length: w }, () => Wallet.createRandom().address);
  for (const address of wallets)
    await store.upsert({ chainId: 31337, address, label: null, thresholds, at: 1 });
  const rows = [];
  rows.push(['baseline', await cycle(store)]);
  await direct.send('evm_mine', []);
  rows.push(['quiet', await cycle(store)]);
  let nonce = await direct.getTransactionCount(payer.address);
  for (const to of wallets.slice(0, Math.max(1, w / 10))) {
    await payer.sendTransaction({ to, value: parseEther('0.01'), nonce: nonce++ });
  }
  rows.push(['activity', await cycle(store)]);
  for (const [name, r] of rows) {
    console.log(
      `${String(w).padStart(4)}   ${String(w * (tokens.length + 1)).padStart(13)}   ${name.padEnd(9)}  ${String(r.requests).padStart(8)}  ${r.ms.toFixed(0).padStart(5)}  ${String(r.alerts).padStart(6)}  ${JSON.stringify(r.byMethod)}`,
    );
  }
}
direct.destroy();
viaProxy.destroy();
await proxy.close();
await devnet.stop();
