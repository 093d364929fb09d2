import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSecurityReport } from './buildSecurityReport.js';
import { resolveChain } from './resolveChain.js';
import type { SourceRecord } from './types.js';

const NOW = 1_760_000_000_000;
const chain = resolveChain({ chain: 1 });
const TOKEN = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const record = (
  name: string,
  status: SourceRecord['status'],
  error?: SourceRecord['error'],
): SourceRecord => ({
  name,
  status,
  fetchedAt: new Date(NOW).toISOString(),
  durationMs: 3,
  fields: [],
  cached: false,
  ...(error ? { error } : {}),
});

describe('buildSecurityReport', () => {
  it('explains a failed provider in tax.error, warnings and recommendations', () => {
    const report = buildSecurityReport({
      chain,
      token: TOKEN,
      now: NOW,
      outcomes: [
        {
          record: record('goplus', 'failed', {
            code: 'PROVIDER_TIMEOUT',
            message: 'goplus: timed out after 5000 ms',
          }),
        },
      ],
    });
    expect(report.tax).toEqual({
      buyTax: null,
      sellTax: null,
      isHoneypot: null,
      canSell: null,
      error: 'goplus: PROVIDER_TIMEOUT goplus: timed out after 5000 ms',
    });
    expect(report.warnings).toContain('Source goplus failed: goplus: timed out after 5000 ms');
    expect(report.recommendations[0]).toMatch(/Do not buy until the honeypot status is known/);
    expect(report.contract.solana).toBeNull();
    expect(report.coverage).toMatchObject({ known: 0, total: 14, ratio: 0, scoreCap: 0 });
  });

  it('property: riskLevel is "low" exactly when isSafe; unknown honeypot is never safe; score 0–100', () => {
    const bool = fc.option(fc.boolean(), { nil: undefined });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            isHoneypot: bool,
            canSell: bool,
            sellTax: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: undefined }),
            isOpenSource: bool,
            ownerChangeBalance: bool,
            liquidityUsd: fc.option(fc.double({ min: 0, max: 1e9, noNaN: true }), { nil: undefined }),
          }),
          { maxLength: 3 },
        ),
        (evidences) => {
          const outcomes = evidences.map((raw, i) => ({
            record: record(`s${i}`, 'ok'),
            evidence: { fields: Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)) },
          }));
          const report = buildSecurityReport({ chain, token: TOKEN, now: NOW, outcomes, threshold: 10 });
          expect(report.riskLevel === 'low').toBe(report.isSafe);
          if (report.tax.isHoneypot !== false) expect(report.isSafe).toBe(false);
          expect(Number.isInteger(report.safetyScore)).toBe(true);
          expect(report.safetyScore).toBeGreaterThanOrEqual(0);
          expect(report.safetyScore).toBeLessThanOrEqual(100);
          if (evidences.some((e) => e.isHoneypot === true || e.canSell === false)) {
            expect(report.tax.isHoneypot).toBe(true);
            expect(report.safetyScore).toBe(0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
