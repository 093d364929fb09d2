import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideHold } from './decideHold.js';
import type { ConfirmMode } from './types.js';

const ETH = 10n ** 18n;
const modes: ConfirmMode[] = [
  { kind: 'off' },
  { kind: 'unknown' },
  { kind: 'all' },
  { kind: 'above', thresholdWei: ETH / 100n },
];

describe('decideHold', () => {
  it('above: strictly more than the threshold waits; at or under it runs', () => {
    const mode: ConfirmMode = { kind: 'above', thresholdWei: ETH / 100n };
    expect(decideHold({ mode, valueWei: (ETH * 2n) / 100n, refusal: null })).toMatchObject({
      kind: 'hold',
      reason: 'above-threshold',
    });
    expect(decideHold({ mode, valueWei: ETH / 100n, refusal: null })).toEqual({ kind: 'proceed' });
  });

  it('unknown value or safety: held in unknown/all modes, refused in off/above', () => {
    for (const code of ['VALUE_UNKNOWN', 'TOKEN_SAFETY_UNKNOWN']) {
      const refusal = { code, reason: 'no data' };
      expect(decideHold({ mode: { kind: 'unknown' }, valueWei: null, refusal }).kind).toBe('hold');
      expect(decideHold({ mode: { kind: 'all' }, valueWei: null, refusal }).kind).toBe('hold');
      expect(decideHold({ mode: { kind: 'off' }, valueWei: null, refusal })).toEqual({
        kind: 'refuse',
        refusal,
      });
      expect(decideHold({ mode: { kind: 'above', thresholdWei: 0n }, valueWei: null, refusal }).kind).toBe(
        'refuse',
      );
    }
  });

  it('all: everything that moves value waits; a zero-value approval runs', () => {
    expect(decideHold({ mode: { kind: 'all' }, valueWei: 1n, refusal: null }).kind).toBe('hold');
    expect(decideHold({ mode: { kind: 'all' }, valueWei: 0n, refusal: null })).toEqual({ kind: 'proceed' });
  });

  it('property: a proven harm is refused in every mode; off never holds; nothing unknown ever proceeds', () => {
    const codes = [
      'TOKEN_UNSAFE',
      'TOKEN_SELL_TAX_TOO_HIGH',
      'TARGET_NOT_ALLOWED',
      'VALUE_UNKNOWN',
      'TOKEN_SAFETY_UNKNOWN',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...modes),
        fc.option(fc.bigInt({ min: 0n, max: 10n * ETH })),
        fc.option(fc.constantFrom(...codes)),
        (mode, valueWei, code) => {
          const refusal = code === null ? null : { code, reason: 'r' };
          const d = decideHold({ mode, valueWei, refusal });
          if (
            code === 'TOKEN_UNSAFE' ||
            code === 'TOKEN_SELL_TAX_TOO_HIGH' ||
            code === 'TARGET_NOT_ALLOWED'
          ) {
            expect(d).toEqual({ kind: 'refuse', refusal });
          }
          if (mode.kind === 'off') expect(d.kind).not.toBe('hold');
          if (refusal !== null || valueWei === null) expect(d.kind).not.toBe('proceed');
        },
      ),
    );
  });

  it('no refusal but no value either: refused as VALUE_UNKNOWN in every mode (fail closed)', () => {
    for (const mode of modes) {
      expect(decideHold({ mode, valueWei: null, refusal: null })).toMatchObject({
        kind: 'refuse',
        refusal: { code: 'VALUE_UNKNOWN' },
      });
    }
  });

  it("all: anything worth more than 0 waits with the reason 'all'", () => {
    expect(decideHold({ mode: { kind: 'all' }, valueWei: 1n, refusal: null })).toMatchObject({
      kind: 'hold',
      reason: 'all',
    });
  });
});
