import { describe, expect, it } from 'vitest';
import { checkDepositShares } from './checkDepositShares.js';

const result = (shares: unknown) => ({ deposit: { vault: '0x1', asset: '0x2', assets: '100', shares } });

describe('checkDepositShares', () => {
  it('passes at or above the minimum, and says how many', () => {
    expect(checkDepositShares({ result: result('990099'), minShares: 990_099n })).toEqual({
      ok: true,
      shares: 990_099n,
    });
    expect(checkDepositShares({ result: result('990100'), minShares: 990_099n }).ok).toBe(true);
  });

  it('one share short of the preview → DEPOSIT_SHARES_SHORT with the count', () => {
    expect(checkDepositShares({ result: result('990098'), minShares: 990_099n })).toMatchObject({
      ok: false,
      code: 'DEPOSIT_SHARES_SHORT',
      shares: 990_098n,
    });
  });

  it.each([
    ['no result', null],
    ['no deposit', {}],
    ['a number instead of a decimal string', result(5)],
    ['a negative', result('-1')],
    ['hex', result('0x10')],
  ])('%s → DEPOSIT_SHARES_UNVERIFIED (never assumed)', (_name, r) => {
    expect(checkDepositShares({ result: r, minShares: 1n })).toMatchObject({
      ok: false,
      code: 'DEPOSIT_SHARES_UNVERIFIED',
      shares: null,
    });
  });
});
