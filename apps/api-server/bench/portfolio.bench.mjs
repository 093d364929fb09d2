// JSON-RPC requests and HTTP time per portfolio snapshot of N tokens on one chain (the devnet), counted at a local
// JSON-RPC proxy between the API server and anvil. Deploys up to 500 extra ERC-20s (the devnet's compiled
// DevnetToken) and gives the wallet a balance of every listed token (the worst case: every token is priced), plus
// vault shares (the ERC-4626 conversion request). Target: ceil(N / PORTFOLIO_BATCH_SIZE) + 1 + ceil(N / 300)
// requests (pricing reads at most 300 distinct tokens per request: 10 calls each, nodes cap request bodies).
// Run with `pnpm --filter @org/api-server bench` after `pnpm build`. Prints figures; asserts nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { compileContracts, erc20Abi, erc4626Abi, startDevnet, startRpcProxy } from '@org/devnet';
import { ContractFactory, Interface, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import { pino } from 'pino';
import { loadConfig } from '../dist/config.js';
import { createLogger } from '../dist/http/createLogger.js';
import { startServer } from '../dist/startServer.js';

const SIZES = [10, 100, 500];
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const apiKey = 'bench-key-0123456789abcdef0123456789';

const devnet = await startDevnet();
const proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
const provider = new JsonRpcProvider(devnet.rpcUrl, 31337, {
  staticNetwork: true,
  batchMaxCount: 1,
  cacheTimeout: -1,
});
const { contracts: c, tokens: t, accounts } = devnet.manifest;
const deployer = accounts[0];
const owner = new Wallet(accounts[4].privateKey, provider);

// Extra tokens: deployed and minted to the wallet with anvil's unlocked deployer (one transaction each).
const started = performance.now();
const { contracts: compiled } = await compileContracts();
const factory = new ContractFactory(compiled.DevnetToken.abi, compiled.DevnetToken.bytecode);
const mintData = (amount) => new Interface(erc20Abi).encodeFunctionData('mint', [owner.address, amount]);
const send = async (tx) => {
  const hash = await provider.send('eth_sendTransaction', [{ from: deployer.address, ...tx }]);
  // anvil may answer before the block is mined: poll the receipt.
  for (let waited = 0; waited < 30_000; waited += 5) {
    const receipt = await provider.send('eth_getTransactionReceipt', [hash]);
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`bench set-up transaction reverted: ${hash}`);
      return receipt;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`bench set-up transaction not mined: ${hash}`);
};
const extra = [];
for (let i = 0; i < Math.max(...SIZES); i++) {
  const symbol = `BENCH${i}`;
  const deploy = await factory.getDeployTransaction(`Bench token ${i}`, symbol, 18);
  const { contractAddress } = await send({ data: deploy.data });
  await send({ to: contractAddress, data: mintData(BigInt(i + 1) * 10n ** 18n) });
  extra.push({ address: contractAddress, symbol, name: `Bench token ${i}`, decimals: 18 });
}
// WETH, USDC (the USD route) and vault shares held too.
const weth = new Interface(['function deposit() payable']);
await (
  await owner.sendTransaction({
    to: c.weth,
    data: weth.encodeFunctionData('deposit'),
    value: parseEther('1'),
  })
).wait();
await send({ to: t.usdc.address, data: mintData(2_000_000_000n) });
const usdc = new Interface(erc20Abi);
await (
  await owner.sendTransaction({
    to: t.usdc.address,
    data: usdc.encodeFunctionData('approve', [t.vault.address, 1_000_000_000n]),
  })
).wait();
await (
  await owner.sendTransaction({
    to: t.vault.address,
    data: new Interface(erc4626Abi).encodeFunctionData('deposit', [1_000_000_000n, owner.address]),
  })
).wait();
console.log(
  `set-up: ${extra.length} tokens deployed and minted in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const base = [
  { address: c.weth, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
  { address: t.usdc.address, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  { address: t.vault.address, symbol: t.vault.symbol, name: t.vault.name, decimals: t.vault.decimals },
];

async function measure(n, batchSize) {
  const tokens = [...base, ...extra.slice(0, n - base.length)];
  const config = loadConfig({
    WEB3_API_KEY: apiKey,
    API_PORT: '0',
    DATA_DIR: join(mkdtempSync(join(tmpdir(), 'portfolio-bench-')), 'data'),
    RPC_URL_DEVNET: proxy.url,
    UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
    PORTFOLIO_USD_TOKEN_DEVNET: t.usdc.address,
    PORTFOLIO_VAULTS_DEVNET: t.vault.address,
    PORTFOLIO_BATCH_SIZE: String(batchSize),
  });
  const logger = createLogger({
    level: 'silent',
    destination: pino.destination({ dest: '/dev/null', sync: true }),
  });
  const server = await startServer({ config, logger, swapTokens: new Map([[31337, tokens]]) });
  const get = async () => {
    const res = await fetch(`${server.url}/portfolio/?address=${owner.address}`, {
      headers: { 'x-api-key': apiKey },
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  try {
    const warm = await get(); // the provider's one-time eth_chainId check, and JIT warm-up
    const held = warm.chains[0].holdings.length - 1;
    proxy.reset();
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await get();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return {
      held,
      requests: proxy.count() / RUNS,
      target: Math.ceil(n / batchSize) + 1 + Math.ceil(n / 300),
      p50: times[Math.floor(times.length / 2)],
      p95: times[Math.floor(times.length * 0.95)],
    };
  } finally {
    await server.close();
  }
}

console.log(
  `portfolio snapshot over HTTP, ${RUNS} runs each (requests counted at the JSON-RPC proxy, per snapshot)`,
);
console.log('tokens  batch  held  requests  target  ratio   p50 ms   p95 ms');
for (const [n, batchSize] of [...SIZES.map((n) => [n, 200]), [500, 50]]) {
  const r = await measure(n, batchSize);
  console.log(
    `${String(n).padStart(6)}  ${String(batchSize).padStart(5)}  ${String(r.held).padStart(4)}  ${r.requests
      .toFixed(2)
      .padStart(
        8,
      )}  ${String(r.target).padStart(6)}  ${(r.requests / r.target).toFixed(2).padStart(5)}  ${r.p50
      .toFixed(1)
      .padStart(7)}  ${r.p95.toFixed(1).padStart(7)}`,
  );
}
provider.destroy();
await proxy.close();
await devnet.stop();
