import { describe, expect, it } from 'vitest';
import { createPolicy } from '../createPolicy.js';
import { evaluate } from '../evaluate.js';
import { Governor, type GovernorParameters } from '../Governor.js';
import { parseEther } from '../parseEther.js';
import type { LedgerSnapshot, SpendLedger } from '../types.js';

const DAY = 86_400_000;
const E = (text: string) => parseEther(text);

/** A controllable clock for tests. */
export function testClock(start = Date.UTC(2025, 0, 1, 12)) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    set: (at: number) => {
      now = at;
    },
  };
}

/**
 * The behaviour every {@link SpendLedger} must have, exercised through a {@link Governor}. Called from each
 * ledger's test file with a factory for a fresh, empty ledger.
 */
export function describeLedgerContract(name: string, createLedger: () => SpendLedger): void {
  describe(`${name}: ledger contract`, () => {
    const setup = (extra: Partial<GovernorParameters> = {}) => {
      const clock = testClock();
      const ledger = createLedger();
      const governor = new Governor({ ledger, clock: clock.now, ...extra });
      return { clock, ledger, governor };
    };

    it('reserve counts immediately; commit keeps it; release frees it', async () => {
      const { governor } = setup();
      const a = await governor.reserve({ action: 'swap', value: E('0.05') });
      const b = await governor.reserve({ action: 'swap', value: E('0.04') });
      expect(a.allowed && b.allowed).toBe(true);
      let status = await governor.status();
      expect(status.spent.daily).toEqual({ committed: 0n, reserved: E('0.09'), total: E('0.09') });
      expect(status.openReservations.map((r) => r.id).sort()).toEqual(
        [a.reservationId, b.reservationId].sort(),
      );
      const committed = await governor.commit({ id: a.reservationId as string });
      expect(committed).toMatchObject({ status: 'committed', value: E('0.05'), reservedValue: E('0.05') });
      const released = await governor.release({ id: b.reservationId as string });
      expect(released).toMatchObject({ status: 'released', value: 0n, reservedValue: E('0.04') });
      status = await governor.status();
      expect(status.spent.daily).toEqual({ committed: E('0.05'), reserved: 0n, total: E('0.05') });
      expect(status.spent.session).toEqual({ committed: E('0.05'), reserved: 0n, total: E('0.05') });
      expect(status.remaining).toEqual({ perTx: E('0.05'), daily: E('0.45'), session: E('0.95') });
      expect(status.openReservations).toEqual([]);
    });

    it('commits a smaller actual value and rejects a larger one', async () => {
      const { governor } = setup();
      const a = await governor.reserve({ action: 'swap', value: E('0.05') });
      await expect(
        governor.commit({ id: a.reservationId as string, value: E('0.06') }),
      ).rejects.toMatchObject({
        code: 'AMOUNT_INVALID',
      });
      await governor.commit({ id: a.reservationId as string, value: E('0.01') });
      expect((await governor.status()).spent.daily.total).toBe(E('0.01'));
    });

    it('a commit value is a bigint from 0 to the reserved value: anything else is refused and changes nothing', async () => {
      const { governor } = setup();
      const a = await governor.reserve({ action: 'swap', value: E('0.05') });
      const id = a.reservationId as string;
      for (const value of [-1n, E('0.05') + 1n, 1, '1'] as unknown as bigint[]) {
        await expect(governor.commit({ id, value })).rejects.toMatchObject({ code: 'AMOUNT_INVALID' });
      }
      const status = await governor.status();
      expect(status.spent.daily).toEqual({ committed: 0n, reserved: E('0.05'), total: E('0.05') });
      expect(status.openReservations.map((r) => r.id)).toEqual([id]);
      expect(await governor.commit({ id, value: E('0.05') })).toMatchObject({ value: E('0.05') });
      const b = await governor.reserve({ action: 'swap', value: E('0.01') });
      expect(await governor.commit({ id: b.reservationId as string, value: 0n })).toMatchObject({
        status: 'committed',
        value: 0n,
      });
      expect((await governor.status()).spent.daily).toEqual({
        committed: E('0.05'),
        reserved: 0n,
        total: E('0.05'),
      });
    });

    it('a refused request reserves nothing, even when its value is known', async () => {
      const { governor, ledger } = setup();
      const over = await governor.reserve({ action: 'swap', value: E('0.06') });
      expect(over).toMatchObject({ allowed: false, code: 'PER_TX_LIMIT_EXCEEDED', value: E('0.06') });
      expect(over.reservationId).toBeNull();
      const status = await governor.status();
      expect(status.spent.daily.total).toBe(0n);
      expect(status.spent.session.total).toBe(0n);
      expect(await ledger.listOpenReservations()).toEqual([]);
    });

    it('keeps reservations in time order whatever order they arrive in (neighbouring instants included)', async () => {
      const ledger = createLedger();
      const allow = (value: bigint) => (state: LedgerSnapshot) =>
        evaluate({
          policy: createPolicy({ sessionLimit: E('100'), dailyLimit: E('100') }),
          request: { action: 'a', value },
          state,
        });
      // Reserved at 1000, 1999 and 3000, then at 2000 (a lagging clock): each value a distinct power of two.
      const at = [1_000, 1_999, 3_000, 2_000];
      for (const [i, t] of at.entries()) {
        await ledger.reserve({
          id: `r${i}`,
          action: 'a',
          sessionId: 's',
          at: t,
          windowStart: 0,
          decide: allow(1n << BigInt(i)),
        });
        await ledger.commit({ id: `r${i}`, at: t });
      }
      // From 2000 on: the reservations made at 2000 and 3000 (8 + 4); at 1999: also the one made then (+ 2).
      for (const [windowStart, committed] of [
        [2_000, 12n],
        [1_999, 14n],
        [2_001, 4n],
        [3_001, 0n],
        [0, 15n],
      ] as const) {
        expect((await ledger.snapshot({ sessionId: 's', windowStart })).daily.committed).toBe(committed);
      }
    });

    it('rejects settling unknown or already settled reservations', async () => {
      const { governor } = setup();
      await expect(governor.commit({ id: 'nope' })).rejects.toMatchObject({
        code: 'RESERVATION_NOT_FOUND',
        reservationId: 'nope',
      });
      await expect(governor.release({ id: 'nope' })).rejects.toMatchObject({ reservationId: 'nope' });
      const a = await governor.reserve({ action: 'swap', value: 1n });
      await governor.commit({ id: a.reservationId as string });
      await expect(governor.release({ id: a.reservationId as string })).rejects.toMatchObject({
        code: 'RESERVATION_ALREADY_SETTLED',
        status: 'committed',
      });
      await expect(governor.commit({ id: a.reservationId as string })).rejects.toMatchObject({
        code: 'RESERVATION_ALREADY_SETTLED',
      });
    });

    it('rejects a non-string reservation id as not found (a caller error, not a ledger failure)', async () => {
      const { governor } = setup();
      for (const [id, shown] of [
        [42, '<number>'],
        [null, '<null>'],
        [{}, '<object>'],
        [undefined, '<undefined>'],
        [Symbol('x'), '<symbol>'],
      ] as unknown as [string, string][]) {
        await expect(governor.commit({ id })).rejects.toMatchObject({
          code: 'RESERVATION_NOT_FOUND',
          reservationId: shown,
        });
        await expect(governor.release({ id })).rejects.toMatchObject({
          code: 'RESERVATION_NOT_FOUND',
          reservationId: shown,
        });
      }
    });

    it('fills the daily cap exactly and denies one wei more', async () => {
      const { governor } = setup({ policy: { sessionLimit: E('10') } });
      for (let i = 0; i < 10; i++) {
        const d = await governor.reserve({ action: 'swap', value: E('0.05') });
        await governor.commit({ id: d.reservationId as string });
      }
      const over = await governor.reserve({ action: 'swap', value: 1n });
      expect(over.code).toBe('DAILY_LIMIT_EXCEEDED');
      expect(over.remaining).toEqual({ perTx: 0n, daily: 0n, session: E('9.5') });
      expect((await governor.reserve({ action: 'read', args: { amount: 0 } })).allowed).toBe(true);
    });

    it('rolling window: spend ages out exactly 24 h after it was reserved, with no double spend at midnight', async () => {
      const { governor, clock } = setup({ policy: { sessionLimit: E('10') } });
      clock.set(Date.UTC(2025, 0, 1, 23, 59));
      for (let i = 0; i < 10; i++) {
        const d = await governor.reserve({ action: 'swap', value: E('0.05') });
        await governor.commit({ id: d.reservationId as string });
      }
      clock.advance(2 * 60_000); // past midnight UTC: a calendar reset would allow another 0.5 here
      expect((await governor.reserve({ action: 'swap', value: 1n })).code).toBe('DAILY_LIMIT_EXCEEDED');
      clock.set(Date.UTC(2025, 0, 2, 23, 59) - 1);
      expect((await governor.reserve({ action: 'swap', value: 1n })).code).toBe('DAILY_LIMIT_EXCEEDED');
      clock.advance(1);
      const d = await governor.reserve({ action: 'swap', value: E('0.05') });
      expect(d.allowed).toBe(true);
      expect(d.remaining.daily).toBe(E('0.45'));
    });

    it('rolling window: a commit of a reservation made exactly at the window start still counts', async () => {
      const { governor, clock } = setup();
      const first = await governor.reserve({ action: 'swap', value: E('0.05') });
      clock.advance(DAY - 1); // the window now starts exactly at the first reservation
      await governor.reserve({ action: 'swap', value: E('0.01') }); // moves the ledger's window cursor there
      await governor.commit({ id: first.reservationId as string });
      expect((await governor.status()).spent.daily).toEqual({
        committed: E('0.05'),
        reserved: E('0.01'),
        total: E('0.06'),
      });
      clock.advance(1); // and one millisecond later it has aged out
      expect((await governor.status()).spent.daily.committed).toBe(0n);
    });

    it('utc-day window: resets at 00:00 UTC', async () => {
      const { governor, clock } = setup({ policy: { dailyWindow: 'utc-day', sessionLimit: E('10') } });
      clock.set(Date.UTC(2025, 0, 1, 23, 59));
      for (let i = 0; i < 10; i++) {
        const d = await governor.reserve({ action: 'swap', value: E('0.05') });
        await governor.commit({ id: d.reservationId as string });
      }
      expect((await governor.reserve({ action: 'swap', value: 1n })).code).toBe('DAILY_LIMIT_EXCEEDED');
      clock.set(Date.UTC(2025, 0, 2));
      expect((await governor.reserve({ action: 'swap', value: E('0.05') })).allowed).toBe(true);
      expect((await governor.status()).windowStart).toBe(Date.UTC(2025, 0, 2));
    });

    it('open reservations keep counting past the window until they are settled', async () => {
      const { governor, clock } = setup({ reservationTtlMs: 60_000 });
      const stale = await governor.reserve({ action: 'swap', value: E('0.05') });
      clock.advance(3 * DAY);
      const status = await governor.status();
      expect(status.spent.daily.reserved).toBe(E('0.05'));
      expect(status.openReservations).toEqual([
        expect.objectContaining({ id: stale.reservationId, status: 'reserved', expired: true }),
      ]);
      await governor.commit({ id: stale.reservationId as string });
      // Committed at its reservation time, three days ago: out of the rolling window now.
      expect((await governor.status()).spent.daily.total).toBe(0n);
    });

    it('counts older spend exactly when the clock steps back', async () => {
      const { governor, clock } = setup({ policy: { sessionLimit: E('10') } });
      const first = await governor.reserve({ action: 'swap', value: E('0.05') });
      await governor.commit({ id: first.reservationId as string });
      clock.advance(20 * 3_600_000);
      const second = await governor.reserve({ action: 'swap', value: E('0.05') });
      await governor.commit({ id: second.reservationId as string });
      clock.advance(5 * 3_600_000); // 25 h after the first: it has aged out
      expect((await governor.status()).spent.daily.committed).toBe(E('0.05'));
      clock.advance(-2 * 3_600_000); // 23 h after the first: it counts again
      expect((await governor.status()).spent.daily.committed).toBe(E('0.1'));
      expect((await governor.reserve({ action: 'swap', value: E('0.05') })).remaining.daily).toBe(E('0.35'));
    });

    it('keeps sessions apart on a shared ledger while the daily cap is shared', async () => {
      const clock = testClock();
      const ledger = createLedger();
      const one = new Governor({ ledger, clock: clock.now, sessionId: 'one' });
      const two = new Governor({ ledger, clock: clock.now, sessionId: 'two' });
      await one.reserve({ action: 'swap', value: E('0.05') });
      const status = await two.status();
      expect(status.spent.session.total).toBe(0n);
      expect(status.spent.daily.total).toBe(E('0.05'));
    });

    it('kill switch blocks everything until unkill', async () => {
      const { governor } = setup();
      await governor.kill();
      expect((await governor.status()).killSwitch).toBe(true);
      expect((await governor.reserve({ action: 'read', args: { amount: 0 } })).code).toBe(
        'KILL_SWITCH_ENGAGED',
      );
      await governor.unkill();
      expect((await governor.status()).killSwitch).toBe(false);
      expect((await governor.reserve({ action: 'swap', value: E('0.01') })).allowed).toBe(true);
      expect((await governor.reserve({ action: 'swap', value: E('0.06') })).code).toBe(
        'PER_TX_LIMIT_EXCEEDED',
      );
    });

    it('status, when offered, is exactly snapshot plus the open list (any window start, any session)', async () => {
      const clock = testClock();
      const ledger = createLedger();
      const one = new Governor({ ledger, clock: clock.now, sessionId: 'one' });
      const two = new Governor({ ledger, clock: clock.now, sessionId: 'two' });
      const a = await one.reserve({ action: 'swap', value: E('0.01') });
      clock.advance(1_000);
      const b = await two.reserve({ action: 'swap', value: E('0.02') });
      await one.reserve({ action: 'swap', value: E('0.03') });
      await one.commit({ id: a.reservationId as string, value: E('0.005') });
      clock.advance(3_600_000);
      await two.reserve({ action: 'bridge "x", \\ ✓', value: E('0.04') });
      await two.release({ id: b.reservationId as string });
      if (ledger.status === undefined) return;
      const now = clock.now();
      for (const sessionId of ['one', 'two', 'none'])
        for (const windowStart of [now - DAY - 10_000, now - DAY, now - 3_600_000, now - 10, now + 1]) {
          expect(await ledger.status({ sessionId, windowStart })).toEqual({
            snapshot: await ledger.snapshot({ sessionId, windowStart }),
            openReservations: await ledger.listOpenReservations(),
          });
        }
      const { openReservations } = await ledger.status({ sessionId: 'one', windowStart: now - DAY });
      expect(openReservations.map((r) => [r.action, r.sessionId, r.reservedValue, r.status])).toEqual([
        ['swap', 'one', E('0.03'), 'reserved'],
        ['bridge "x", \\ ✓', 'two', E('0.04'), 'reserved'],
      ]);
    });

    it('extend grows an open reservation atomically: it counts at once, a commit up to the new total is accepted', async () => {
      const { governor } = setup();
      const a = await governor.reserve({ action: 'swap', value: E('0.02') });
      const id = a.reservationId as string;
      const more = await governor.extend({ id, value: E('0.01') });
      expect(more).toMatchObject({ allowed: true, code: 'ALLOWED', value: E('0.01'), reservationId: id });
      expect(more.reservation).toMatchObject({
        reservedValue: E('0.03'),
        value: E('0.03'),
        status: 'reserved',
      });
      let status = await governor.status();
      expect(status.spent.daily).toEqual({ committed: 0n, reserved: E('0.03'), total: E('0.03') });
      expect(status.spent.session.reserved).toBe(E('0.03'));
      expect(status.openReservations.map((r) => r.reservedValue)).toEqual([E('0.03')]);
      // A zero extension is allowed and changes nothing.
      expect((await governor.extend({ id, value: 0n })).reservation.reservedValue).toBe(E('0.03'));
      await expect(governor.commit({ id, value: E('0.03') + 1n })).rejects.toMatchObject({
        code: 'AMOUNT_INVALID',
      });
      const committed = await governor.commit({ id, value: E('0.025') });
      expect(committed).toMatchObject({ status: 'committed', reservedValue: E('0.03'), value: E('0.025') });
      status = await governor.status();
      expect(status.spent.daily).toEqual({ committed: E('0.025'), reserved: 0n, total: E('0.025') });
      expect(status.spent.session).toEqual({ committed: E('0.025'), reserved: 0n, total: E('0.025') });
    });

    it('extend is refused by the kill switch and the caps (per-tx on the new total), and a refusal changes nothing', async () => {
      const { governor } = setup({
        policy: { maxPerTx: E('0.05'), dailyLimit: E('0.08'), sessionLimit: E('1') },
      });
      const a = await governor.reserve({ action: 'swap', value: E('0.04') });
      const id = a.reservationId as string;
      expect(await governor.extend({ id, value: E('0.01') + 1n })).toMatchObject({
        allowed: false,
        code: 'PER_TX_LIMIT_EXCEEDED',
      });
      await governor.reserve({ action: 'swap', value: E('0.035') });
      expect(await governor.extend({ id, value: E('0.005') + 1n })).toMatchObject({
        allowed: false,
        code: 'DAILY_LIMIT_EXCEEDED',
      });
      await governor.kill();
      const killed = await governor.extend({ id, value: 1n });
      expect(killed).toMatchObject({ allowed: false, code: 'KILL_SWITCH_ENGAGED' });
      expect(killed.reservation.reservedValue).toBe(E('0.04'));
      await governor.unkill();
      expect((await governor.extend({ id, value: E('0.005') })).allowed).toBe(true);
      const status = await governor.status();
      expect(status.spent.daily.reserved).toBe(E('0.08'));
      expect(status.openReservations.find((r) => r.id === id)?.reservedValue).toBe(E('0.045'));
    });

    it('extend of an unknown or settled reservation is refused as a caller error', async () => {
      const { governor } = setup();
      await expect(governor.extend({ id: 'nope', value: 1n })).rejects.toMatchObject({
        code: 'RESERVATION_NOT_FOUND',
      });
      const a = await governor.reserve({ action: 'swap', value: E('0.01') });
      await governor.release({ id: a.reservationId as string });
      await expect(governor.extend({ id: a.reservationId as string, value: 1n })).rejects.toMatchObject({
        code: 'RESERVATION_ALREADY_SETTLED',
      });
      expect((await governor.status()).spent.daily.total).toBe(0n);
    });

    it('concurrent extensions never overshoot a cap (each decision sees every earlier one)', async () => {
      const { governor } = setup({
        policy: { maxPerTx: E('1'), dailyLimit: E('0.1'), sessionLimit: E('1') },
      });
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push((await governor.reserve({ action: 'swap', value: E('0.01') })).reservationId as string);
      }
      // 0.05 held; 20 extensions of 0.005 compete for the 0.05 left: exactly 10 win.
      const decisions = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          governor.extend({ id: ids[i % 5] as string, value: E('0.005') }),
        ),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
      const status = await governor.status();
      expect(status.spent.daily.reserved).toBe(E('0.1'));
      expect(status.openReservations.reduce((sum, r) => sum + r.reservedValue, 0n)).toBe(E('0.1'));
    });
  });
}
