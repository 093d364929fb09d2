import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCompoundEconomics, YEAR_SECONDS } from './computeCompoundEconomics.js';

const DAY = 86_400n;
const USD = 10n ** 18n; // figures in "USD × 10^18" for the worked examples

describe('computeCompoundEconomics', () => {
  it.each([
    // The research note's worked examples: P = $1,000, r = 20%, G = $0.50 → τ* ≈ 58 days; P = $10,000, r = 15%,
    // G = $25 (L1) → ≈ 172 days; the same on an L2 at G = $0.05 → ≈ 8 days.
    { P: 1_000n * USD, ratePpb: 200_000_000n, G: USD / 2n, days: 57.7 },
    { P: 10_000n * USD, ratePpb: 150_000_000n, G: 25n * USD, days: 172.1 },
    { P: 10_000n * USD, ratePpb: 150_000_000n, G: (5n * USD) / 100n, days: 7.7 },
  ])('τ* = √(2G/(P·r²)): P=$P r=$ratePpb ppb G=$G → ≈ $days days', ({ P, ratePpb, G, days }) => {
    const e = computeCompoundEconomics({ amount: P, position: P, ratePpb, horizonSeconds: DAY, gasCost: G });
    const tau = Number(e.optimalIntervalSeconds) / 86_400;
    expect(tau).toBeGreaterThan(days - 0.1);
    expect(tau).toBeLessThan(days + 0.1);
  });

  it('pays when the gain over the horizon reaches 3 × the worst-case gas; says after how long it would', () => {
    // 1,000 units at 10%/year over 30 days: 1000 × 0.1 × 30/365 = 8.219… → 8 (rounded down).
    const base = { amount: 1_000n, position: 1_000n, ratePpb: 100_000_000n, horizonSeconds: 30n * DAY };
    const pays = computeCompoundEconomics({ ...base, gasCost: 2n });
    expect(pays).toMatchObject({ expectedGain: 8n, requiredGain: 6n, pays: true });
    const skip = computeCompoundEconomics({ ...base, gasCost: 3n });
    expect(skip).toMatchObject({ expectedGain: 8n, requiredGain: 9n, pays: false });
    // 9 = 1000 × 0.1 × t / year → t = 0.09 year = 2,838,240 s, rounded up.
    expect(skip.paysAfterSeconds).toBe(
      (9n * 1_000_000_000n * YEAR_SECONDS + 99_999_999_999n) / 100_000_000_000n,
    );
    // A factor of 1 (10,000 bps) makes the same gas pay.
    expect(computeCompoundEconomics({ ...base, gasCost: 3n, minGainFactorBps: 10_000n }).pays).toBe(true);
  });

  it('nothing pays at rate 0 or with nothing to deposit, and inputs are validated', () => {
    const zero = computeCompoundEconomics({
      amount: 10n ** 18n,
      position: 10n ** 18n,
      ratePpb: 0n,
      horizonSeconds: DAY,
      gasCost: 0n,
    });
    expect(zero).toMatchObject({
      expectedGain: 0n,
      pays: false,
      paysAfterSeconds: null,
      optimalIntervalSeconds: null,
    });
    expect(
      computeCompoundEconomics({ amount: 0n, position: 0n, ratePpb: 1n, horizonSeconds: DAY, gasCost: 0n })
        .pays,
    ).toBe(false);
    for (const bad of [
      { amount: -1n },
      { position: 0n },
      { ratePpb: -1n },
      { gasCost: -1n },
      { horizonSeconds: 0n },
      { minGainFactorBps: -1n },
    ]) {
      expect(() =>
        computeCompoundEconomics({
          amount: 10n,
          position: 10n,
          ratePpb: 1n,
          horizonSeconds: DAY,
          gasCost: 1n,
          ...bad,
        }),
      ).toThrow(expect.objectContaining({ code: 'INVALID_YIELD_PARAMETER' }));
    }
  });

  it('property: pays ⇔ expectedGain ≥ gas × factor; a longer horizon or a higher rate never turns pays off; paysAfter is the boundary', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 24n }),
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.bigInt({ min: 1n, max: 10n * YEAR_SECONDS }),
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.bigInt({ min: 0n, max: 100_000n }),
        (amount, ratePpb, horizonSeconds, gasCost, minGainFactorBps) => {
          const p = { amount, position: amount, ratePpb, horizonSeconds, gasCost, minGainFactorBps };
          const e = computeCompoundEconomics(p);
          expect(e.pays).toBe(e.expectedGain > 0n && e.expectedGain >= e.requiredGain);
          if (e.pays) {
            expect(computeCompoundEconomics({ ...p, horizonSeconds: horizonSeconds * 2n }).pays).toBe(true);
            expect(computeCompoundEconomics({ ...p, ratePpb: ratePpb + 1n }).pays).toBe(true);
          }
          const after = e.paysAfterSeconds as bigint;
          if (after > 0n && e.requiredGain > 0n) {
            // At `after` the exact (unrounded) gain reaches the requirement; one second earlier it does not.
            expect(amount * ratePpb * after >= e.requiredGain * RATE * YEAR).toBe(true);
            expect(amount * ratePpb * (after - 1n) < e.requiredGain * RATE * YEAR).toBe(true);
          }
        },
      ),
    );
  });
});

const RATE = 1_000_000_000n;
const YEAR = YEAR_SECONDS;
