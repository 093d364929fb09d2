import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAcquiredTokens, type SafetyVerdictInput } from './checkAcquiredTokens.js';

const report = (tax: SafetyVerdictInput['tax'], veto = false): SafetyVerdictInput => ({
  token: '0xToken',
  tax,
  factors: veto ? [{ id: 'hidden-owner', veto: true, reason: 'hidden owner' }] : [],
});

describe('checkAcquiredTokens', () => {
  it.each([
    [{ isHoneypot: true, sellTax: 0 }, false, 'TOKEN_UNSAFE'],
    [{ isHoneypot: null, sellTax: 0 }, false, 'TOKEN_SAFETY_UNKNOWN'],
    [{ isHoneypot: false, sellTax: null }, false, 'TOKEN_SAFETY_UNKNOWN'],
    [{ isHoneypot: false, sellTax: 10.001 }, false, 'TOKEN_SELL_TAX_TOO_HIGH'],
    [{ isHoneypot: false, sellTax: 0 }, true, 'TOKEN_UNSAFE'],
  ] as const)('%j (veto %s) → %s', (tax, veto, code) => {
    expect(checkAcquiredTokens({ reports: [report(tax, veto)] })?.code).toBe(code);
  });

  it('a sellable token with a known tax at most the limit passes; gating is not on isSafe', () => {
    expect(checkAcquiredTokens({ reports: [report({ isHoneypot: false, sellTax: 10 })] })).toBeNull();
    expect(
      checkAcquiredTokens({ reports: [report({ isHoneypot: false, sellTax: 4.9995 })], maxSellTaxBps: 500 }),
    ).toBeNull();
  });

  it('a confirmed honeypot is blocked whatever the allowed tax', () => {
    expect(
      checkAcquiredTokens({ reports: [report({ isHoneypot: true, sellTax: 0 })], maxSellTaxBps: 10_000 })
        ?.code,
    ).toBe('TOKEN_UNSAFE');
  });

  it('refuses an invalid maxSellTaxBps', () => {
    for (const bad of [-1, 10_001, 1.5, Number.NaN]) {
      expect(checkAcquiredTokens({ reports: [], maxSellTaxBps: bad })?.code).toBe('INTENT_INVALID');
    }
  });

  it('property: allowed only when every token is a confirmed non-honeypot without veto and a known tax ≤ the limit', () => {
    const arb = fc.record({
      isHoneypot: fc.constantFrom(true, false, null),
      sellTax: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
      veto: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arb, { maxLength: 4 }), fc.integer({ min: 0, max: 10_000 }), (tokens, limit) => {
        const verdict = checkAcquiredTokens({
          reports: tokens.map((t) => report({ isHoneypot: t.isHoneypot, sellTax: t.sellTax }, t.veto)),
          maxSellTaxBps: limit,
        });
        const ok = tokens.every(
          (t) =>
            t.isHoneypot === false && !t.veto && t.sellTax !== null && Math.ceil(t.sellTax * 100) <= limit,
        );
        expect(verdict === null).toBe(ok);
      }),
    );
  });
});
