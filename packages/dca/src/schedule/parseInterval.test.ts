import { describe, expect, it } from 'vitest';
import { parseInterval } from './parseInterval.js';

describe('parseInterval', () => {
  it.each([
    ['hourly', { kind: 'seconds', seconds: 3600 }],
    ['daily', { kind: 'seconds', seconds: 86_400 }],
    ['weekly', { kind: 'seconds', seconds: 604_800 }],
    ['biweekly', { kind: 'seconds', seconds: 1_209_600 }],
    ['monthly', { kind: 'months', months: 1 }],
    [60, { kind: 'seconds', seconds: 60 }],
    [
      { kind: 'months', months: 12 },
      { kind: 'months', months: 12 },
    ],
    [
      { kind: 'seconds', seconds: 31_622_400 },
      { kind: 'seconds', seconds: 31_622_400 },
    ],
  ])('%j means %j', (input, expected) => {
    expect(parseInterval(input)).toEqual(expected);
  });

  it.each([
    59,
    60.5,
    31_622_401,
    -60,
    '60',
    'fortnightly',
    'toString',
    'constructor',
    null,
    undefined,
    true,
    {},
    { kind: 'months', months: 0 },
    { kind: 'months', months: 13 },
    { kind: 'days', days: 1 },
  ])('refuses %j', (input) => {
    expect(() => parseInterval(input)).toThrow(
      expect.objectContaining({ code: 'DCA_VALIDATION_FAILED', field: 'interval' }),
    );
  });

  it('an object of an unknown kind is not read as months', () => {
    expect(() => parseInterval({ kind: 'days', months: 1 })).toThrow(
      /expected seconds, a name or an interval/,
    );
  });
});
