import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPolicy } from './createPolicy.js';
import { evaluateExtension } from './evaluateExtension.js';
import { parseEther } from './parseEther.js';
import type { LedgerSnapshot, ReservationRecord } from './types.js';

const E = (text: string) => parseEther(text);
const zero = { committed: 0n, reserved: 0n };
const open = (reservedValue: bigint): ReservationRecord => ({
  id: 'r1',
  action: 'swap',
  sessionId: 's',
  reservedValue,
  value: reservedValue,
  status: 'reserved',
  reservedAt: 0,
  settledAt: null,
});
const state = (over: Partial<LedgerSnapshot> = {}): LedgerSnapshot => ({
  killed: false,
  daily: zero,
  session: zero,
  ...over,
});

describe('evaluateExtension', () => {
  const policy = createPolicy({ maxPerTx: E('0.05'), dailyLimit: E('0.5'), sessionLimit: E('1') });

  it('allows up to the per-transaction cap on the new total, inclusive; remaining is after the extension', () => {
    const held = state({
      daily: { committed: 0n, reserved: E('0.04') },
      session: { committed: 0n, reserved: E('0.04') },
    });
    const d = evaluateExtension({ policy, state: held, reservation: open(E('0.04')), value: E('0.01') });
    expect(d).toMatchObject({ allowed: true, code: 'ALLOWED', value: E('0.01'), action: 'swap' });
    expect(d.remaining.daily).toBe(E('0.45'));
    expect(
      evaluateExtension({ policy, state: held, reservation: open(E('0.04')), value: E('0.01') + 1n }),
    ).toMatchObject({ allowed: false, code: 'PER_TX_LIMIT_EXCEEDED', value: E('0.01') + 1n });
  });

  it('the kill switch first, then the value, then the daily and session caps on the extra amount', () => {
    expect(
      evaluateExtension({ policy, state: state({ killed: true }), reservation: open(1n), value: 1n }).code,
    ).toBe('KILL_SWITCH_ENGAGED');
    expect(evaluateExtension({ policy, state: state(), reservation: open(1n), value: -1n }).code).toBe(
      'VALUE_INVALID',
    );
    expect(
      evaluateExtension({ policy, state: state(), reservation: open(1n), value: 5 as unknown as bigint })
        .code,
    ).toBe('VALUE_INVALID');
    const daily = state({ daily: { committed: E('0.49'), reserved: 0n } });
    expect(evaluateExtension({ policy, state: daily, reservation: open(1n), value: E('0.02') }).code).toBe(
      'DAILY_LIMIT_EXCEEDED',
    );
    const session = state({ session: { committed: E('0.99'), reserved: 0n } });
    expect(evaluateExtension({ policy, state: session, reservation: open(1n), value: E('0.02') }).code).toBe(
      'SESSION_LIMIT_EXCEEDED',
    );
  });

  it('never allows what would put the reservation above the per-tx cap or the windows above theirs', () => {
    let allowed = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: E('0.06') }),
        fc.bigInt({ min: 1n, max: E('0.06') }),
        fc.bigInt({ min: 0n, max: E('0.6') }),
        fc.boolean(),
        (reserved, value, dailyUsed, killed) => {
          const s = state({ killed, daily: { committed: dailyUsed, reserved: 0n } });
          const d = evaluateExtension({ policy, state: s, reservation: open(reserved), value });
          if (!d.allowed) {
            refused++;
            return;
          }
          allowed++;
          expect(killed).toBe(false);
          expect(reserved + value).toBeLessThanOrEqual(policy.maxPerTx);
          expect(dailyUsed + value).toBeLessThanOrEqual(policy.dailyLimit);
        },
      ),
      { numRuns: 300 },
    );
    // Both sides of the rule were exercised (an always-refusing rule would pass the property vacuously).
    expect(allowed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
