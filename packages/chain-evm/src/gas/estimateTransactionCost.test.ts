import { uniswapV2RouterAbi } from '@org/devnet';
import { Interface, JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { estimateTransactionCost } from './estimateTransactionCost.js';

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

/** The gateway's rule, written out: +12.5% (rounded up) per replacement, never above the ceiling. */
function charged(limit: bigint, maxFee: bigint, ceiling: bigint, replacements: number): bigint {
  let fee = maxFee;
  for (let i = 0; i < replacements; i++) fee = (fee * 1125n + 999n) / 1000n;
  return limit * (fee < ceiling ? fee : ceiling);
}

describe('estimateTransactionCost (devnet)', () => {
  const from = () => env.devnet.manifest.accounts[1]!.address as Address;
  const to = () => env.devnet.manifest.accounts[2]!.address as Address;

  it('an ETH transfer: the node’s estimate, +25% limit, expected/max fees and the governor’s charge', async () => {
    const value = 10n ** 16n;
    const cost = await estimateTransactionCost({
      provider: env.provider,
      chain: env.chain,
      from: from(),
      to: to(),
      data: '0x',
      value,
      tier: 'fast',
      feeCeilingWei: 500n * GWEI,
      maxReplacements: 3,
    });
    if (!cost.ok || cost.fees.kind !== 'eip1559') throw new Error('expected an EIP-1559 estimate');
    const direct = BigInt(
      await reader.send('eth_estimateGas', [
        { from: from(), to: to(), value: `0x${value.toString(16)}` },
        'pending',
      ]),
    );
    expect(cost.gasEstimate).toBe(direct);
    expect(cost.gasLimit).toBe((direct * 12_500n + 9_999n) / 10_000n);
    expect(cost.fees).toMatchObject({
      maxFeePerGas:
        cost.recommendation.kind === 'eip1559' ? cost.recommendation.tiers.fast.maxFeePerGas : -1n,
    });
    expect(cost.expectedFeeWei).toBe(direct * (cost.fees.baseFeePerGas + cost.fees.maxPriorityFeePerGas));
    expect(cost.maxFeeWei).toBe(cost.gasLimit * cost.fees.maxFeePerGas);
    expect(cost.governorChargeWei).toBe(
      value + charged(cost.gasLimit, cost.fees.maxFeePerGas, 500n * GWEI, 3),
    );
    expect(cost.aboveCeiling).toBe(false);
    // A ceiling under the tier's max fee: flagged, and the charge is capped at limit × ceiling.
    const capped = await estimateTransactionCost({
      provider: env.provider,
      chain: env.chain,
      from: from(),
      to: to(),
      data: '0x',
      value: 0n,
      tier: 'fast',
      feeCeilingWei: 1n,
      maxReplacements: 3,
    });
    expect(capped).toMatchObject({ ok: true, aboveCeiling: true });
    expect(capped.ok && capped.governorChargeWei).toBe(capped.ok ? capped.gasLimit : -1n);
  });

  it('a transaction that would revert → ok: false with the decoded reason, nothing else', async () => {
    const { contracts, tokens } = env.devnet.manifest;
    const data = new Interface(uniswapV2RouterAbi).encodeFunctionData('swapExactETHForTokens', [
      0n,
      [contracts.weth, tokens.usdc.address],
      from(),
      1n, // a deadline in 1970
    ]) as `0x${string}`;
    const cost = await estimateTransactionCost({
      provider: env.provider,
      chain: env.chain,
      from: from(),
      to: contracts.uniswapV2Router02 as Address,
      data,
      value: 10n ** 15n,
      tier: 'standard',
      feeCeilingWei: 500n * GWEI,
      maxReplacements: 3,
    });
    expect(cost).toMatchObject({ ok: false, reason: 'UniswapV2Router: EXPIRED' });
    expect(cost.ok ? null : cost.revertData).toMatch(/^0x08c379a0/);
  });
});
