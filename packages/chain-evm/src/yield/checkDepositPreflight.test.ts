import { describe, expect, it } from 'vitest';
import { checkDepositPreflight, type DepositPreflightReads } from './checkDepositPreflight.js';

const E6 = 1_000_000n;
const reads = (o: Partial<DepositPreflightReads> = {}): DepositPreflightReads => ({
  maxDeposit: (1n << 256n) - 1n,
  previewShares: 952_380_952n,
  convertShares: 952_380_952n,
  totalSupply: 1_000_000n * E6,
  shareDecimals: 6,
  ...o,
});

describe('checkDepositPreflight', () => {
  it('passes a deposit within every bound and asks for at least the previewed shares after the receipt', () => {
    expect(checkDepositPreflight({ amount: 1_000n * E6, reads: reads() })).toEqual({
      ok: true,
      minShares: 952_380_952n,
      shortfallBps: 0,
    });
  });

  it.each([
    {
      name: 'maxDeposit below the amount (a capped vault with 500 left, asked 600)',
      amount: 600n * E6,
      reads: reads({ maxDeposit: 500n * E6 }),
      code: 'DEPOSIT_ABOVE_MAX',
    },
    {
      name: 'maxDeposit 0 (paused or full)',
      amount: 1n,
      reads: reads({ maxDeposit: 0n }),
      code: 'DEPOSIT_ABOVE_MAX',
    },
    {
      name: 'a 2% entry fee against a 50 bps tolerance',
      amount: 1_000n * E6,
      reads: reads({ previewShares: 980_392_157n, convertShares: 1_000_000_000n }),
      code: 'DEPOSIT_PREVIEW_UNFAVOURABLE',
    },
    {
      name: 'a near-empty vault (less than one whole share in supply)',
      amount: 1_000n * E6,
      reads: reads({ totalSupply: 999_999n }),
      code: 'VAULT_SUPPLY_TOO_SMALL',
    },
    {
      name: 'an empty vault, even when everything else looks fine',
      amount: 1_000n * E6,
      reads: reads({ totalSupply: 0n }),
      code: 'VAULT_SUPPLY_TOO_SMALL',
    },
    {
      name: 'a preview of 0 shares',
      amount: 1n,
      reads: reads({ previewShares: 0n, convertShares: 0n }),
      code: 'DEPOSIT_MINTS_NOTHING',
    },
  ])('refuses: $name', ({ amount, reads: r, code }) => {
    const result = checkDepositPreflight({ amount, reads: r });
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ code });
  });

  it('the tolerance is inclusive and the shortfall is rounded up (50.01 bps is over 50)', () => {
    const convertShares = 1_000_000n;
    expect(
      checkDepositPreflight({
        amount: 1n,
        reads: reads({ convertShares, previewShares: 995_000n }),
        toleranceBps: 50,
      }),
    ).toMatchObject({ ok: true, shortfallBps: 50 });
    expect(
      checkDepositPreflight({
        amount: 1n,
        reads: reads({ convertShares, previewShares: 994_999n }),
        toleranceBps: 50,
      }),
    ).toMatchObject({ ok: false, code: 'DEPOSIT_PREVIEW_UNFAVOURABLE', shortfallBps: 51 });
    // A preview above the ideal is no shortfall.
    expect(
      checkDepositPreflight({
        amount: 1n,
        reads: reads({ convertShares, previewShares: 1_000_001n }),
        toleranceBps: 0,
      }),
    ).toMatchObject({ ok: true, shortfallBps: 0 });
  });

  it('the minimum supply is configurable, and parameters are validated', () => {
    expect(
      checkDepositPreflight({ amount: 1n, reads: reads({ totalSupply: 5n * E6 }), minSupplyShares: 10n }),
    ).toMatchObject({ ok: false, code: 'VAULT_SUPPLY_TOO_SMALL' });
    expect(() => checkDepositPreflight({ amount: 0n, reads: reads() })).toThrow(
      expect.objectContaining({ code: 'INVALID_YIELD_PARAMETER' }),
    );
    expect(() => checkDepositPreflight({ amount: 1n, reads: reads(), toleranceBps: 10_001 })).toThrow(
      expect.objectContaining({ code: 'INVALID_YIELD_PARAMETER' }),
    );
    expect(() => checkDepositPreflight({ amount: 1n, reads: reads(), toleranceBps: 1.5 })).toThrow(
      expect.objectContaining({ code: 'INVALID_YIELD_PARAMETER' }),
    );
  });
});
