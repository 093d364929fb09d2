import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSecurityReport } from './buildSecurityReport.js';
import { resolveChain } from './resolveChain.js';
import type { SourceRecord } from './types.js';
import { TEST_CHAIN_TABLE } from './test-support/testChainTable.js';

const NOW = 1_760_000_000_000;
const chain = resolveChain({ chain: 1, table: TEST_CHAIN_TABLE });
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

  it('property: any valid harmful value from any source, whatever the others send, is never safe; nor is an unknown tax', () => {
    const invalid = fc.constantFrom<unknown>('true', Number.NaN, -1, 101, null, {}, 'zero');
    // Each source may send, per field: nothing, a valid benign value, a valid harmful value, or garbage. Benign values
    // weigh more, so that runs where every source is clean (the only ones that can be safe) are common, not rare.
    const field = <T>(benign: fc.Arbitrary<T>, harmful: fc.Arbitrary<T>) =>
      fc.oneof(
        { arbitrary: fc.constant({ kind: 'missing' as const }), weight: 1 },
        { arbitrary: benign.map((value) => ({ kind: 'benign' as const, value })), weight: 3 },
        { arbitrary: harmful.map((value) => ({ kind: 'harmful' as const, value })), weight: 1 },
        { arbitrary: invalid.map((value) => ({ kind: 'invalid' as const, value })), weight: 1 },
      );
    const source = fc.record({
      isHoneypot: field(fc.constant(false), fc.constant(true)),
      canSell: field(fc.constant(true), fc.constant(false)),
      sellTax: field(
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 10.01, max: 100, noNaN: true }),
      ),
      buyTax: field(
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 10.01, max: 100, noNaN: true }),
      ),
      ownerChangeBalance: field(fc.constant(false), fc.constant(true)),
      hiddenOwner: field(fc.constant(false), fc.constant(true)),
    });
    // Everything else known and clean, so a safe verdict is reachable at all (the property is not vacuous).
    const clean = {
      cannotSellAll: false,
      isOpenSource: true,
      isProxy: false,
      isMintable: false,
      canTakeBackOwnership: false,
      selfDestruct: false,
      transferPausable: false,
      isBlacklisted: false,
      liquidityUsd: 5_000_000,
    };
    const benign = <T>(value: T) => ({ kind: 'benign' as const, value });
    const allClean = {
      isHoneypot: benign(false),
      canSell: benign(true),
      sellTax: benign(1),
      buyTax: benign(1),
      ownerChangeBalance: benign(false),
      hiddenOwner: benign(false),
    };
    let safe = 0;
    fc.assert(
      fc.property(fc.array(source, { minLength: 1, maxLength: 4 }), (sources) => {
        const outcomes = sources.map((fields, i) => ({
          record: record(`s${i}`, 'ok'),
          evidence: {
            fields: {
              ...(i === 0 ? clean : {}),
              ...Object.fromEntries(
                Object.entries(fields).flatMap(([k, v]) => (v.kind === 'missing' ? [] : [[k, v.value]])),
              ),
            } as never,
          },
        }));
        const report = buildSecurityReport({ chain, token: TOKEN, now: NOW, outcomes, threshold: 0 });
        const anyHarm = sources.some((f) => Object.values(f).some((v) => v.kind === 'harmful'));
        if (anyHarm) expect(report.isSafe).toBe(false);
        if (report.tax.sellTax === null || report.tax.buyTax === null) expect(report.isSafe).toBe(false);
        if (report.isSafe) {
          safe++;
          expect(report.tax.sellTax).toBeLessThanOrEqual(10);
          expect(report.tax.buyTax).toBeLessThanOrEqual(10);
        }
      }),
      // One all-clean source always runs too, so the count below never rests on the draw alone.
      { numRuns: 1000, examples: [[[allClean]]] },
    );
    expect(safe).toBeGreaterThan(0);
  });
});
