import { describe, expect, it } from 'vitest';
import { mergeEvidence } from './mergeEvidence.js';
import type { EvidenceFields } from './types.js';

const two = (a: Partial<EvidenceFields>, b: Partial<EvidenceFields>) =>
  mergeEvidence({
    results: [
      { source: 'a', evidence: { fields: a } },
      { source: 'b', evidence: { fields: b } },
    ],
  });

describe('mergeEvidence', () => {
  it('evidence of harm wins for flags and the conflict is reported', () => {
    const { fields, conflicts, fieldSources } = mergeEvidence({
      results: [
        {
          source: 'goplus',
          evidence: { fields: { isHoneypot: false, isOpenSource: true, isMintable: false } },
        },
        {
          source: 'other',
          evidence: { fields: { isHoneypot: true, isOpenSource: false, isMintable: false } },
        },
      ],
    });
    expect(fields).toMatchObject({ isHoneypot: true, isOpenSource: false, isMintable: false });
    expect(conflicts.map((c) => c.field).sort()).toEqual(['isHoneypot', 'isOpenSource']);
    expect(conflicts.find((c) => c.field === 'isHoneypot')?.values).toEqual([
      { source: 'goplus', value: false },
      { source: 'other', value: true },
    ]);
    expect(fieldSources.isHoneypot).toEqual(['goplus', 'other']);
  });

  it('a failed sell makes the token a honeypot even when a database says it is not', () => {
    const { fields, conflicts } = mergeEvidence({
      results: [
        { source: 'goplus', evidence: { fields: { isHoneypot: false } } },
        { source: 'onchain-simulation', evidence: { fields: { canSell: false, canBuy: true } } },
      ],
    });
    expect(fields.isHoneypot).toBe(true);
    expect(conflicts[0]).toMatchObject({
      field: 'isHoneypot',
      resolution: 'a failed sell is evidence of a honeypot and wins',
    });
  });

  it('highest tax and lowest liquidity win; small tax differences are not conflicts', () => {
    const { fields, conflicts } = mergeEvidence({
      results: [
        { source: 'a', evidence: { fields: { sellTax: 5, buyTax: 0, liquidityUsd: 100_000 } } },
        { source: 'b', evidence: { fields: { sellTax: 5.4, buyTax: 3, liquidityUsd: 80_000 } } },
      ],
    });
    expect(fields).toMatchObject({ sellTax: 5.4, buyTax: 3, liquidityUsd: 80_000 });
    expect(conflicts.map((c) => c.field).sort()).toEqual(['buyTax', 'liquidityUsd']);
  });

  it('nothing in, nothing known', () => {
    expect(mergeEvidence({ results: [] })).toEqual({
      fields: {},
      conflicts: [],
      fieldSources: {},
      rejected: [],
    });
  });

  it('invalid values never count as known: a garbled flag or NaN tax leaves the field unknown', () => {
    const { fields, rejected, fieldSources } = mergeEvidence({
      results: [
        { source: 'goplus', evidence: { fields: { isHoneypot: false, sellTax: 0, liquidityUsd: 1e6 } } },
        {
          source: 'plugin',
          // A plain-JS source: the string "true" must not be read as "not true".
          evidence: {
            fields: { isHoneypot: 'true', sellTax: Number.NaN, liquidityUsd: -5, bogus: 1 } as never,
          },
        },
      ],
    });
    expect(fields.isHoneypot).toBeUndefined();
    expect(fields.sellTax).toBeUndefined();
    expect(fields.liquidityUsd).toBeUndefined();
    expect(fieldSources.isHoneypot).toBeUndefined();
    expect(rejected).toEqual([
      { source: 'plugin', field: 'isHoneypot', value: '"true"' },
      { source: 'plugin', field: 'sellTax', value: 'NaN' },
      { source: 'plugin', field: 'liquidityUsd', value: '-5' },
      { source: 'plugin', field: 'bogus', value: '1' },
    ]);
  });

  it('a verdict of harm from a valid value survives another source’s invalid value', () => {
    const { fields } = mergeEvidence({
      results: [
        { source: 'a', evidence: { fields: { isHoneypot: true, canSell: false } } },
        { source: 'b', evidence: { fields: { isHoneypot: 0, canSell: 'yes' } as never } },
      ],
    });
    expect(fields).toMatchObject({ isHoneypot: true, canSell: false });
  });

  it('a valid harmful number survives another source’s garbage for the same field', () => {
    const { fields } = mergeEvidence({
      results: [
        { source: 'a', evidence: { fields: { sellTax: 60, buyTax: 25, liquidityUsd: 900 } } },
        {
          source: 'b',
          evidence: { fields: { sellTax: 'zero', buyTax: Number.NaN, liquidityUsd: -1 } as never },
        },
      ],
    });
    expect(fields).toMatchObject({ sellTax: 60, buyTax: 25, liquidityUsd: 900 });
  });

  it('a valid number that would read as harmless stays unknown when another source sent garbage', () => {
    const { fields } = mergeEvidence({
      results: [
        { source: 'a', evidence: { fields: { sellTax: 5, buyTax: 10, liquidityUsd: 5e6 } } },
        { source: 'b', evidence: { fields: { sellTax: -1, buyTax: 'x', liquidityUsd: 'lots' } as never } },
      ],
    });
    expect(fields.sellTax).toBeUndefined();
    expect(fields.buyTax).toBeUndefined();
    expect(fields.liquidityUsd).toBeUndefined();
  });

  const harmWhenTrue = [
    'isHoneypot',
    'cannotSellAll',
    'isProxy',
    'isMintable',
    'ownerChangeBalance',
    'hiddenOwner',
    'canTakeBackOwnership',
    'selfDestruct',
    'transferPausable',
    'isBlacklisted',
    'slippageModifiable',
    'tradingCooldown',
    'isFreezable',
    'hasPermanentDelegate',
    'nonTransferable',
    'hasTransferHook',
    'defaultAccountFrozen',
  ] as const;
  it.each(harmWhenTrue)('%s: any true wins, whatever the order', (field) => {
    for (const [a, b] of [
      [false, true],
      [true, false],
    ]) {
      const { fields, conflicts } = two({ [field]: a }, { [field]: b });
      expect(fields[field]).toBe(true);
      expect(conflicts).toEqual([
        {
          field,
          values: [
            { source: 'a', value: a },
            { source: 'b', value: b },
          ],
          resolution: 'evidence of harm wins (true)',
        },
      ]);
    }
    expect(two({ [field]: false }, { [field]: false }).fields[field]).toBe(false);
  });

  it.each(['canBuy', 'canSell', 'isOpenSource', 'trustListed'] as const)(
    '%s: any false wins, whatever the order',
    (field) => {
      for (const [a, b] of [
        [true, false],
        [false, true],
      ]) {
        const { fields, conflicts } = two({ [field]: a }, { [field]: b });
        expect(fields[field]).toBe(false);
        expect(conflicts.find((c) => c.field === field)?.resolution).toBe('evidence of harm wins (false)');
      }
      expect(two({ [field]: true }, { [field]: true }).fields[field]).toBe(true);
    },
  );

  it.each([
    'buyTax',
    'sellTax',
    'topHolderPercent',
    'top10HolderPercent',
    'transferFeeBps',
    'pairCreatedAt',
  ] as const)('%s: the highest value wins', (field) => {
    expect(two({ [field]: 30 }, { [field]: 7 }).fields[field]).toBe(30);
    const { fields, conflicts } = two({ [field]: 7 }, { [field]: 30 });
    expect(fields[field]).toBe(30);
    // The newest pair is the worst, but pair ages are never reported as conflicts.
    expect(conflicts.map((c) => c.resolution)).toEqual(
      field === 'pairCreatedAt' ? [] : ['the worst (highest) value wins'],
    );
  });

  it.each(['liquidityUsd', 'volume24hUsd', 'lpLockedPercent'] as const)(
    '%s: the lowest value wins',
    (field) => {
      expect(two({ [field]: 7 }, { [field]: 30 }).fields[field]).toBe(7);
      const { fields, conflicts } = two({ [field]: 30 }, { [field]: 7 });
      expect(fields[field]).toBe(7);
      expect(conflicts.map((c) => c.resolution)).toEqual(['the worst (lowest) value wins']);
    },
  );

  it('any other field: the first source in order wins, and a disagreement is a conflict', () => {
    const { fields, conflicts } = two(
      { holderCount: 5, mintAuthority: 'A', decimals: 6, supply: '10' },
      { holderCount: 3, mintAuthority: 'B', decimals: 6, supply: '20' },
    );
    expect(fields).toEqual({ holderCount: 5, mintAuthority: 'A', decimals: 6, supply: '10' });
    expect(conflicts.map((c) => [c.field, c.resolution])).toEqual([
      ['holderCount', 'the first source in order wins'],
      ['mintAuthority', 'the first source in order wins'],
      ['supply', 'the first source in order wins'],
    ]);
  });

  it('taxes conflict only when they differ by more than one point', () => {
    for (const field of ['buyTax', 'sellTax'] as const) {
      expect(two({ [field]: 5 }, { [field]: 6 }).conflicts).toEqual([]);
      expect(two({ [field]: 5 }, { [field]: 6.01 }).conflicts.map((c) => c.field)).toEqual([field]);
    }
    // Any other number conflicts on any difference.
    expect(two({ topHolderPercent: 5 }, { topHolderPercent: 5.5 }).conflicts.map((c) => c.field)).toEqual([
      'topHolderPercent',
    ]);
  });

  // When another source sent garbage for the field, a valid value is kept only when it is harmful on its own.
  const harmfulAlone: [keyof EvidenceFields, number, number][] = [
    ['buyTax', 10, 10.5],
    ['sellTax', 10, 10.5],
    ['transferFeeBps', 1_000, 1_001],
    ['topHolderPercent', 20, 20.5],
    ['top10HolderPercent', 50, 50.5],
    ['liquidityUsd', 50_000, 49_999],
    ['volume24hUsd', 1_000, 999],
    ['lpLockedPercent', 50, 49.5],
  ];
  it.each(harmfulAlone)('%s beside garbage: %d stays unknown, %d is kept', (field, harmless, harmful) => {
    const garbage = { [field]: 'garbage' } as never;
    expect(two({ [field]: harmless }, garbage).fields[field]).toBeUndefined();
    expect(two(garbage, { [field]: harmful }).fields[field]).toBe(harmful);
    expect(two(garbage, { [field]: harmful }).fieldSources[field]).toEqual(['b']);
  });

  it('beside garbage, a harmless flag stays unknown and a number field without a harm rule too', () => {
    expect(two({ isMintable: false }, { isMintable: 'no' } as never).fields.isMintable).toBeUndefined();
    expect(two({ canBuy: true }, { canBuy: 1 } as never).fields.canBuy).toBeUndefined();
    expect(two({ canBuy: false }, { canBuy: 1 } as never).fields.canBuy).toBe(false);
    expect(two({ holderCount: 10 }, { holderCount: -1 } as never).fields.holderCount).toBeUndefined();
    expect(two({ pairCreatedAt: 5 }, { pairCreatedAt: 'x' } as never).fields.pairCreatedAt).toBeUndefined();
  });

  it('a source without evidence is rejected as a whole, not a crash', () => {
    const { fields, rejected } = mergeEvidence({
      results: [
        { source: 'broken', evidence: undefined as never },
        { source: 'null', evidence: null as never },
        { source: 'ok', evidence: { fields: { isProxy: true } } },
      ],
    });
    expect(fields).toEqual({ isProxy: true });
    expect(rejected).toEqual([
      { source: 'broken', field: '(fields)', value: 'undefined' },
      { source: 'null', field: '(fields)', value: 'undefined' },
    ]);
  });

  it('a failed sell makes it a honeypot: the conflict lists the verdicts and only the failed sells', () => {
    const { fields, conflicts } = mergeEvidence({
      results: [
        { source: 'goplus', evidence: { fields: { isHoneypot: false, canSell: true } } },
        { source: 'sim', evidence: { fields: { canSell: false } } },
        { source: 'sim2', evidence: { fields: { canSell: false } } },
      ],
    });
    expect(fields).toMatchObject({ isHoneypot: true, canSell: false });
    expect(
      conflicts.find((c) => c.resolution === 'a failed sell is evidence of a honeypot and wins'),
    ).toEqual({
      field: 'isHoneypot',
      values: [
        { source: 'goplus', value: false },
        { source: 'sim (canSell)', value: false },
        { source: 'sim2 (canSell)', value: false },
      ],
      resolution: 'a failed sell is evidence of a honeypot and wins',
    });
    // No honeypot verdict at all: it becomes one, with nothing to contradict.
    const alone = mergeEvidence({ results: [{ source: 'sim', evidence: { fields: { canSell: false } } }] });
    expect(alone.fields).toEqual({ canSell: false, isHoneypot: true });
    expect(alone.conflicts).toEqual([]);
    // A sell that works changes nothing.
    expect(
      mergeEvidence({ results: [{ source: 's', evidence: { fields: { canSell: true } } }] }).fields,
    ).toEqual({
      canSell: true,
    });
  });
});
