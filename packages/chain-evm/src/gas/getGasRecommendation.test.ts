import { startRpcProxy, waitMined } from '@org/devnet';
import { JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateFees } from '../gateway/steps/estimateFees.js';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { getGasRecommendation } from './getGasRecommendation.js';
import { FEE_HISTORY_BLOCKS, MIN_PRIORITY_FEE_WEI } from './gasTiers.js';

// Fee recommendations against the devnet; expectations are computed from blocks read directly from the chain.
const GWEI = 1_000_000_000n;
let env: SwapDevnet;
let reader: JsonRpcProvider;

beforeAll(async () => {
  env = await startSwapDevnet();
  reader = new JsonRpcProvider(env.devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
});
afterAll(async () => {
  reader?.destroy();
  env?.provider.destroy();
  await env?.devnet.stop();
});

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

describe('getGasRecommendation (devnet)', () => {
  it('one tip per block: every tier takes the median of the window; maxFee follows the next base fee; ONE request', async () => {
    // One transaction per block (automine): each block's rewards at every percentile are that transaction's tip.
    const tips = Array.from({ length: FEE_HISTORY_BLOCKS }, (_, i) => BigInt(((i * 7) % 20) + 1) * GWEI);
    const sender = new Wallet(env.devnet.manifest.accounts[6]!.privateKey, env.provider);
    for (const tip of tips) {
      const tx = await sender.sendTransaction({
        to: env.devnet.manifest.accounts[7]!.address,
        value: 1n,
        type: 2,
        maxPriorityFeePerGas: tip,
        maxFeePerGas: tip + GWEI,
        gasLimit: 21_000n,
      });
      await waitMined(tx);
    }
    let requests = 0;
    const counting = {
      send: (method: string, params: unknown[]) => {
        requests++;
        return env.provider.send(method, params);
      },
    };
    const rec = await getGasRecommendation({ provider: counting, chain: env.chain });
    expect(requests).toBe(1);
    if (rec.kind !== 'eip1559') throw new Error('the devnet is EIP-1559');
    const latest = await reader.send('eth_getBlockByNumber', ['latest', false]);
    const sorted = [...tips].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const median = sorted[FEE_HISTORY_BLOCKS / 2] as bigint;
    const next = nextBaseFee(latest);
    expect(rec.newestBlock).toBe(BigInt(latest.number));
    expect(rec.blocks).toBe(FEE_HISTORY_BLOCKS);
    expect(rec.baseFeePerGas).toBe(next);
    expect(rec.baseFeeTrend).toBe('falling'); // near-empty blocks: −12.5% each
    expect(rec.gasUsedRatio.latest).toBeCloseTo(21_000 / Number(BigInt(latest.gasLimit)), 6);
    expect(rec.tiers.slow).toMatchObject({
      maxPriorityFeePerGas: median,
      maxFeePerGas: (next * 12_500n + 9_999n) / 10_000n + median,
    });
    expect(rec.tiers.standard).toMatchObject({
      maxPriorityFeePerGas: median,
      maxFeePerGas: 2n * next + median,
    });
    expect(rec.tiers.fast).toMatchObject({ maxPriorityFeePerGas: median, maxFeePerGas: 2n * next + median });
    // The gateway signs with exactly the standard tier.
    expect(await estimateFees({ provider: env.provider, chain: env.chain })).toEqual({
      kind: 'eip1559',
      baseFeePerGas: next,
      maxPriorityFeePerGas: median,
      maxFeePerGas: 2n * next + median,
    });
  });

  it('a legacy chain: eth_gasPrice × 0.9 / 1 / 1.25 (rounded up), the gateway signing the standard price', async () => {
    const legacy = { ...env.chain, eip1559: false };
    const rec = await getGasRecommendation({ provider: env.provider, chain: legacy });
    const gasPrice = BigInt(await reader.send('eth_gasPrice', []));
    expect(rec).toMatchObject({
      kind: 'legacy',
      gasPrice,
      tiers: {
        slow: { gasPrice: (gasPrice * 9_000n + 9_999n) / 10_000n, multiplierBps: 9_000n },
        standard: { gasPrice, multiplierBps: 10_000n },
        fast: { gasPrice: (gasPrice * 12_500n + 9_999n) / 10_000n, multiplierBps: 12_500n },
      },
    });
    expect(await estimateFees({ provider: env.provider, chain: legacy })).toEqual({
      kind: 'legacy',
      gasPrice,
    });
  });

  it('a node that is down, answers an error or garbage → a typed RpcError, never a default fee', async () => {
    const proxy = await startRpcProxy({ upstream: env.devnet.rpcUrl });
    const provider = new JsonRpcProvider(proxy.url, 31337, {
      staticNetwork: true,
      batchMaxCount: 1,
      cacheTimeout: -1,
    });
    try {
      proxy.down = true;
      await expect(getGasRecommendation({ provider, chain: env.chain })).rejects.toMatchObject({
        code: 'RPC_UNAVAILABLE',
      });
      proxy.down = false;
      proxy.intercept = () => ({ error: { code: -32000, message: 'internal' } });
      await expect(getGasRecommendation({ provider, chain: env.chain })).rejects.toMatchObject({
        code: 'RPC_ERROR',
      });
      proxy.intercept = () => ({ result: { oldestBlock: '0x1', baseFeePerGas: ['0x1'], gasUsedRatio: [] } });
      await expect(estimateFees({ provider, chain: env.chain })).rejects.toMatchObject({ code: 'RPC_ERROR' });
      proxy.intercept = () => ({ result: 'cheap' });
      await expect(
        getGasRecommendation({ provider, chain: { ...env.chain, eip1559: false } }),
      ).rejects.toMatchObject({ code: 'RPC_ERROR' });
      proxy.intercept = undefined;
      const ok = await getGasRecommendation({ provider, chain: env.chain });
      expect(ok.kind === 'eip1559' && ok.tiers.standard.maxPriorityFeePerGas).toBeGreaterThanOrEqual(
        MIN_PRIORITY_FEE_WEI,
      );
    } finally {
      provider.destroy();
      await proxy.close();
    }
  });
});
