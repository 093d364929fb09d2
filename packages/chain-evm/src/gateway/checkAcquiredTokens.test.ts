import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAcquiredTokens, type SafetyVerdictInput } from './checkAcquiredTokens.js';

type Tax = { isHoneypot: boolean | null; sellTax: number | null; buyTax?: number | null };
const report = (tax: Tax, veto = false, token = '0xToken'): SafetyVerdictInput => ({
  token,
  tax: { buyTax: 0, ...tax },
  factors: veto ? [{ id: 'hidden-owner', veto: true, reason: 'hidden owner' }] : [],
});

describe('checkAcquiredTokens', () => {
  it.each([
    [{ isHoneypot: true, sellTax: 0 }, false, 'TOKEN_UNSAFE'],
    [{ isHoneypot: null, sellTax: 0 }, false, 'TOKEN_SAFETY_UNKNOWN'],
    [{ isHoneypot: false, sellTax: null }, false, 'TOKEN_SAFETY_UNKNOWN'],
    [{ isHoneypot: false, sellTax: 10.001 }, false, 'TOKEN_SELL_TAX_TOO_HIGH'],
    [{ isHoneypot: false, sellTax: 0 }, true, 'TOKEN_UNSAFE'],
    [{ isHoneypot: false, sellTax: 0, buyTax: null }, false, 'TOKEN_SAFETY_UNKNOWN'],
    [{ isHoneypot: false, sellTax: 0, buyTax: Number.NaN }, false, 'TOKEN_SAFETY_UNKNOWN'],
    [{ isHoneypot: false, sellTax: 0, buyTax: -1 }, false, 'TOKEN_SAFETY_UNKNOWN'],
    // Not a finite percent: unknown, not "too high".
    [{ isHoneypot: false, sellTax: 0, buyTax: Number.POSITIVE_INFINITY }, false, 'TOKEN_SAFETY_UNKNOWN'],
    [{ isHoneypot: false, sellTax: 0, buyTax: 90 }, false, 'TOKEN_BUY_TAX_TOO_HIGH'],
    [{ isHoneypot: false, sellTax: 0, buyTax: 10.001 }, false, 'TOKEN_BUY_TAX_TOO_HIGH'],
  ] as const)('%j (veto %s) → %s', (tax, veto, code) => {
    expect(checkAcquiredTokens({ reports: [report(tax, veto)] })?.code).toBe(code);
  });

  it('a 0% sell / 90% buy tax token is refused with the buy tax in the reason, at the default and any limit below 90%', () => {
    const taxed = report({ isHoneypot: false, sellTax: 0, buyTax: 90 });
    expect(checkAcquiredTokens({ reports: [taxed] })).toEqual({
      code: 'TOKEN_BUY_TAX_TOO_HIGH',
      reason: '0xToken has a 90% buy tax, above the 10% allowed',
    });
    expect(checkAcquiredTokens({ reports: [taxed], maxBuyTaxBps: 8_999 })?.code).toBe(
      'TOKEN_BUY_TAX_TOO_HIGH',
    );
    // The sell limit does not stand in for the buy limit.
    expect(checkAcquiredTokens({ reports: [taxed], maxSellTaxBps: 10_000 })?.code).toBe(
      'TOKEN_BUY_TAX_TOO_HIGH',
    );
    expect(checkAcquiredTokens({ reports: [taxed], maxBuyTaxBps: 9_000 })).toBeNull();
  });

  it('a known excessive tax is refused, never held, even when something else about the tokens is unknown', () => {
    const unknown = report({ isHoneypot: null, sellTax: null, buyTax: null }, false, '0xFirst');
    const taxed = report({ isHoneypot: false, sellTax: 0, buyTax: 50 }, false, '0xSecond');
    expect(checkAcquiredTokens({ reports: [unknown, taxed] })?.code).toBe('TOKEN_BUY_TAX_TOO_HIGH');
    expect(
      checkAcquiredTokens({ reports: [report({ isHoneypot: null, sellTax: 0, buyTax: 12 })] })?.code,
    ).toBe('TOKEN_BUY_TAX_TOO_HIGH');
  });

  it('a sellable token with known taxes at most the limits passes; gating is not on isSafe', () => {
    expect(
      checkAcquiredTokens({ reports: [report({ isHoneypot: false, sellTax: 10, buyTax: 10 })] }),
    ).toBeNull();
    expect(
      checkAcquiredTokens({
        reports: [report({ isHoneypot: false, sellTax: 4.9995, buyTax: 2.9995 })],
        maxSellTaxBps: 500,
        maxBuyTaxBps: 300,
      }),
    ).toBeNull();
    expect(
      checkAcquiredTokens({
        reports: [report({ isHoneypot: false, sellTax: 0, buyTax: 3.0001 })],
        maxBuyTaxBps: 300,
      })?.code,
    ).toBe('TOKEN_BUY_TAX_TOO_HIGH');
  });

  it('a confirmed honeypot is blocked whatever the allowed taxes', () => {
    expect(
      checkAcquiredTokens({
        reports: [report({ isHoneypot: true, sellTax: 0 })],
        maxSellTaxBps: 10_000,
        maxBuyTaxBps: 10_000,
      })?.code,
    ).toBe('TOKEN_UNSAFE');
  });

  it('refuses an invalid maxSellTaxBps or maxBuyTaxBps', () => {
    for (const bad of [-1, 10_001, 1.5, Number.NaN]) {
      expect(checkAcquiredTokens({ reports: [], maxSellTaxBps: bad })).toMatchObject({
        code: 'INTENT_INVALID',
        reason: expect.stringContaining('maxSellTaxBps'),
      });
      expect(checkAcquiredTokens({ reports: [], maxBuyTaxBps: bad })).toMatchObject({
        code: 'INTENT_INVALID',
        reason: expect.stringContaining('maxBuyTaxBps'),
      });
    }
  });

  it('property: allowed only when every token is a confirmed non-honeypot without veto and both taxes known and within their limits', () => {
    const tax = fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null });
    const arb = fc.record({
      isHoneypot: fc.constantFrom(true, false, null),
      sellTax: tax,
      buyTax: tax,
      veto: fc.boolean(),
    });
    const limit = fc.integer({ min: 0, max: 10_000 });
    fc.assert(
      fc.property(fc.array(arb, { maxLength: 4 }), limit, limit, (tokens, sellLimit, buyLimit) => {
        const verdict = checkAcquiredTokens({
          reports: tokens.map((t) => report(t, t.veto)),
          maxSellTaxBps: sellLimit,
          maxBuyTaxBps: buyLimit,
        });
        const within = (t: number | null, l: number) => t !== null && Math.ceil(t * 100) <= l;
        const ok = tokens.every(
          (t) =>
            t.isHoneypot === false && !t.veto && within(t.sellTax, sellLimit) && within(t.buyTax, buyLimit),
        );
        expect(verdict === null).toBe(ok);
        // A refusal is TOKEN_SAFETY_UNKNOWN only when nothing is proven harmful.
        const harmful = tokens.some(
          (t) =>
            t.isHoneypot === true ||
            t.veto ||
            (t.sellTax !== null && Math.ceil(t.sellTax * 100) > sellLimit) ||
            (t.buyTax !== null && Math.ceil(t.buyTax * 100) > buyLimit),
        );
        if (verdict !== null) expect(verdict.code === 'TOKEN_SAFETY_UNKNOWN').toBe(!harmful);
      }),
    );
  });
});
