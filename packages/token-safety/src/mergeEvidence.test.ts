import { describe, expect, it } from 'vitest';
import { mergeEvidence } from './mergeEvidence.js';

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
});
