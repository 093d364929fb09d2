import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measureVaultApy } from './measureVaultApy.js';

const DAY = 86_400_000;
const E6 = 1_000_000n;

describe('measureVaultApy', () => {
  it('is null with a reason until two samples a day apart exist — never a guess', () => {
    expect(measureVaultApy({ samples: [] })).toEqual({
      apy: null,
      apyMean30d: null,
      sigma: null,
      historyDays: 0,
      dailyPoints: 0,
      lastSampleAt: null,
      reason: 'no share-price sample yet',
    });
    const close = measureVaultApy({
      samples: [
        { at: 0, assetsPerShare: E6 },
        { at: DAY - 1, assetsPerShare: 2n * E6 },
      ],
    });
    expect(close.apy).toBeNull();
    expect(close.reason).toBe('needs two share-price samples at least a day apart');
    expect(close.lastSampleAt).toBe(DAY - 1);
  });

  it('annualises the growth of the assets per share, compounded: +1% over a day', () => {
    const r = measureVaultApy({
      samples: [
        { at: 5 * DAY, assetsPerShare: 1_000_000n },
        { at: 6 * DAY, assetsPerShare: 1_010_000n },
      ],
    });
    expect(r.apy).toBeCloseTo((1.01 ** 365 - 1) * 100, 6);
    expect(r.apyMean30d).toBeCloseTo(r.apy as number, 9);
    expect(r.historyDays).toBe(1);
    expect(r.sigma).toBeNull();
    expect(r.reason).toBeNull();
  });

  it('apy is the last day, apyMean30d the window: a spike shows as apy above the mean; older samples only count as history', () => {
    const samples = [
      { at: 0, assetsPerShare: 500_000n }, // 40 days before the newest: outside the 30-day window
      { at: 10 * DAY, assetsPerShare: 1_000_000n },
      { at: 39 * DAY, assetsPerShare: 1_002_900n },
      { at: 40 * DAY, assetsPerShare: 1_012_929n }, // +1% in the last day
    ];
    const r = measureVaultApy({ samples });
    expect(r.apy).toBeCloseTo(((1_012_929 / 1_002_900) ** 365 - 1) * 100, 6);
    expect(r.apyMean30d).toBeCloseTo(((1_012_929 / 1_000_000) ** (365 / 30) - 1) * 100, 6);
    expect(r.apy as number).toBeGreaterThan(r.apyMean30d as number);
    expect(r.historyDays).toBe(40);
    expect(r.dailyPoints).toBe(4);
    // The first sample ever may be older than what was listed.
    expect(measureVaultApy({ samples: samples.slice(1), oldest: { at: -100 * DAY } }).historyDays).toBe(140);
  });

  it('counts daily points, not the span: two samples 31 days apart are 2 points; samples of one day are one', () => {
    const apart = measureVaultApy({
      samples: [
        { at: 0, assetsPerShare: E6 },
        { at: 31 * DAY, assetsPerShare: E6 + 10_000n },
      ],
    });
    expect([apart.historyDays, apart.dailyPoints]).toEqual([31, 2]);
    const sameDay = measureVaultApy({
      samples: [
        { at: 2 * DAY, assetsPerShare: E6 },
        { at: 2 * DAY + 1, assetsPerShare: E6 },
        { at: 3 * DAY - 1, assetsPerShare: E6 },
        { at: 3 * DAY, assetsPerShare: E6 },
      ],
    });
    expect(sameDay.dailyPoints).toBe(2);
  });

  it('a falling share price is a negative APY (a loss), not zero', () => {
    const r = measureVaultApy({
      samples: [
        { at: 0, assetsPerShare: 1_000_000n },
        { at: 2 * DAY, assetsPerShare: 990_000n },
      ],
    });
    expect(r.apy as number).toBeLessThan(0);
  });

  it('sigma: about zero for steady daily growth, positive when the daily returns vary', () => {
    const steady = Array.from({ length: 6 }, (_, d) => ({
      at: d * DAY,
      assetsPerShare: 10n ** 18n + (10n ** 18n * BigInt(d)) / 1000n,
    }));
    // Linear growth gives slowly falling returns: sigma is tiny but not zero; constant returns give zero.
    const constant = Array.from({ length: 6 }, (_, d) => ({
      at: d * DAY,
      assetsPerShare: BigInt(Math.round(1e12 * 1.001 ** d)),
    }));
    expect(measureVaultApy({ samples: constant }).sigma as number).toBeLessThan(1e-6);
    expect(measureVaultApy({ samples: steady }).sigma as number).toBeLessThan(0.01);
    const bumpy = constant.map((s, d) => ({
      ...s,
      assetsPerShare: s.assetsPerShare + (d % 2 === 0 ? 0n : 5_000_000_000n),
    }));
    expect(measureVaultApy({ samples: bumpy }).sigma as number).toBeGreaterThan(1);
  });

  it('property: a share price that never falls never gives a negative APY; a flat one gives exactly 0', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 90 * DAY }), fc.bigInt({ min: 0n, max: 10n ** 6n })), {
          minLength: 2,
          maxLength: 20,
        }),
        (steps) => {
          const times = [...new Set(steps.map(([t]) => t))].sort((a, b) => a - b);
          let price = 10n ** 18n;
          const increments = steps.map(([, inc]) => inc);
          const samples = times.map((at, i) => {
            price += increments[i] ?? 0n;
            return { at, assetsPerShare: price };
          });
          const r = measureVaultApy({ samples });
          if (r.apy !== null) expect(r.apy).toBeGreaterThanOrEqual(0);
          const flat = measureVaultApy({
            samples: samples.map((s) => ({ ...s, assetsPerShare: 10n ** 18n })),
          });
          if (flat.apy !== null) expect(flat.apy).toBe(0);
        },
      ),
    );
  });
});
