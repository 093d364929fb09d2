import { describe, expect, it } from 'vitest';
import { type ConfirmFn, Governor, type GovernorEvent } from './Governor.js';
import { LedgerError } from './errors/LedgerError.js';
import { MemorySpendLedger } from './MemorySpendLedger.js';
import { parseEther } from './parseEther.js';
import { testClock } from './testing/ledgerContract.js';
import type { DecisionCode, LedgerSnapshot, LedgerSnapshotParameters, SpendLedger } from './types.js';

const E = (text: string) => parseEther(text);

describe('Governor configuration', () => {
  it('throws a typed configuration error for requireConfirm without confirmFn', () => {
    expect(() => new Governor({ requireConfirm: true })).toThrow(
      expect.objectContaining({ code: 'GOVERNOR_CONFIGURATION_INVALID', name: 'GovernorConfigurationError' }),
    );
  });

  it('refuses a confirmFn that would never be called', () => {
    expect(() => new Governor({ requireConfirm: false, confirmFn: () => true })).toThrow(
      expect.objectContaining({ code: 'GOVERNOR_CONFIGURATION_INVALID' }),
    );
  });

  it('is caps-only by default and confirm-required when a confirmFn is supplied', async () => {
    expect((await new Governor().status()).confirmMode).toBe('off');
    expect((await new Governor({ confirmFn: () => true }).status()).confirmMode).toBe('required');
  });

  it.each([
    { confirmTimeoutMs: 0 },
    { reservationTtlMs: Number.NaN },
    { sessionId: '' },
    { policy: { maxPerTx: -1n } },
    // Longer than setTimeout can wait: Node would fire it after 1 ms and deny every action.
    { confirmFn: () => true, confirmTimeoutMs: 2 ** 31 },
  ])('rejects %o', (parameters) => {
    expect(() => new Governor(parameters)).toThrow(
      expect.objectContaining({ code: 'GOVERNOR_CONFIGURATION_INVALID' }),
    );
  });

  it('accepts the longest timer delay', () => {
    expect(new Governor({ confirmFn: () => true, confirmTimeoutMs: 2 ** 31 - 1 }).requireConfirm).toBe(true);
  });

  it('throws a configuration error when createId returns something other than a non-empty string', async () => {
    for (const bad of ['', 42, undefined]) {
      const governor = new Governor({ createId: () => bad as unknown as string });
      await expect(governor.reserve({ action: 'swap', value: 1n })).rejects.toMatchObject({
        code: 'GOVERNOR_CONFIGURATION_INVALID',
      });
      expect((await governor.status()).openReservations).toEqual([]);
    }
  });

  it('throws when the clock returns garbage', async () => {
    let now = 1_000;
    const governor = new Governor({ clock: () => now });
    now = Number.NaN;
    await expect(governor.reserve({ action: 'swap', value: 1n })).rejects.toMatchObject({
      code: 'GOVERNOR_CONFIGURATION_INVALID',
    });
  });
});

