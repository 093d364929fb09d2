import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSafetyScore } from './computeSafetyScore.js';
import { CORE_FIELDS } from './coreFields.js';
import type { EvidenceFields } from './types.js';

const NOW = 1_760_000_000_000;
/** Every EVM core field known and clean, plus good liquidity. */
const CLEAN: Partial<EvidenceFields> = {
  isHoneypot: false,
  buyTax: 0,
  sellTax: 0,
  cannotSellAll: false,
  isOpenSource: true,
  isProxy: false,
  isMintable: false,
  ownerChangeBalance: false,
  hiddenOwner: false,
  canTakeBackOwnership: false,
  selfDestruct: false,
  transferPausable: false,
  isBlacklisted: false,
  liquidityUsd: 1_000_000,
};

describe('computeSafetyScore', () => {
  it('a fully known clean token scores 100 and is safe', () => {
    const result = computeSafetyScore({ fields: CLEAN, kind: 'evm', now: NOW });
    expect(result).toMatchObject({ score: 100, isSafe: true, riskLevel: 'low', vetoed: false, cap: 100 });
    expect(result.factors).toEqual([]);
    expect(result.coverage).toEqual({ known: 14, total: 14, ratio: 1, missing: [] });
  });

  const table: [string, Partial<EvidenceFields>, string, number, boolean][] = [
    ['honeypot', { isHoneypot: true }, 'honeypot', -100, true],
    ['sell fails', { canSell: false }, 'sell-fails', -100, true],
    ['owner can change balances', { ownerChangeBalance: true }, 'owner-change-balance', -100, true],
    ['hidden owner', { hiddenOwner: true }, 'hidden-owner', -100, true],
    ['take back ownership', { canTakeBackOwnership: true }, 'can-take-back-ownership', -100, true],
    ['self-destruct', { selfDestruct: true }, 'self-destruct', -100, true],
    ['cannot sell all', { cannotSellAll: true }, 'cannot-sell-all', -100, true],
    ['sell tax 50%', { sellTax: 50 }, 'sell-tax-extreme', -100, true],
    ['sell tax 3%', { sellTax: 3 }, 'sell-tax', -5, false],
    ['sell tax 8%', { sellTax: 8 }, 'sell-tax', -10, false],
    ['sell tax 20%', { sellTax: 20 }, 'sell-tax', -25, false],
    ['buy tax 5%', { buyTax: 5 }, 'buy-tax', -5, false],
    ['buy tax 60%', { buyTax: 60 }, 'buy-tax', -40, false],
    ['closed source', { isOpenSource: false }, 'closed-source', -25, false],
    ['proxy', { isProxy: true }, 'proxy', -10, false],
    ['mintable', { isMintable: true }, 'mintable', -15, false],
    ['pausable', { transferPausable: true }, 'transfer-pausable', -20, false],
    ['blacklist', { isBlacklisted: true }, 'blacklist', -15, false],
    ['slippage modifiable', { slippageModifiable: true }, 'slippage-modifiable', -20, false],
    ['cooldown', { tradingCooldown: true }, 'trading-cooldown', -10, false],
    ['cannot buy', { canBuy: false }, 'cannot-buy', -30, false],
    ['liquidity $5k', { liquidityUsd: 5_000 }, 'low-liquidity', -25, false],
    ['liquidity $20k', { liquidityUsd: 20_000 }, 'low-liquidity', -10, false],
    ['top holder 60%', { topHolderPercent: 60 }, 'holder-concentration', -20, false],
    ['top holder 30%', { topHolderPercent: 30 }, 'holder-concentration', -10, false],
    ['LP 10% locked', { lpLockedPercent: 10 }, 'lp-unlocked', -5, false],
    ['pair 2 h old', { pairCreatedAt: NOW - 7_200_000 }, 'young-pair', -10, false],
    ['pair 3 days old', { pairCreatedAt: NOW - 3 * 86_400_000 }, 'young-pair', -5, false],
    ['trust listed', { trustListed: true }, 'trust-listed', 10, false],
  ];
  it.each(table)('%s → factor %s', (_name, change, id, points, veto) => {
    const result = computeSafetyScore({ fields: { ...CLEAN, ...change }, kind: 'evm', now: NOW });
    const factor = result.factors.find((f) => f.id === id);
    expect(factor).toMatchObject({ id, points, veto });
    expect(factor?.reason.length).toBeGreaterThan(5);
    const expected = veto ? 0 : Math.min(100, 100 + points);
    expect(result.score).toBe(expected);
    expect(result.vetoed).toBe(veto);
    if (veto) expect(result.riskLevel).toBe('critical');
  });

  const DAY = 86_400_000;
  // Each rule at its edges, on the clean token: exactly these factors (id, points, veto) and nothing else.
  // A change to CLEAN; a field set to undefined is removed (unknown).
  type Change = { [K in keyof EvidenceFields]?: EvidenceFields[K] | undefined };
  const edges: [string, Change, [string, number, boolean][]][] = [
    ['sell tax 0%', { sellTax: 0 }, []],
    ['sell tax 0.01%', { sellTax: 0.01 }, [['sell-tax', -5, false]]],
    ['sell tax 5%', { sellTax: 5 }, [['sell-tax', -5, false]]],
    ['sell tax 5.01%', { sellTax: 5.01 }, [['sell-tax', -10, false]]],
    ['sell tax 10%', { sellTax: 10 }, [['sell-tax', -10, false]]],
    ['sell tax 10.01%', { sellTax: 10.01 }, [['sell-tax', -25, false]]],
    ['sell tax 49.99%', { sellTax: 49.99 }, [['sell-tax', -25, false]]],
    ['sell tax 50%', { sellTax: 50 }, [['sell-tax-extreme', -100, true]]],
    ['sell tax 100%', { sellTax: 100 }, [['sell-tax-extreme', -100, true]]],
    ['buy tax 0.01%', { buyTax: 0.01 }, [['buy-tax', -5, false]]],
    ['buy tax 5.01%', { buyTax: 5.01 }, [['buy-tax', -10, false]]],
    ['buy tax 10%', { buyTax: 10 }, [['buy-tax', -10, false]]],
    ['buy tax 10.01%', { buyTax: 10.01 }, [['buy-tax', -25, false]]],
    ['buy tax 50%', { buyTax: 50 }, [['buy-tax', -25, false]]],
    ['buy tax 50.01%', { buyTax: 50.01 }, [['buy-tax', -40, false]]],
    ['liquidity $9,999', { liquidityUsd: 9_999 }, [['low-liquidity', -25, false]]],
    ['liquidity $10,000', { liquidityUsd: 10_000 }, [['low-liquidity', -10, false]]],
    ['liquidity $49,999', { liquidityUsd: 49_999 }, [['low-liquidity', -10, false]]],
    ['liquidity $50,000', { liquidityUsd: 50_000 }, []],
    ['top holder 20%', { topHolderPercent: 20 }, []],
    ['top holder 20.1%', { topHolderPercent: 20.1 }, [['holder-concentration', -10, false]]],
    ['top holder 50%', { topHolderPercent: 50 }, [['holder-concentration', -10, false]]],
    ['top holder 50.1%', { topHolderPercent: 50.1 }, [['holder-concentration', -20, false]]],
    ['LP 49.9% locked', { lpLockedPercent: 49.9 }, [['lp-unlocked', -5, false]]],
    ['LP 50% locked', { lpLockedPercent: 50 }, []],
    ['pair 1 day − 1 ms old', { pairCreatedAt: NOW - DAY + 1 }, [['young-pair', -10, false]]],
    ['pair 1 day old', { pairCreatedAt: NOW - DAY }, [['young-pair', -5, false]]],
    ['pair 7 days − 1 ms old', { pairCreatedAt: NOW - 7 * DAY + 1 }, [['young-pair', -5, false]]],
    ['pair 7 days old', { pairCreatedAt: NOW - 7 * DAY }, []],
    ['sells', { canSell: true, canBuy: true, isOpenSource: true, trustListed: false }, []],
    ['honeypot and failed sell', { isHoneypot: true, canSell: false }, [['honeypot', -100, true]]],
    ['permanent delegate', { hasPermanentDelegate: true }, [['permanent-delegate', -100, true]]],
    ['non-transferable', { nonTransferable: true }, [['non-transferable', -100, true]]],
    ['freezable', { isFreezable: true }, [['freezable', -25, false]]],
    ['transfer hook', { hasTransferHook: true }, [['transfer-hook', -15, false]]],
    ['default frozen', { defaultAccountFrozen: true }, [['default-frozen', -25, false]]],
    ['clean Solana flags', { isFreezable: false, hasPermanentDelegate: false, nonTransferable: false }, []],
    ['honeypot unknown', { isHoneypot: undefined }, [['honeypot-unknown', -40, false]]],
    ['buy tax unknown', { buyTax: undefined }, [['buy-tax-unknown', -10, false]]],
    ['sell tax unknown', { sellTax: undefined }, [['sell-tax-unknown', -10, false]]],
    ['liquidity unknown', { liquidityUsd: undefined }, [['liquidity-unknown', -10, false]]],
  ];
  it.each(edges)('%s → exactly these factors', (_name, change, expected) => {
    const fields = Object.fromEntries(
      Object.entries({ ...CLEAN, ...change }).filter(([, v]) => v !== undefined),
    ) as Partial<EvidenceFields>;
    const result = computeSafetyScore({ fields, kind: 'evm', now: NOW });
    expect(result.factors.map((f) => [f.id, f.points, f.veto])).toEqual(expected);
    const vetoed = expected.some(([, , veto]) => veto);
    expect(result.vetoed).toBe(vetoed);
    const raw = 100 + expected.reduce((sum, [, points]) => sum + points, 0);
    if (vetoed) expect(result.score).toBe(0);
    else expect(result.score).toBe(Math.min(raw, result.cap));
  });

  it('isSafe needs proof: a confirmed non-honeypot, both taxes known and at most 10%, and the score', () => {
    const safe = (fields: Partial<EvidenceFields>, threshold?: number) =>
      computeSafetyScore({
        fields,
        kind: 'evm',
        now: NOW,
        ...(threshold === undefined ? {} : { threshold }),
      });
    // Both taxes exactly 10%: 100 − 10 − 10 = 80, safe.
    expect(safe({ ...CLEAN, buyTax: 10, sellTax: 10, canSell: true })).toMatchObject({
      score: 80,
      isSafe: true,
      riskLevel: 'low',
    });
    // A score exactly at the threshold is enough.
    expect(safe({ ...CLEAN, buyTax: 10, sellTax: 10 }, 80)).toMatchObject({ isSafe: true, riskLevel: 'low' });
    expect(safe({ ...CLEAN, buyTax: 10, sellTax: 10 }, 81)).toMatchObject({
      isSafe: false,
      riskLevel: 'medium',
    });
    // One tax unknown: the score passes (capped at 92, −10) but nothing proves the tax low.
    const { sellTax: _s, ...noSellTax } = CLEAN;
    expect(safe(noSellTax)).toMatchObject({ score: 90, isSafe: false, riskLevel: 'unknown' });
    const { buyTax: _b, ...noBuyTax } = CLEAN;
    expect(safe(noBuyTax)).toMatchObject({ score: 90, isSafe: false, riskLevel: 'unknown' });
    // No honeypot verdict: never safe, even with a threshold of 0.
    const { isHoneypot: _h, ...noVerdict } = CLEAN;
    expect(safe(noVerdict, 0)).toMatchObject({ score: 40, isSafe: false, riskLevel: 'unknown' });
  });

  it('risk level: unknown when coverage caps below the threshold (not at it), else medium from 50, high below', () => {
    const risk = (fields: Partial<EvidenceFields>, threshold?: number) =>
      computeSafetyScore({
        fields,
        kind: 'evm',
        now: NOW,
        ...(threshold === undefined ? {} : { threshold }),
      });
    const { liquidityUsd: _l, ...noLiquidity } = CLEAN; // 13 of 14 known: cap 92
    expect(risk({ ...noLiquidity, isMintable: true, isProxy: true }, 93)).toMatchObject({
      cap: 92,
      riskLevel: 'unknown',
    });
    expect(risk({ ...noLiquidity, isMintable: true, isProxy: true }, 92)).toMatchObject({
      cap: 92,
      score: 65,
      riskLevel: 'medium',
    });
    // 100 − 25 − 25 = 50: medium; 100 − 25 − 25 − 5 = 45: high.
    expect(risk({ ...CLEAN, isOpenSource: false, isFreezable: true })).toMatchObject({
      score: 50,
      riskLevel: 'medium',
    });
    expect(risk({ ...CLEAN, isOpenSource: false, isFreezable: true, lpLockedPercent: 0 })).toMatchObject({
      score: 45,
      riskLevel: 'high',
    });
  });

  it('refuses a threshold that is not an integer from 0 to 100, and a kind it does not know', () => {
    for (const threshold of [-1, 101, 50.5, Number.NaN]) {
      expect(() => computeSafetyScore({ fields: CLEAN, kind: 'evm', now: NOW, threshold })).toThrow(
        /Invalid parameter threshold/,
      );
    }
    for (const threshold of [0, 100]) {
      expect(computeSafetyScore({ fields: CLEAN, kind: 'evm', now: NOW, threshold }).isSafe).toBe(true);
    }
    expect(() => computeSafetyScore({ fields: CLEAN, kind: 'tron' as never, now: NOW })).toThrow(
      /Invalid parameter kind/,
    );
    expect(computeSafetyScore({ fields: {}, kind: 'solana', now: NOW }).coverage.total).toBe(9);
  });

  it('unknown core fields cap the score at floor(coverage × 100), and 40 without a honeypot verdict', () => {
    const onlySimulation = computeSafetyScore({
      fields: { isHoneypot: false, canSell: true, buyTax: 0, sellTax: 0, cannotSellAll: false },
      kind: 'evm',
      now: NOW,
    });
    expect(onlySimulation.coverage.known).toBe(4);
    expect(onlySimulation.cap).toBe(28);
    expect(onlySimulation.score).toBe(28);
    expect(onlySimulation.isSafe).toBe(false);
    expect(onlySimulation.riskLevel).toBe('unknown');
    const noHoneypot = computeSafetyScore({
      fields: { ...CLEAN, isHoneypot: undefined as never },
      kind: 'evm',
      now: NOW,
    });
    expect(noHoneypot.cap).toBe(40);
    expect(noHoneypot.isSafe).toBe(false);
    const nothing = computeSafetyScore({ fields: {}, kind: 'solana', now: NOW });
    expect(nothing).toMatchObject({ score: 0, isSafe: false, riskLevel: 'unknown' });
    expect(nothing.coverage.missing).toEqual([...CORE_FIELDS.solana]);
  });

  it('the threshold decides isSafe and is validated', () => {
    const fields = { ...CLEAN, isMintable: true, isProxy: true, transferPausable: true }; // 55
    expect(computeSafetyScore({ fields, kind: 'evm', now: NOW })).toMatchObject({
      score: 55,
      isSafe: false,
      riskLevel: 'medium',
    });
    expect(computeSafetyScore({ fields, kind: 'evm', now: NOW, threshold: 50 }).isSafe).toBe(true);
    expect(() => computeSafetyScore({ fields, kind: 'evm', now: NOW, threshold: 101 })).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMETER' }),
    );
  });

  it('invalid values are unknown, not known-and-clean (NaN tax, string flags, out-of-range percent)', () => {
    const result = computeSafetyScore({
      fields: { ...CLEAN, isHoneypot: 'false', sellTax: Number.NaN, buyTax: 150 } as never,
      kind: 'evm',
      now: NOW,
    });
    expect(result.coverage.missing).toEqual(['isHoneypot', 'buyTax', 'sellTax']);
    expect(result.factors.map((f) => f.id)).toEqual(
      expect.arrayContaining(['honeypot-unknown', 'buy-tax-unknown', 'sell-tax-unknown']),
    );
    expect(result.isSafe).toBe(false);
    expect(() => computeSafetyScore({ fields: CLEAN, kind: 'tron' as never, now: NOW })).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMETER' }),
    );
  });

  const bool = fc.option(fc.boolean(), { nil: undefined });
  const pct = fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: undefined });
  const arbitraryFields = fc.record(
    {
      isHoneypot: bool,
      buyTax: pct,
      sellTax: pct,
      canBuy: bool,
      canSell: bool,
      cannotSellAll: bool,
      isOpenSource: bool,
      isProxy: bool,
      isMintable: bool,
      ownerChangeBalance: bool,
      hiddenOwner: bool,
      canTakeBackOwnership: bool,
      selfDestruct: bool,
      transferPausable: bool,
      isBlacklisted: bool,
      slippageModifiable: bool,
      tradingCooldown: bool,
      trustListed: bool,
      topHolderPercent: pct,
      lpLockedPercent: pct,
      liquidityUsd: fc.option(fc.double({ min: 0, max: 1e10, noNaN: true }), { nil: undefined }),
      pairCreatedAt: fc.option(fc.integer({ min: 0, max: NOW }), { nil: undefined }),
      isFreezable: bool,
      hasPermanentDelegate: bool,
      nonTransferable: bool,
      hasTransferHook: bool,
      defaultAccountFrozen: bool,
      transferFeeBps: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<Partial<EvidenceFields>>;
  const strip = (f: Partial<EvidenceFields>) =>
    Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as Partial<EvidenceFields>;

  it('property: score is an integer in 0–100, any veto → 0, unknown honeypot → not safe, low ⇔ safe', () => {
    fc.assert(
      fc.property(
        arbitraryFields,
        fc.constantFrom<'evm' | 'solana'>('evm', 'solana'),
        fc.integer({ min: 0, max: 100 }),
        (raw, kind, threshold) => {
          const fields = strip(raw);
          const r = computeSafetyScore({ fields, kind, threshold, now: NOW });
          expect(Number.isInteger(r.score)).toBe(true);
          expect(r.score).toBeGreaterThanOrEqual(0);
          expect(r.score).toBeLessThanOrEqual(100);
          expect(r.score).toBeLessThanOrEqual(r.cap);
          if (r.factors.some((f) => f.veto)) expect(r.score).toBe(0);
          if (fields.isHoneypot !== false) expect(r.isSafe).toBe(false);
          if (
            fields.isHoneypot === true ||
            fields.ownerChangeBalance === true ||
            (fields.sellTax ?? 0) >= 50
          ) {
            expect(r.isSafe).toBe(false);
            expect(r.score).toBe(0);
          }
          expect(r.riskLevel === 'low').toBe(r.isSafe);
          if (r.isSafe) expect(r.score).toBeGreaterThanOrEqual(threshold);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: learning a harmful fact never raises the score', () => {
    fc.assert(
      fc.property(arbitraryFields, (raw) => {
        const fields = strip(raw);
        const before = computeSafetyScore({ fields, kind: 'evm', now: NOW });
        const after = computeSafetyScore({ fields: { ...fields, isHoneypot: true }, kind: 'evm', now: NOW });
        expect(after.score).toBeLessThanOrEqual(before.score);
        expect(after.isSafe).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
