import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APPROVAL_RISK_POINTS, scoreApprovalRisk } from './scoreApprovalRisk.js';
import type { SpenderCodeKind } from './types.js';

const E = 10n ** 18n;

describe('scoreApprovalRisk', () => {
  it('adds the documented points and reasons', () => {
    const worst = scoreApprovalRisk({
      kind: 'erc20',
      unlimited: true,
      spenderName: null,
      spenderCode: 'none',
      stale: true,
      valueAtRiskWei: 2n * E,
    });
    expect(worst.factors.map((f) => [f.factor, f.points])).toEqual([
      ['unlimited', 30],
      ['unknown_spender', 20],
      ['spender_without_code', 30],
      ['stale', 10],
      ['value_at_risk_high', 25],
    ]);
    expect(worst.score).toBe(100); // 115 capped
    expect(worst.level).toBe('critical');

    const known = scoreApprovalRisk({
      kind: 'erc20',
      unlimited: false,
      spenderName: 'Uniswap V2: Router02',
      spenderCode: 'contract',
      stale: false,
      valueAtRiskWei: 0n,
    });
    expect(known).toEqual({ score: 0, level: 'low', factors: [] });

    const proxy = scoreApprovalRisk({
      kind: 'erc20',
      unlimited: false,
      spenderName: null,
      spenderCode: 'upgradeable',
      stale: false,
      valueAtRiskWei: E / 5n,
    });
    expect(proxy.factors.map((f) => f.factor)).toEqual([
      'unknown_spender',
      'upgradeable_spender',
      'value_at_risk_medium',
    ]);
    expect(proxy).toMatchObject({ score: 50, level: 'high' });

    const nft = scoreApprovalRisk({
      kind: 'operator',
      unlimited: true,
      spenderName: null,
      spenderCode: 'delegated_eoa',
      stale: false,
      valueAtRiskWei: null,
    });
    expect(nft.factors.map((f) => f.factor)).toEqual([
      'unlimited',
      'unknown_spender',
      'spender_without_code',
      'value_at_risk_unknown',
    ]);
  });

  it('property: score = min(100, sum of the listed factors); more risk never lowers the score', () => {
    const code = fc.constantFrom<SpenderCodeKind>('none', 'delegated_eoa', 'upgradeable', 'contract');
    const input = fc.record({
      kind: fc.constantFrom('erc20' as const, 'operator' as const),
      unlimited: fc.boolean(),
      spenderName: fc.option(fc.constant('Known'), { nil: null }),
      spenderCode: code,
      stale: fc.boolean(),
      valueAtRiskWei: fc.option(fc.bigInt({ min: 0n, max: 10n * E }), { nil: null }),
    });
    fc.assert(
      fc.property(input, (p) => {
        const r = scoreApprovalRisk(p);
        const sum = r.factors.reduce((s, f) => s + APPROVAL_RISK_POINTS[f.factor], 0);
        expect(r.score).toBe(Math.min(100, sum));
        expect(scoreApprovalRisk({ ...p, unlimited: true }).score).toBeGreaterThanOrEqual(r.score);
        expect(scoreApprovalRisk({ ...p, stale: true }).score).toBeGreaterThanOrEqual(r.score);
        expect(scoreApprovalRisk({ ...p, spenderName: null }).score).toBeGreaterThanOrEqual(r.score);
        if (p.valueAtRiskWei !== null) {
          expect(
            scoreApprovalRisk({ ...p, valueAtRiskWei: p.valueAtRiskWei + E }).score,
          ).toBeGreaterThanOrEqual(r.score);
        }
      }),
    );
  });
});
