import { describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { decideApprovedRun } from './decideApprovedRun.js';
import type { ConfirmationRecord, HoldReason } from './types.js';

const TOKEN = '0x00000000000000000000000000000000000000aa' as Address;

/** An approved held action: what the operator saw (value, safety) and what they approved. */
function approval(p: {
  reason?: HoldReason;
  valueWei?: bigint | null;
  approvedValueWei?: bigint | null;
  safety?: ConfirmationRecord['safety'];
}): ConfirmationRecord {
  return {
    id: 'c1',
    executionId: 'e1',
    createdAt: 1,
    updatedAt: 2,
    expiresAt: 3,
    status: 'approved',
    reason: p.reason ?? 'above-threshold',
    detail: 'held',
    intent: {
      chainId: 1,
      action: 'swap',
      to: TOKEN,
      data: '0x',
      value: 0n,
      spends: [],
      acquires: [],
      description: 'swap',
    },
    valueWei: p.valueWei === undefined ? 100n : p.valueWei,
    gasLimit: 21_000n,
    safety: p.safety ?? [{ token: TOKEN, isHoneypot: false, buyTax: 0, sellTax: 0 }],
    idempotencyKey: null,
    approvedValueWei: p.approvedValueWei === undefined ? 100n : p.approvedValueWei,
    decidedAt: 2,
    decidedBy: 'cli',
    note: null,
  };
}
const assessed = (p: {
  refusal?: { code: string; reason: string } | null;
  valueWei?: bigint | null;
  unsafe?: { code: string; reason: string } | null;
}) => ({
  refusal: p.refusal ?? null,
  valueWei: p.valueWei === undefined ? 100n : p.valueWei,
  unsafe: p.unsafe ?? null,
});
const UNKNOWN_SAFETY = { code: 'TOKEN_SAFETY_UNKNOWN', reason: 'the honeypot status is unknown' };
const UNKNOWN_VALUE = { code: 'VALUE_UNKNOWN', reason: 'no pool' };

describe('decideApprovedRun', () => {
  it('runs what the operator saw: same value or less, same knowledge', () => {
    expect(decideApprovedRun({ assessed: assessed({}), approval: approval({}) })).toEqual({
      kind: 'proceed',
    });
    expect(decideApprovedRun({ assessed: assessed({ valueWei: 99n }), approval: approval({}) })).toEqual({
      kind: 'proceed',
    });
  });

  it('a proven harm is refused whatever was approved', () => {
    for (const code of ['TOKEN_UNSAFE', 'TOKEN_SELL_TAX_TOO_HIGH', 'INTENT_INVALID']) {
      const refusal = { code, reason: 'no' };
      expect(
        decideApprovedRun({
          assessed: assessed({ refusal, valueWei: null }),
          approval: approval({ reason: 'value-unknown', valueWei: null, approvedValueWei: 10n ** 30n }),
        }),
      ).toEqual({ kind: 'refuse', refusal });
    }
  });

  it('a value that became unknown holds again; one that was unknown when held runs within the approved value', () => {
    expect(
      decideApprovedRun({
        assessed: assessed({ refusal: UNKNOWN_VALUE, valueWei: null }),
        approval: approval({}),
      }),
    ).toEqual({
      kind: 'hold',
      reason: 'value-unknown',
      detail: 'its value became unknown after it was approved',
    });
    expect(
      decideApprovedRun({
        assessed: assessed({ refusal: UNKNOWN_VALUE, valueWei: null }),
        approval: approval({ reason: 'value-unknown', valueWei: null, approvedValueWei: 500n }),
      }),
    ).toEqual({ kind: 'proceed' });
  });

  it('safety that became unknown holds again; safety unknown when held does not', () => {
    const hold = { kind: 'hold', reason: 'safety-unknown', detail: UNKNOWN_SAFETY.reason };
    expect(
      decideApprovedRun({
        assessed: assessed({ refusal: UNKNOWN_SAFETY, unsafe: UNKNOWN_SAFETY }),
        approval: approval({}),
      }),
    ).toEqual(hold);
    // The unknown safety may hide behind an unknown value in `refusal`: `unsafe` still tells.
    expect(
      decideApprovedRun({
        assessed: assessed({ refusal: UNKNOWN_VALUE, valueWei: null, unsafe: UNKNOWN_SAFETY }),
        approval: approval({ reason: 'value-unknown', valueWei: null }),
      }),
    ).toEqual(hold);
    for (const held of [
      approval({ reason: 'safety-unknown' }),
      approval({ safety: [{ token: TOKEN, isHoneypot: null, buyTax: 0, sellTax: 0 }] }),
      approval({ safety: [{ token: TOKEN, isHoneypot: false, buyTax: 0, sellTax: null }] }),
      approval({ safety: [{ token: TOKEN, isHoneypot: false, buyTax: null, sellTax: 0 }] }),
      approval({
        safety: [
          { token: TOKEN, isHoneypot: false, buyTax: 0, sellTax: 0 },
          { token: TOKEN, isHoneypot: false, buyTax: 0, sellTax: null },
        ],
      }),
    ]) {
      expect(
        decideApprovedRun({
          assessed: assessed({ refusal: UNKNOWN_SAFETY, unsafe: UNKNOWN_SAFETY }),
          approval: held,
        }),
      ).toEqual({ kind: 'proceed' });
    }
    // Any other `unsafe` code is not this rule's (a proven harm arrives as `refusal`).
    expect(
      decideApprovedRun({
        assessed: assessed({ unsafe: { code: 'TOKEN_UNSAFE', reason: 'x' } }),
        approval: approval({}),
      }),
    ).toEqual({ kind: 'proceed' });
  });

  it('a value grown beyond the approved one holds again (equal runs); no approved value, no limit here', () => {
    expect(decideApprovedRun({ assessed: assessed({ valueWei: 101n }), approval: approval({}) })).toEqual({
      kind: 'hold',
      reason: 'value-grew',
      detail: 'worth 101 wei now, more than the 100 wei approved',
    });
    expect(decideApprovedRun({ assessed: assessed({ valueWei: 100n }), approval: approval({}) })).toEqual({
      kind: 'proceed',
    });
    expect(
      decideApprovedRun({
        assessed: assessed({ valueWei: 10n ** 30n }),
        approval: approval({ approvedValueWei: null }),
      }),
    ).toEqual({ kind: 'proceed' });
  });
});
