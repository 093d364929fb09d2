import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AnvilProcess,
  type RpcProxy,
  type StartDevnetReturnType,
  spawnAnvil,
  startDevnet,
  startRpcProxy,
  uniswapV2RouterAbi,
} from '@org/devnet';
import { Interface, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { GasBatchDto, GasEstimateDto, GasRecommendationDto } from '../src/dto/gas.js';
import { createLogger } from '../src/http/createLogger.js';
import { type RunningServer, startServer } from '../src/startServer.js';
import { getJson } from './helpers/getJson.js';
import { startTestServer, TEST_API_KEY, type TestServer } from './helpers/startTestServer.js';

// /gas/* over HTTP against the devnet (behind a counting proxy) and a second anvil serving chain id 1 as "ethereum".
// Every expectation is computed from blocks, transactions and fees read directly from the chain.
const GWEI = 1_000_000_000n;
let devnet: StartDevnetReturnType;
let mainnet: AnvilProcess;
let proxy: RpcProxy;
let mainnetProxy: RpcProxy;
let server: TestServer;
let reader: JsonRpcProvider;
let wallet: `0x${string}`;

beforeAll(async () => {
  devnet = await startDevnet();
  mainnet = await spawnAnvil({ args: ['--chain-id', '1'] });
  proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  mainnetProxy = await startRpcProxy({ upstream: mainnet.url });
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  const c = devnet.manifest.contracts;
  const account = devnet.manifest.accounts[2]!;
  wallet = account.address;
  server = await startTestServer({
    RPC_URL_DEVNET: proxy.url,
    RPC_URL_ETHEREUM: mainnetProxy.url,
    DEFAULT_CHAIN: 'devnet',
    UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    WALLET_PRIVATE_KEY: account.privateKey,
    GAS_PRICE_CEILING_GWEI: '300',
  });
});
afterAll(async () => {
  reader?.destroy();
  await server?.close();
  await proxy?.close();
  await mainnetProxy?.close();
  await mainnet?.stop();
  await devnet?.stop();
});

const get = <T>(path: string, status = 200) => getJson<T>(server, path, status);
const sortBig = (xs: bigint[]) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** EIP-1559: the base fee of the block after `block` (elasticity 2, denominator 8). */
function nextBaseFee(block: { baseFeePerGas: string; gasUsed: string; gasLimit: string }): bigint {
  const base = BigInt(block.baseFeePerGas);
  const used = BigInt(block.gasUsed);
  const target = BigInt(block.gasLimit) / 2n;
  if (used === target) return base;
  if (used > target) {
    const delta = (base * (used - target)) / target / 8n;
    return base + (delta > 1n ? delta : 1n);
  }
  return base - (base * (target - used)) / target / 8n;
}

/** A block's reward at `percentile`, as eth_feeHistory defines it: tips sorted, walked by cumulative gas used. */
function rewardAt(txs: { tip: bigint; gasUsed: bigint }[], blockGasUsed: bigint, percentile: number): bigint {
  if (txs.length === 0) return 0n;
  const sorted = [...txs].sort((a, b) => (a.tip < b.tip ? -1 : a.tip > b.tip ? 1 : 0));
  const threshold = (blockGasUsed * BigInt(percentile)) / 100n;
  let index = 0;
  let sum = sorted[0]!.gasUsed;
  while (sum < threshold && index < sorted.length - 1) {
    index++;
    sum += sorted[index]!.gasUsed;
  }
  return sorted[index]!.tip;
}

describe('GET /gas/recommendation', () => {
  it('after 20 blocks of chosen tips: each tier is the median of the blocks’ 10th/50th/90th percentile tip, slow < standard < fast', async () => {
    await get('/gas/recommendation'); // the provider's one-time eth_chainId check, out of the count
    const senders = devnet.manifest.accounts.slice(0, 10).map((a) => new Wallet(a.privateKey, reader));
    const to = devnet.manifest.accounts[9]!.address;
    await reader.send('evm_setAutomine', [false]);
    try {
      for (let block = 0; block < 20; block++) {
        // Ten transfers per block; tips are 1..10 × a per-block scale (1..7 gwei), in a shuffled order.
        const scale = BigInt((block * 3) % 7) + 1n;
        for (const [i, sender] of senders.entries()) {
          const tip = BigInt(((i * 7 + block) % 10) + 1) * scale * GWEI;
          await sender.sendTransaction({
            to,
            value: 1n,
            type: 2,
            gasLimit: 21_000n,
            maxPriorityFeePerGas: tip,
            maxFeePerGas: tip + GWEI,
          });
        }
        await reader.send('evm_mine', []);
      }
    } finally {
      await reader.send('evm_setAutomine', [true]);
    }
    proxy.reset();
    const rec = await get<GasRecommendationDto>('/gas/recommendation?chain=devnet');
    expect(proxy.count()).toBe(1);
    expect(proxy.count('eth_feeHistory')).toBe(1);

    // Expected, from the chain itself: the 20 newest blocks, their transactions' effective tips and gas used.
    const latest = await reader.send('eth_getBlockByNumber', ['latest', false]);
    const columns: Record<10 | 50 | 90, bigint[]> = { 10: [], 50: [], 90: [] };
    for (let n = BigInt(latest.number) - 19n; n <= BigInt(latest.number); n++) {
      const block = await reader.send('eth_getBlockByNumber', [`0x${n.toString(16)}`, true]);
      const base = BigInt(block.baseFeePerGas);
      const txs = await Promise.all(
        (block.transactions as { hash: string; maxPriorityFeePerGas: string; maxFeePerGas: string }[]).map(
          async (tx) => {
            const receipt = await reader.send('eth_getTransactionReceipt', [tx.hash]);
            const cap = BigInt(tx.maxFeePerGas) - base;
            const tip = BigInt(tx.maxPriorityFeePerGas);
            return { tip: tip < cap ? tip : cap, gasUsed: BigInt(receipt.gasUsed) };
          },
        ),
      );
      expect(txs).toHaveLength(10);
      for (const p of [10, 50, 90] as const) columns[p].push(rewardAt(txs, BigInt(block.gasUsed), p));
    }
    const next = nextBaseFee(latest);
    const median = (xs: bigint[]) => sortBig(xs)[10] as bigint;
    const expected = {
      slow: { tip: median(columns[10]), maxFee: (next * 12_500n + 9_999n) / 10_000n + median(columns[10]) },
      standard: { tip: median(columns[50]), maxFee: 2n * next + median(columns[50]) },
      fast: { tip: median(columns[90]), maxFee: 2n * next + median(columns[90]) },
    };
    expect(rec).toMatchObject({
      chain: { id: 31337, name: 'devnet' },
      kind: 'eip1559',
      baseFee: { wei: next.toString() },
      historyBlocks: 20,
      newestBlock: Number(BigInt(latest.number)),
      gatewayTier: 'standard',
      nodeGasPrice: null,
    });
    for (const [tier, percentile, multiplier] of [
      ['slow', 10, '1.25'],
      ['standard', 50, '2'],
      ['fast', 90, '2'],
    ] as const) {
      expect(rec.tiers[tier]).toEqual({
        maxPriorityFeePerGas: { wei: expected[tier].tip.toString(), gwei: expect.any(String) },
        maxFeePerGas: { wei: expected[tier].maxFee.toString(), gwei: expect.any(String) },
        gasPrice: null,
        percentile,
        multiplier,
      });
    }
    const tip = (t: 'slow' | 'standard' | 'fast') => BigInt(rec.tiers[t].maxPriorityFeePerGas?.wei ?? '-1');
    const max = (t: 'slow' | 'standard' | 'fast') => BigInt(rec.tiers[t].maxFeePerGas?.wei ?? '-1');
    expect(tip('slow')).toBeLessThan(tip('standard'));
    expect(tip('standard')).toBeLessThan(tip('fast'));
    expect(max('slow')).toBeLessThanOrEqual(max('standard'));
    expect(max('standard')).toBeLessThanOrEqual(max('fast'));
    expect(rec.tiers.standard.maxPriorityFeePerGas?.gwei).toBe(
      (Number(expected.standard.tip) / 1e9).toString().replace(/^(\d+)$/, '$1.0'),
    );
    // Blocks of 210,000 gas out of 30M: under half full, so the base fee falls.
    expect(rec.baseFeeTrend).toBe('falling');
    expect(rec.blockFullness?.latestPercent).toBeCloseTo(
      (210_000 / Number(BigInt(latest.gasLimit))) * 100,
      2,
    );
  });

  it('a node that is down or answers garbage → its error code, never a default price', async () => {
    await get('/gas/recommendation?chain=ethereum'); // verified once while up
    mainnetProxy.down = true;
    try {
      const down = await get<{ code: string }>('/gas/recommendation?chain=ethereum', 503);
      expect(down.code).toBe('RPC_UNAVAILABLE');
    } finally {
      mainnetProxy.down = false;
    }
    mainnetProxy.intercept = (r) =>
      r.method === 'eth_feeHistory' ? { result: { oldestBlock: '0x1', baseFeePerGas: 'soon' } } : undefined;
    try {
      const garbage = await get<{ code: string }>('/gas/recommendation?chain=ethereum', 502);
      expect(garbage.code).toBe('RPC_ERROR');
    } finally {
      mainnetProxy.intercept = undefined;
    }
  });

  it('a chain without EIP-1559 answers legacy gasPrice tiers (0.9 / 1 / 1.25 × eth_gasPrice)', async () => {
    const config = loadConfig({
      WEB3_API_KEY: TEST_API_KEY,
      API_PORT: '0',
      DATA_DIR: join(mkdtempSync(join(tmpdir(), 'gas-legacy-')), 'data'),
      RPC_URL_DEVNET: devnet.rpcUrl,
    });
    config.chains = config.chains.map((c) => (c.id === 31337 ? { ...c, eip1559: false } : c));
    let legacy: RunningServer | undefined;
    try {
      legacy = await startServer({ config, logger: createLogger({ level: 'silent' }) });
      const res = await fetch(`${legacy.url}/gas/recommendation`, { headers: { 'X-API-Key': TEST_API_KEY } });
      expect(res.status).toBe(200);
      const rec = (await res.json()) as GasRecommendationDto;
      const gasPrice = BigInt(await reader.send('eth_gasPrice', []));
      expect(rec).toMatchObject({
        kind: 'legacy',
        baseFee: null,
        nodeGasPrice: { wei: gasPrice.toString() },
      });
      expect(rec.tiers.slow).toMatchObject({
        gasPrice: { wei: ((gasPrice * 9n + 9n) / 10n).toString() },
        maxFeePerGas: null,
        maxPriorityFeePerGas: null,
        multiplier: '0.9',
      });
      expect(rec.tiers.standard.gasPrice?.wei).toBe(gasPrice.toString());
      expect(rec.tiers.fast.gasPrice?.wei).toBe(((gasPrice * 5n + 3n) / 4n).toString());
    } finally {
      await legacy?.close();
    }
  });
});

describe('GET /gas/batch', () => {
  it('every configured chain by default, in parallel; a chain whose node fails carries its code and fails nothing else', async () => {
    const both = await get<GasBatchDto>('/gas/batch');
    expect(both.chains.map((c) => [c.chain.name, c.ok])).toEqual([
      ['ethereum', true],
      ['devnet', true],
    ]);
    expect(both).toMatchObject({ succeeded: 2, failed: 0 });
    mainnetProxy.down = true;
    try {
      const one = await get<GasBatchDto>('/gas/batch?chains=devnet,eth,31337');
      expect(one.chains).toHaveLength(2); // eth and 31337 name chains already listed once
      expect(one.chains[0]).toMatchObject({ chain: { name: 'devnet' }, ok: true, error: null });
      expect(one.chains[0]?.recommendation?.kind).toBe('eip1559');
      expect(one.chains[1]).toEqual({
        chain: { id: 1, name: 'ethereum' },
        ok: false,
        recommendation: null,
        error: { status: 503, code: 'RPC_UNAVAILABLE', title: expect.any(String) },
      });
      expect(one).toMatchObject({ succeeded: 1, failed: 1 });
    } finally {
      mainnetProxy.down = false;
    }
  });

  it.each([
    ['devnet,,ethereum', 'VALIDATION_FAILED'],
    ['devnet, ethereum', 'VALIDATION_FAILED'],
    ['', 'VALIDATION_FAILED'],
    [Array.from({ length: 21 }, () => 'devnet').join(','), 'VALIDATION_FAILED'],
    ['devnet,mainnet2', 'UNSUPPORTED_CHAIN'],
    ['devnet,base', 'CHAIN_NOT_CONFIGURED'],
  ])('chains=%s → 422 %s', async (chains, code) => {
    const body = await get<{ code: string }>(`/gas/batch?chains=${encodeURIComponent(chains)}`, 422);
    expect(body.code).toBe(code);
  });
});

describe('GET /gas/estimate', () => {
  const to = () => devnet.manifest.accounts[7]!.address;

  it('an ETH transfer from the configured wallet: the node’s estimate, +25%, costs at the tier and the governor charge the gateway would reserve', async () => {
    const value = 12_345_000_000_000_000n; // 0.012345 ETH
    const est = await get<GasEstimateDto>(`/gas/estimate?to=${to()}&value=0.012345&tier=fast`);
    const rec = await get<GasRecommendationDto>('/gas/recommendation');
    const direct = BigInt(
      await reader.send('eth_estimateGas', [
        { from: wallet, to: to(), value: `0x${value.toString(16)}` },
        'pending',
      ]),
    );
    const limit = (direct * 12_500n + 9_999n) / 10_000n;
    const maxFee = BigInt(est.fees.maxFeePerGas?.wei ?? '-1');
    const tip = BigInt(est.fees.maxPriorityFeePerGas?.wei ?? '-1');
    expect(est.fees).toEqual(rec.tiers.fast);
    // The gateway's reservation rule: three +12.5% replacements (rounded up), capped at the 300 gwei ceiling.
    let worst = maxFee;
    for (let i = 0; i < 3; i++) worst = (worst * 1125n + 999n) / 1000n;
    if (worst > 300n * GWEI) worst = 300n * GWEI;
    expect(est).toMatchObject({
      chain: { id: 31337 },
      from: wallet,
      to: to(),
      value: { amount: '0.012345', wei: value.toString() },
      tier: 'fast',
      gasEstimate: direct.toString(),
      gasLimit: limit.toString(),
      gasMarginBps: 2_500,
      expectedCost: { wei: (direct * (BigInt(rec.baseFee?.wei ?? '-1') + tip)).toString(), symbol: 'ETH' },
      worstCaseCost: { wei: (limit * maxFee).toString() },
      governorCharge: { wei: (value + limit * worst).toString() },
      aboveCeiling: false,
      feeCeiling: { gwei: '300.0', wei: (300n * GWEI).toString() },
    });
    expect(est.worstCaseCost.ethEquivalent.wei).toBe(est.worstCaseCost.wei);
  });

  it('a transaction that would revert → 422 SIMULATION_REVERTED with the decoded reason', async () => {
    const { contracts, tokens } = devnet.manifest;
    const data = new Interface(uniswapV2RouterAbi).encodeFunctionData('swapExactETHForTokens', [
      0n,
      [contracts.weth, tokens.usdc.address],
      wallet,
      1n,
    ]);
    const nonce = await reader.getTransactionCount(wallet);
    const body = await get<{ code: string; reason: string; revertData: string; detail: string }>(
      `/gas/estimate?to=${contracts.uniswapV2Router02}&value=0.001&data=${data}`,
      422,
    );
    expect(body).toMatchObject({
      code: 'SIMULATION_REVERTED',
      reason: 'UniswapV2Router: EXPIRED',
      detail: 'UniswapV2Router: EXPIRED',
    });
    expect(body.revertData).toMatch(/^0x08c379a0/);
    expect(await reader.getTransactionCount(wallet)).toBe(nonce);
  });

  it('a node lost during the estimate → an error code, not an estimate', async () => {
    proxy.intercept = (r) => (r.method === 'eth_estimateGas' ? 'drop' : undefined);
    try {
      const body = await get<{ code: string }>(`/gas/estimate?to=${to()}`, 503);
      expect(body.code).toBe('RPC_UNAVAILABLE');
    } finally {
      proxy.intercept = undefined;
    }
  });

  it.each([
    ['to=0x123', 'INVALID_ADDRESS', null],
    [`to=0x${'a'.repeat(40)}&from=0xZZ`, 'INVALID_ADDRESS', null],
    [`to=0x${'a'.repeat(40)}&data=0x123`, 'VALIDATION_FAILED', 'data'],
    [`to=0x${'a'.repeat(40)}&data=abcd`, 'VALIDATION_FAILED', 'data'],
    [`to=0x${'a'.repeat(40)}&data=0x${'00'.repeat(6_145)}`, 'VALIDATION_FAILED', 'data'],
    [`to=0x${'a'.repeat(40)}&value=-1`, 'VALIDATION_FAILED', 'value'],
    [`to=0x${'a'.repeat(40)}&value=1e18`, 'VALIDATION_FAILED', 'value'],
    [`to=0x${'a'.repeat(40)}&value=0.0000000000000000001`, 'VALIDATION_FAILED', 'value'],
    [`to=0x${'a'.repeat(40)}&tier=turbo`, 'VALIDATION_FAILED', 'tier'],
    ['value=1', 'VALIDATION_FAILED', 'to'],
    [`to=0x${'a'.repeat(40)}&chain=nowhere`, 'UNSUPPORTED_CHAIN', null],
  ])('case %# → 422', async (query, code, field) => {
    const body = await get<{ code: string; fields?: Record<string, string> }>(`/gas/estimate?${query}`, 422);
    expect(body.code).toBe(code);
    if (field !== null) expect(Object.keys(body.fields ?? {})).toContain(field);
  });

  it('value 0 and empty data are a plain call; without a wallet and without from → 503 WALLET_NOT_CONFIGURED', async () => {
    const est = await get<GasEstimateDto>(`/gas/estimate?to=${to()}&value=0`);
    expect(est).toMatchObject({ value: { wei: '0' }, tier: 'standard', gasEstimate: '21000' });
    const bare = await startTestServer({ RPC_URL_DEVNET: devnet.rpcUrl });
    try {
      const res = await bare.call(`/gas/estimate?to=${to()}`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { code: string }).code).toBe('WALLET_NOT_CONFIGURED');
      const withFrom = await bare.call(`/gas/estimate?to=${to()}&from=${wallet}`);
      expect(withFrom.status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
