// JSON-RPC requests of an approval scan of N approvals (N = 10, 100, 1000), counted at a JSON-RPC proxy in front of
// the devnet: they must grow with eth_getLogs chunks and Multicall3 batches, not with N. Also the same scans behind a
// node that answers at most 100 logs per eth_getLogs (the chunks adapt), and an incremental rescan.
// Run with `pnpm --filter @org/chain-evm bench` after `pnpm build`. Prints figures and ratios; asserts nothing.
import { startDevnet, startRpcProxy } from '@org/devnet';
import { Interface, Wallet } from 'ethers';
import {
  configureChains,
  createRpcProvider,
  MemoryApprovalScanStore,
  resolveChain,
  scanApprovals,
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
const erc20 = new Interface(['function approve(address spender, uint256 amount) returns (bool)']);
const tokens = Object.values(devnet.manifest.tokens).map((t) => t.address);

/** A fresh owner with N approvals (N / tokens spenders per token), sent in bulk and mined 50 per block. */
async function ownerWithApprovals(n) {
  const owner = Wallet.createRandom();
  await direct.send('anvil_setBalance', [owner.address, '0x56bc75e2d63100000']);
  const feeData = await direct.send('eth_getBlockByNumber', ['latest', false]);
  const maxFee = BigInt(feeData.baseFeePerGas) * 4n + 10n ** 9n;
  await direct.send('evm_setAutomine', [false]);
  for (let i = 0; i < n; i++) {
    const spender = `0x${(0x1000 + i).toString(16).padStart(40, '0')}`;
    const raw = await owner.signTransaction({
      chainId: 31337,
      type: 2,
      nonce: i,
      to: tokens[i % tokens.length],
      data: erc20.encodeFunctionData('approve', [spender, BigInt(i + 1)]),
      gasLimit: 80_000n,
      maxFeePerGas: maxFee,
      maxPriorityFeePerGas: 10n ** 9n,
    });
    await direct.send('eth_sendRawTransaction', [raw]);
    // 50 approvals per block: dense enough to need several log chunks, within a 100-logs-per-request limit.
    if (i % 50 === 49) await direct.send('evm_mine', []);
  }
  while (Number(BigInt((await direct.send('txpool_status', [])).pending)) > 0)
    await direct.send('evm_mine', []);
  await direct.send('evm_setAutomine', [true]);
  return owner.address;
}

function count() {
  const byMethod = {};
  for (const r of proxy.requests) byMethod[r.method] = (byMethod[r.method] ?? 0) + 1;
  return byMethod;
}

const rows = [];
for (const n of [10, 100, 1000]) {
  const owner = await ownerWithApprovals(n);
  for (const limit of [null, 100]) {
    proxy.intercept = undefined;
    if (limit !== null) {
      // A node that refuses more than `limit` logs per request: it must know the logs, so anvil is asked first
      // (directly, not counted).
      const all = await direct.send('eth_getLogs', [
        {
          topics: [null, `0x${owner.slice(2).toLowerCase().padStart(64, '0')}`],
          fromBlock: '0x0',
          toBlock: 'latest',
        },
      ]);
      const logsByBlock = all.map((l) => Number(BigInt(l.blockNumber)));
      proxy.intercept = (r) => {
        if (r.method !== 'eth_getLogs') return undefined;
        const from = Number(BigInt(r.params[0].fromBlock));
        const to = Number(BigInt(r.params[0].toBlock));
        const inRange = logsByBlock.filter((b) => b >= from && b <= to).length;
        return inRange > limit
          ? { error: { code: -32005, message: `query returned more than ${limit} results` } }
          : undefined;
      };
    }
    const store = new MemoryApprovalScanStore();
    proxy.reset();
    const started = performance.now();
    const scan = await scanApprovals({ provider: viaProxy, chain, owner, store, fromBlock: 0 });
    const ms = performance.now() - started;
    const first = count();
    proxy.reset();
    await direct.send('anvil_mine', ['0x5']);
    await scanApprovals({ provider: viaProxy, chain, owner, store });
    const again = count();
    proxy.intercept = undefined;
    const total = Object.values(first).reduce((a, b) => a + b, 0);
    rows.push({
      N: n,
      node: limit === null ? 'no limit' : `≤ ${limit} logs/req`,
      found: scan.approvals.length,
      eth_getLogs: first.eth_getLogs ?? 0,
      'eth_call (Multicall3)': first.eth_call ?? 0,
      other: total - (first.eth_getLogs ?? 0) - (first.eth_call ?? 0),
      requests: total,
      'requests / N': (total / n).toFixed(3),
      'rescan requests': Object.values(again).reduce((a, b) => a + b, 0),
      ms: ms.toFixed(0),
    });
  }
}
console.log(
  'Approval scan: JSON-RPC requests counted at the proxy (batch size 500, first scan from block 0)',
);
console.table(rows);
await proxy.close();
direct.destroy();
viaProxy.destroy();
await devnet.stop();
