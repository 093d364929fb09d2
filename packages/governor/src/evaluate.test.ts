import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeRemaining } from './computeRemaining.js';
import { createPolicy } from './createPolicy.js';
import { evaluate, MAX_ACTION_LENGTH } from './evaluate.js';
import { parseEther } from './parseEther.js';
import type { LedgerSnapshot, SpendRequest } from './types.js';

const policy = createPolicy();
const zero = { committed: 0n, reserved: 0n };
const fresh: LedgerSnapshot = { killed: false, daily: zero, session: zero };
const spent = (daily: bigint, session: bigint): LedgerSnapshot => ({
  killed: false,
  daily: { committed: daily, reserved: 0n },
  session: { committed: session, reserved: 0n },
});

describe('evaluate', () => {
  it('allows a value within every cap and subtracts it from remaining', () => {
    const d = evaluate({ policy, request: { action: 'swap', args: { amount: '0.01' } }, state: fresh });
    expect(d).toEqual({
      allowed: true,
      code: 'ALLOWED',
      reason: 'Within limits.',
      action: 'swap',
      value: parseEther('0.01'),
      remaining: { perTx: parseEther('0.05'), daily: parseEther('0.49'), session: parseEther('0.99') },
    });
  });

  it('blocks everything when the kill switch is engaged, even a zero value', () => {
    const d = evaluate({ policy, request: { action: 'read', value: 0n }, state: { ...fresh, killed: true } });
    expect(d.allowed).toBe(false);
    expect(d.code).toBe('KILL_SWITCH_ENGAGED');
    // Nothing can be spent while killed: the headroom a client reads is zero, not the caps.
    expect(d.remaining).toEqual({ perTx: 0n, daily: 0n, session: 0n });
  });

  it('reports the known value on a kill-switch denial, for the audit trail', () => {
    const killed = { ...fresh, killed: true };
    const d = evaluate({ policy, request: { action: 'swap', args: { amount: '0.02' } }, state: killed });
    expect(d).toMatchObject({ code: 'KILL_SWITCH_ENGAGED', action: 'swap', value: parseEther('0.02') });
    expect(
      evaluate({ policy, request: { action: 'swap', args: { amount: 'x' } }, state: killed }).value,
    ).toBe(null);
  });

  it('never throws for a request whose properties throw when read; the request is invalid', () => {
    const throwing = (key: string) =>
      Object.defineProperty({ action: 'swap' }, key, {
        enumerable: true,
        get() {
          throw new Error('boom');
        },
      }) as SpendRequest;
    const proxy = new Proxy({} as SpendRequest, {
      get() {
        throw new Error('boom');
      },
    });
    for (const [request, action] of [
      [{ action: 'swap', args: throwing('amount') as unknown as Record<string, unknown> }, 'swap'],
      [throwing('value'), 'swap'],
      [throwing('action'), ''],
      [proxy, ''],
    ] as const) {
      const d = evaluate({ policy, request, state: fresh });
      // The action read before the throw is still reported, for the audit trail.
      expect(d).toMatchObject({
        allowed: false,
        code: 'REQUEST_INVALID',
        reason: 'The request could not be read.',
        action,
        value: null,
      });
      expect(d.remaining).toEqual(computeRemaining({ policy, snapshot: fresh }));
    }
  });

  it('a request that is not an object is invalid, even a function carrying an action and a value', () => {
    const fn = Object.assign(() => undefined, { action: 'swap', value: 1n });
    for (const request of [fn, null, undefined, 'swap', 5]) {
      const d = evaluate({ policy, request: request as unknown as SpendRequest, state: fresh });
      expect(d).toEqual({
        allowed: false,
        code: 'REQUEST_INVALID',
        reason: 'The request must be an object.',
        action: '',
        value: null,
        remaining: computeRemaining({ policy, snapshot: fresh }),
      });
    }
  });

  it('the action is a non-empty string of at most MAX_ACTION_LENGTH (200) characters', () => {
    const longest = 'a'.repeat(MAX_ACTION_LENGTH);
    expect(evaluate({ policy, request: { action: longest, value: 1n }, state: fresh })).toMatchObject({
      allowed: true,
      action: longest,
    });
    const reason = 'The action must be a non-empty string of at most 200 characters.';
    for (const [raw, action] of [
      [`${longest}a`, `${longest}a`],
      ['', ''],
      [5, ''],
      [null, ''],
      [{ toString: () => 'swap' }, ''],
    ] as const) {
      const d = evaluate({ policy, request: { action: raw as string, value: 1n }, state: fresh });
      expect(d).toMatchObject({ allowed: false, code: 'REQUEST_INVALID', reason, action, value: null });
    }
  });

  it('says which key holds an unusable value, and why', () => {
    expect(
      evaluate({ policy, request: { action: 'swap', args: { amount: '-1' } }, state: fresh }),
    ).toMatchObject({
      code: 'VALUE_INVALID',
      reason: 'Invalid value in "amount": "-1" is not a plain non-negative decimal number.',
      value: null,
    });
    expect(evaluate({ policy, request: { action: 'swap', value: -1n }, state: fresh }).reason).toBe(
      'Invalid value in "value": negative amount.',
    );
    expect(
      evaluate({ policy, request: { action: 'swap', value: 1n, args: { amount: 1 } }, state: fresh }).reason,
    ).toBe('Invalid value: give either value or args, not both.');
  });

  it('blocks an unknown value with a message asking for approval or a value', () => {
    for (const request of [
      { action: 'swap' },
      { action: 'swap', value: null },
      { action: 'swap', args: { to: '0x1' } },
    ]) {
      const d = evaluate({ policy, request, state: fresh });
      expect(d.code).toBe('VALUE_UNKNOWN');
      expect(d.value).toBeNull();
      expect(d.reason).toMatch(/explicit operator approval or a properly set value/);
    }
  });

  it('passes read-only actions with amount 0', () => {
    expect(
      evaluate({ policy, request: { action: 'balance', args: { amount: 0 } }, state: fresh }).allowed,
    ).toBe(true);
  });

  it.each<[string, SpendRequest]>([
    ['NaN', { action: 'swap', args: { amount: Number.NaN } }],
    ['negative', { action: 'swap', args: { value: -1 } }],
    ['negative bigint', { action: 'swap', value: -1n }],
    ['number as wei value', { action: 'swap', value: 1 as unknown as bigint }],
    ['both value and args', { action: 'swap', value: 1n, args: { amount: 0 } }],
    ['boolean', { action: 'swap', args: { amount: true } }],
  ])('blocks an invalid value (%s) with VALUE_INVALID', (_label, request) => {
    const d = evaluate({ policy, request, state: fresh });
    expect(d.code).toBe('VALUE_INVALID');
    expect(d.allowed).toBe(false);
  });

  it.each<[string, unknown]>([
    ['empty action', { action: '', value: 0n }],
    ['non-string action', { action: 42, value: 0n }],
    ['too long action', { action: 'x'.repeat(201), value: 0n }],
    ['null request', null],
  ])('blocks an invalid request (%s)', (_label, request) => {
    expect(evaluate({ policy, request: request as SpendRequest, state: fresh }).code).toBe('REQUEST_INVALID');
  });

  it('applies the per-transaction cap inclusively', () => {
    expect(
      evaluate({ policy, request: { action: 's', value: parseEther('0.05') }, state: fresh }).allowed,
    ).toBe(true);
    const d = evaluate({ policy, request: { action: 's', value: parseEther('0.05') + 1n }, state: fresh });
    expect(d.code).toBe('PER_TX_LIMIT_EXCEEDED');
    expect(d.value).toBe(parseEther('0.05') + 1n);
  });

  it('counts reserved spend like committed spend against the daily cap', () => {
    const state: LedgerSnapshot = {
      killed: false,
      daily: { committed: parseEther('0.3'), reserved: parseEther('0.17') },
      session: zero,
    };
    expect(evaluate({ policy, request: { action: 's', value: parseEther('0.03') }, state }).allowed).toBe(
      true,
    );
    const d = evaluate({ policy, request: { action: 's', value: parseEther('0.03') + 1n }, state });
    expect(d.code).toBe('DAILY_LIMIT_EXCEEDED');
    expect(d.remaining.daily).toBe(parseEther('0.03'));
  });

  it('applies the session cap', () => {
    const tight = createPolicy({ sessionLimit: parseEther('0.1') });
    const d = evaluate({
      policy: tight,
      request: { action: 's', value: parseEther('0.02') },
      state: spent(0n, parseEther('0.09')),
    });
    expect(d.code).toBe('SESSION_LIMIT_EXCEEDED');
    expect(d.remaining).toEqual({
      perTx: parseEther('0.01'),
      daily: parseEther('0.5'),
      session: parseEther('0.01'),
    });
  });

  it('property: never allows an invalid or unknown value, never overshoots, never reports negative headroom', () => {
    const amount = fc.bigInt({ min: 0n, max: parseEther('2') });
    const raw = fc.oneof(
      fc.anything(),
      fc.double(),
      fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
      fc.string(),
      fc.constantFrom('0.01', '1e-3', '-0.01', 'NaN', '0.0000000000000000001'),
    );
    const request = fc.oneof(
      fc.record({ action: fc.string(), args: fc.dictionary(fc.constantFrom('value', 'amount', 'to'), raw) }),
      fc.record({
        action: fc.string(),
        value: fc.option(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n })),
      }),
    );
    fc.assert(
      fc.property(
        amount,
        amount,
        amount,
        amount,
        amount,
        amount,
        fc.boolean(),
        request,
        (maxPerTx, dailyLimit, sessionLimit, daily, reserved, session, killed, req) => {
          const p = createPolicy({ maxPerTx, dailyLimit, sessionLimit });
          const state = {
            killed,
            daily: { committed: daily, reserved },
            session: { committed: session, reserved: 0n },
          };
          const d = evaluate({ policy: p, request: req as SpendRequest, state });
          for (const left of Object.values(d.remaining)) expect(left >= 0n).toBe(true);
          if (!d.allowed) return;
          expect(killed).toBe(false);
          expect(d.value).not.toBeNull();
          const value = d.value as bigint;
          expect(value >= 0n).toBe(true);
          expect(value <= maxPerTx).toBe(true);
          // A zero value spends nothing, so it may pass even when spend is already above a lowered cap.
          if (value > 0n) {
            expect(daily + reserved + value <= dailyLimit).toBe(true);
            expect(session + value <= sessionLimit).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