describe('Governor confirm gate', () => {
  it('actually calls confirmFn with action, value and the reservation, and proceeds on true', async () => {
    const payloads: unknown[] = [];
    const governor = new Governor({
      confirmFn: async (payload) => {
        payloads.push(payload);
        return true;
      },
    });
    const d = await governor.reserve({ action: 'swap', args: { amount_in: '0.02', token: 'USDC' } });
    expect(d.allowed).toBe(true);
    expect(payloads).toEqual([
      expect.objectContaining({
        action: 'swap',
        value: E('0.02'),
        valueEther: '0.02',
        reservationId: d.reservationId,
        args: { amount_in: '0.02', token: 'USDC' },
      }),
    ]);
    expect((await governor.status()).spent.daily.reserved).toBe(E('0.02'));
  });

  it('holds the reservation while waiting, so concurrent requests cannot take the same budget', async () => {
    let approve: (value: boolean) => void = () => {};
    const governor = new Governor({
      policy: { dailyLimit: E('0.05') },
      confirmFn: () =>
        new Promise<boolean>((resolve) => {
          approve = resolve;
        }),
    });
    const first = governor.reserve({ action: 'swap', value: E('0.05') });
    await new Promise((resolve) => setImmediate(resolve));
    const second = await governor.reserve({ action: 'swap', value: E('0.01') });
    expect(second.code).toBe('DAILY_LIMIT_EXCEEDED');
    approve(true);
    expect((await first).allowed).toBe(true);
  });

  const offline = (): boolean => {
    throw new Error('operator offline');
  };
  it.each<[string, ConfirmFn, DecisionCode]>([
    ['false', () => false, 'CONFIRMATION_REJECTED'],
    ['a truthy non-boolean', () => 'yes' as unknown as boolean, 'CONFIRMATION_REJECTED'],
    ['a throw', offline, 'CONFIRMATION_ERROR'],
    ['a rejection', () => Promise.reject(new Error('chat down')), 'CONFIRMATION_ERROR'],
  ])('denies on %s and releases the reservation', async (_label, confirmFn, code) => {
    const governor = new Governor({ confirmFn });
    const d = await governor.reserve({ action: 'swap', value: E('0.05') });
    expect(d).toMatchObject({ allowed: false, code, reservationId: null, value: E('0.05') });
    expect(d.remaining).toEqual({ perTx: E('0.05'), daily: E('0.5'), session: E('1') });
    const status = await governor.status();
    expect(status.spent.daily.total).toBe(0n);
    expect(status.openReservations).toEqual([]);
  });

  it('denies on timeout and aborts the confirmation signal', async () => {
    let aborted = false;
    const governor = new Governor({
      confirmTimeoutMs: 20,
      confirmFn: ({ signal }) =>
        new Promise<boolean>((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve(true); // too late: must not count
          });
        }),
    });
    const d = await governor.reserve({ action: 'swap', value: E('0.01') });
    expect(d.code).toBe('CONFIRMATION_TIMEOUT');
    expect(aborted).toBe(true);
    expect((await governor.status()).spent.daily.total).toBe(0n);
  });

  it('denies when the kill switch is engaged while waiting for confirmation', async () => {
    const holder: { governor?: Governor } = {};
    const governor = new Governor({
      confirmFn: async () => {
        await holder.governor?.kill();
        return true;
      },
    });
    holder.governor = governor;
    const d = await governor.reserve({ action: 'swap', value: E('0.01') });
    expect(d.code).toBe('KILL_SWITCH_ENGAGED');
    expect((await governor.status()).spent.daily.total).toBe(0n);
  });

  it('releases the held reservation when the kill switch cannot be re-checked after approval', async () => {
    class FlakyLedger extends MemorySpendLedger {
      failSnapshots = false;
      override async snapshot(parameters: LedgerSnapshotParameters): Promise<LedgerSnapshot> {
        if (this.failSnapshots) throw new LedgerError({ shortMessage: 'database is locked' });
        return super.snapshot(parameters);
      }
    }
    const ledger = new FlakyLedger();
    const governor = new Governor({
      ledger,
      confirmFn: () => {
        ledger.failSnapshots = true;
        return true;
      },
    });
    await expect(governor.reserve({ action: 'swap', value: E('0.05') })).rejects.toMatchObject({
      code: 'LEDGER_FAILURE',
    });
    expect(await ledger.listOpenReservations()).toEqual([]);
    ledger.failSnapshots = false;
    expect((await governor.status()).spent.daily.total).toBe(0n);
  });

  it('passes args to confirmFn even when reading the request throws later', async () => {
    let reads = 0;
    const request = {
      action: 'swap',
      get args() {
        reads++;
        if (reads > 1) throw new Error('second read');
        return { amount: '0.01' };
      },
    };
    const governor = new Governor({ confirmFn: () => true });
    const d = await governor.reserve(request);
    expect(d.allowed).toBe(true);
    expect((await governor.status()).spent.daily.reserved).toBe(E('0.01'));
  });

  it('does not ask for confirmation when the caps already deny', async () => {
    let calls = 0;
    const governor = new Governor({
      confirmFn: () => {
        calls++;
        return true;
      },
    });
    expect((await governor.reserve({ action: 'swap', value: E('1') })).code).toBe('PER_TX_LIMIT_EXCEEDED');
    expect((await governor.reserve({ action: 'swap' })).code).toBe('VALUE_UNKNOWN');
    expect(calls).toBe(0);
  });
});

