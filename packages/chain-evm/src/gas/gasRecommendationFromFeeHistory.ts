import { RpcError } from '../errors/RpcError.js';
import { GAS_TIER_NAMES, GAS_TIERS, type GasTier, MIN_PRIORITY_FEE_WEI } from './gasTiers.js';
import type { Eip1559GasTier, GasRecommendation } from './types.js';

/** Parameters of {@link gasRecommendationFromFeeHistory}. */
export interface GasRecommendationFromFeeHistoryParameters {
  readonly chainId: number;
  /** The raw `eth_feeHistory` answer, asked with the percentiles of {@link GAS_TIERS} in tier order. */
  readonly history: unknown;
}

/**
 * The EIP-1559 recommendation from one `eth_feeHistory` answer (pure). Each tier's tip is the median over the
 * window's blocks of that block's reward at the tier's percentile (the upper median for an even count), at least
 * {@link MIN_PRIORITY_FEE_WEI}; `maxFeePerGas` = ⌈next base fee × multiplier⌉ + tip. Because a block's rewards
 * grow with the percentile and the multipliers never shrink, slow ≤ standard ≤ fast in both fields. A malformed
 * answer → `RpcError` `RPC_ERROR` (never a default).
 *
 * @example
 * ```ts
 * const rec = gasRecommendationFromFeeHistory({ chainId: 1, history: await provider.send('eth_feeHistory', ['0x14', 'latest', [10, 50, 90]]) });
 * rec.tiers.standard.maxFeePerGas;
 * ```
 */
export function gasRecommendationFromFeeHistory({
  chainId,
  history,
}: GasRecommendationFromFeeHistoryParameters): Extract<GasRecommendation, { kind: 'eip1559' }> {
  const bad = (details: string) => new RpcError('RPC_ERROR', { chainId, method: 'eth_feeHistory', details });
  const h = history as {
    oldestBlock?: unknown;
    baseFeePerGas?: unknown;
    gasUsedRatio?: unknown;
    reward?: unknown;
  } | null;
  if (typeof h !== 'object' || h === null) throw bad('the answer is not an object');
  const baseFees = h.baseFeePerGas;
  if (!Array.isArray(baseFees) || baseFees.length < 2) throw bad('answered without baseFeePerGas');
  const base = baseFees.map((v) => quantity(v, bad));
  const blocks = base.length - 1;
  const ratios = Array.isArray(h.gasUsedRatio) ? h.gasUsedRatio : [];
  if (ratios.length !== blocks || ratios.some((r) => typeof r !== 'number' || !Number.isFinite(r) || r < 0)) {
    throw bad('gasUsedRatio does not match the blocks');
  }
  const oldestBlock = quantity(h.oldestBlock, bad);
  const rewards: readonly unknown[] = Array.isArray(h.reward) ? h.reward : [];
  if (rewards.length !== 0 && rewards.length !== blocks) throw bad('reward does not match the blocks');
  const nextBase = base[blocks] as bigint;
  const oldestBase = base[0] as bigint;
  const tiers = {} as Record<GasTier, Eip1559GasTier>;
  GAS_TIER_NAMES.forEach((tier, index) => {
    const tips = rewards
      .map((r) => {
        if (!Array.isArray(r) || r.length !== GAS_TIER_NAMES.length) throw bad('a reward row is malformed');
        return quantity(r[index], bad);
      })
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const median = tips.length > 0 ? (tips[Math.floor(tips.length / 2)] as bigint) : 0n;
    const tip = median > MIN_PRIORITY_FEE_WEI ? median : MIN_PRIORITY_FEE_WEI;
    const { percentile, baseFeeMultiplierBps } = GAS_TIERS[tier];
    tiers[tier] = Object.freeze({
      maxPriorityFeePerGas: tip,
      maxFeePerGas: (nextBase * baseFeeMultiplierBps + 9_999n) / 10_000n + tip,
      percentile,
      baseFeeMultiplierBps,
    });
  });
  const numbers = ratios as number[];
  return Object.freeze({
    kind: 'eip1559' as const,
    chainId,
    newestBlock: oldestBlock + BigInt(blocks - 1),
    blocks,
    baseFeePerGas: nextBase,
    oldestBaseFeePerGas: oldestBase,
    baseFeeTrend: nextBase > oldestBase ? 'rising' : nextBase < oldestBase ? 'falling' : 'steady',
    gasUsedRatio: Object.freeze({
      average: numbers.reduce((s, r) => s + r, 0) / blocks,
      latest: numbers[blocks - 1] as number,
    }),
    tiers: Object.freeze(tiers),
  });
}

function quantity(value: unknown, bad: (details: string) => Error): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw bad('a malformed quantity');
  return BigInt(value);
}
