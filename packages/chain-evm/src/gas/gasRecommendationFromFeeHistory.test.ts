import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gasRecommendationFromFeeHistory } from './gasRecommendationFromFeeHistory.js';
import { GAS_TIER_NAMES, MIN_PRIORITY_FEE_WEI } from './gasTiers.js';

const GWEI = 1_000_000_000n;
const hex = (n: bigint) => `0x${n.toString(16)}`;

describe('gasRecommendationFromFeeHistory', () => {
  it('each tier: median over blocks of its percentile column, floor applied; maxFee = ⌈base × multiplier⌉ + tip', () => {
    // 5 blocks; columns are p10 / p50 / p90 as the node reports them.
    const rewards = [
      [1n, 5n, 9n],
      [2n, 6n, 20n],
      [0n, 4n, 8n],
      [3n, 7n, 7n],
      [1n, 1n, 30n],
    ].map((row) => row.map((g) => hex(g * GWEI)));
    const rec = gasRecommendationFromFeeHistory({
      chainId: 1,
      history: {
        oldestBlock: '0x64',
        baseFeePerGas: ['0x3b9aca00', '0x3b9aca00', '0x3b9aca00', '0x3b9aca00', '0x3b9aca00', '0x77359400'],
        gasUsedRatio: [0.5, 1, 0, 0.25, 0.75],
        reward: rewards,
      },
    });
    // Sorted columns: p10 [0,1,1,2,3] → 1; p50 [1,4,5,6,7] → 5; p90 [7,8,9,20,30] → 9 (upper median of 5 = index 2).
    expect(rec.baseFeePerGas).toBe(2n * GWEI);
    expect(rec.oldestBaseFeePerGas).toBe(GWEI);
    expect(rec.baseFeeTrend).toBe('rising');
    expect(rec.newestBlock).toBe(104n);
    expect(rec.blocks).toBe(5);
    expect(rec.gasUsedRatio).toEqual({ average: 0.5, latest: 0.75 });
    expect(rec.tiers.slow).toMatchObject({
      maxPriorityFeePerGas: GWEI,
      maxFeePerGas: (5n * GWEI) / 2n + GWEI,
    });
    expect(rec.tiers.standard).toMatchObject({
      maxPriorityFeePerGas: 5n * GWEI,
      maxFeePerGas: 4n * GWEI + 5n * GWEI,
    });
    expect(rec.tiers.fast).toMatchObject({
      maxPriorityFeePerGas: 9n * GWEI,
      maxFeePerGas: 4n * GWEI + 9n * GWEI,
    });
  });

  it('empty blocks (zero rewards) → the tip floor, never a zero tip', () => {
    const rec = gasRecommendationFromFeeHistory({
      chainId: 1,
      history: {
        oldestBlock: '0x1',
        baseFeePerGas: ['0x7', '0x7'],
        gasUsedRatio: [0],
        reward: [['0x0', '0x0', '0x0']],
      },
    });
    for (const tier of GAS_TIER_NAMES)
      expect(rec.tiers[tier].maxPriorityFeePerGas).toBe(MIN_PRIORITY_FEE_WEI);
    expect(rec.baseFeeTrend).toBe('steady');
    expect(rec.tiers.slow.maxFeePerGas).toBe(9n + MIN_PRIORITY_FEE_WEI); // ⌈7 × 1.25⌉ = 9
  });

  it.each([
    ['not an object', null],
    ['no base fees', { oldestBlock: '0x1', gasUsedRatio: [] }],
    [
      'a base fee that is not a quantity',
      { oldestBlock: '0x1', baseFeePerGas: ['0x1', 12], gasUsedRatio: [0.1] },
    ],
    ['ratios that do not match', { oldestBlock: '0x1', baseFeePerGas: ['0x1', '0x1'], gasUsedRatio: [] }],
    [
      'a short reward row',
      { oldestBlock: '0x1', baseFeePerGas: ['0x1', '0x1'], gasUsedRatio: [0.1], reward: [['0x1']] },
    ],
    [
      'a reward that is not hex',
      {
        oldestBlock: '0x1',
        baseFeePerGas: ['0x1', '0x1'],
        gasUsedRatio: [0.1],
        reward: [['0x1', 'x', '0x1']],
      },
    ],
  ])('%s → RPC_ERROR (never a default)', (_name, history) => {
    expect(() => gasRecommendationFromFeeHistory({ chainId: 5, history })).toThrow(
      expect.objectContaining({ code: 'RPC_ERROR', method: 'eth_feeHistory' }),
    );
  });

  it('property: slow ≤ standard ≤ fast in both fees, and maxFee ≥ next base fee + tip', () => {
    const fee = fc.bigInt({ min: 0n, max: 1_000n * GWEI });
    const row = fc.tuple(fee, fee, fee).map((r) => [...r].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 30 }), fee, (rows, base) => {
        const rec = gasRecommendationFromFeeHistory({
          chainId: 1,
          history: {
            oldestBlock: '0x1',
            baseFeePerGas: [...rows.map(() => '0x1'), hex(base)],
            gasUsedRatio: rows.map(() => 0.5),
            reward: rows.map((r) => r.map(hex)),
          },
        });
        const { slow, standard, fast } = rec.tiers;
        expect(slow.maxPriorityFeePerGas).toBeLessThanOrEqual(standard.maxPriorityFeePerGas);
        expect(standard.maxPriorityFeePerGas).toBeLessThanOrEqual(fast.maxPriorityFeePerGas);
        expect(slow.maxFeePerGas).toBeLessThanOrEqual(standard.maxFeePerGas);
        expect(standard.maxFeePerGas).toBeLessThanOrEqual(fast.maxFeePerGas);
        for (const t of [slow, standard, fast]) {
          expect(t.maxFeePerGas).toBeGreaterThanOrEqual(base + t.maxPriorityFeePerGas);
        }
      }),
    );
  });
});