describe('Governor events and status', () => {
  it('while the kill switch is engaged, remaining is zero in the status and on every decision', async () => {
    const governor = new Governor();
    const zero = { perTx: 0n, daily: 0n, session: 0n };
    await governor.kill();
    expect((await governor.status()).remaining).toEqual(zero);
    const denied = await governor.reserve({ action: 'swap', value: 1n });
    expect(denied.code).toBe('KILL_SWITCH_ENGAGED');
    expect(denied.remaining).toEqual(zero);
    await governor.unkill();
    expect((await governor.status()).remaining).toEqual({
      perTx: E('0.05'),
      daily: E('0.5'),
      session: E('1'),
    });
  });

  it('emits every decision with action, value, code and time, plus lifecycle events', async () => {
    const clock = testClock();
    const governor = new Governor({ clock: clock.now });
    const events: GovernorEvent[] = [];
    const stop = governor.subscribe((event) => events.push(event));
    const ok = await governor.reserve({ action: 'swap', value: E('0.01') });
    await governor.reserve({ action: 'swap', args: { amount: Number.NaN } });
    await governor.commit({ id: ok.reservationId as string });
    await governor.kill();
    stop();
    await governor.unkill();
    expect(events.map((e) => e.type)).toEqual(['decision', 'decision', 'commit', 'kill-switch']);
    expect(events[0]).toEqual({
      type: 'decision',
      at: clock.now(),
      sessionId: governor.sessionId,
      reservationId: ok.reservationId,
      decision: expect.objectContaining({ action: 'swap', value: E('0.01'), code: 'ALLOWED' }),
    });
    expect(events[1]).toMatchObject({
      decision: { code: 'VALUE_INVALID', value: null },
      reservationId: null,
    });
  });

  it('keeps working when a subscriber throws, and reports it', async () => {
    const reported: unknown[] = [];
    const governor = new Governor({ onListenerError: (error) => reported.push(error) });
    governor.subscribe(() => {
      throw new Error('audit sink down');
    });
    expect((await governor.reserve({ action: 'swap', value: 1n })).allowed).toBe(true);
    expect(reported).toHaveLength(1);
  });

  it('reports a JSON-friendly status', async () => {
    const clock = testClock();
    const governor = new Governor({ clock: clock.now, sessionId: 'main' });
    await governor.reserve({ action: 'swap', value: E('0.01') });
    const status = await governor.status();
    expect(status).toEqual({
      at: clock.now(),
      killSwitch: false,
      confirmMode: 'off',
      dailyWindow: 'rolling-24h',
      windowStart: clock.now() - 86_400_000 + 1,
      sessionId: 'main',
      sessionStartedAt: clock.now(),
      limits: { maxPerTx: E('0.05'), dailyLimit: E('0.5'), sessionLimit: E('1') },
      spent: {
        daily: { committed: 0n, reserved: E('0.01'), total: E('0.01') },
        session: { committed: 0n, reserved: E('0.01'), total: E('0.01') },
      },
      remaining: { perTx: E('0.05'), daily: E('0.49'), session: E('0.99') },
      openReservations: [expect.objectContaining({ action: 'swap', value: E('0.01'), expired: false })],
    });
    const json = JSON.stringify(status, (_key, value) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    expect(JSON.parse(json).remaining.daily).toBe('490000000000000000');
  });

  it('status reads a ledger once when it offers status(), and falls back to snapshot + open list otherwise', async () => {
    const memory = new MemorySpendLedger();
    const calls: string[] = [];
    const counted = (withStatus: boolean): SpendLedger => ({
      reserve: (p) => memory.reserve(p),
      commit: (p) => memory.commit(p),
      release: (p) => memory.release(p),
      setKillSwitch: (p) => memory.setKillSwitch(p),
      snapshot: (p) => {
        calls.push('snapshot');
        return memory.snapshot(p);
      },
      listOpenReservations: () => {
        calls.push('list');
        return memory.listOpenReservations();
      },
      ...(withStatus
        ? {
            status: (p) => {
              calls.push('status');
              return memory.status(p);
            },
          }
        : {}),
    });
    const clock = testClock();
    const one = new Governor({ ledger: counted(true), clock: clock.now, sessionId: 's' });
    const legacy = new Governor({ ledger: counted(false), clock: clock.now, sessionId: 's' });
    await one.reserve({ action: 'swap', value: E('0.02') });
    calls.length = 0;
    const viaStatus = await one.status();
    expect(calls).toEqual(['status']);
    calls.length = 0;
    const viaFallback = await legacy.status();
    expect(calls.sort()).toEqual(['list', 'snapshot']);
    const { sessionStartedAt: _a, ...a } = viaStatus;
    const { sessionStartedAt: _b, ...b } = viaFallback;
    expect(a).toEqual(b);
    expect(a.spent.daily.reserved).toBe(E('0.02'));
    expect(a.openReservations).toHaveLength(1);
  });
});

describe('Governor.setLimits', () => {
  it('changes the caps for the next decisions only; spend stays counted; bad caps change nothing', async () => {
    const governor = new Governor({
      ledger: new MemorySpendLedger(),
      policy: { maxPerTx: parseEther('0.05') },
    });
    const first = await governor.reserve({ action: 'swap', value: parseEther('0.04') });
    expect(first.allowed).toBe(true);
    governor.setLimits({ maxPerTx: parseEther('0.03'), dailyLimit: parseEther('0.06') });
    expect(governor.policy).toMatchObject({ maxPerTx: parseEther('0.03'), dailyLimit: parseEther('0.06') });
    expect((await governor.reserve({ action: 'swap', value: parseEther('0.04') })).code).toBe(
      'PER_TX_LIMIT_EXCEEDED',
    );
    // 0.04 already counted against the new 0.06 daily cap: 0.03 no longer fits, 0.02 does.
    expect((await governor.reserve({ action: 'swap', value: parseEther('0.03') })).code).toBe(
      'DAILY_LIMIT_EXCEEDED',
    );
    expect((await governor.reserve({ action: 'swap', value: parseEther('0.02') })).allowed).toBe(true);
    expect(() => governor.setLimits({ sessionLimit: -1n })).toThrow(
      expect.objectContaining({ code: 'GOVERNOR_CONFIGURATION_INVALID' }),
    );
    expect(governor.policy.sessionLimit).toBe(parseEther('1'));
    expect((await governor.status()).limits.maxPerTx).toBe(parseEther('0.03'));
  });
});
