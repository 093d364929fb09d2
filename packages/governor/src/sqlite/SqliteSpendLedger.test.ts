import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Governor } from '../Governor.js';
import { parseEther } from '../parseEther.js';
import { describeLedgerContract, testClock } from '../testing/ledgerContract.js';
import { SqliteSpendLedger } from './SqliteSpendLedger.js';

const E = (text: string) => parseEther(text);
const dir = mkdtempSync(join(tmpdir(), 'governor-sqlite-'));
const open: Database.Database[] = [];
const connect = (file: string) => {
  const db = new Database(file);
  open.push(db);
  return db;
};
afterAll(() => {
  for (const db of open) if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
describeLedgerContract(
  'SqliteSpendLedger',
  () => new SqliteSpendLedger({ database: connect(join(dir, `c${n++}.db`)) }),
);

describe('SqliteSpendLedger', () => {
  it('switches the file to WAL and migrates idempotently', () => {
    const file = join(dir, 'wal.db');
    const db = connect(file);
    new SqliteSpendLedger({ database: db });
    new SqliteSpendLedger({ database: connect(file) });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT version FROM governor_migrations').all()).toEqual([{ version: 1 }]);
  });

  it('an extension survives a restart, and another connection on the file sees it (and a commit up to it)', async () => {
    const file = join(dir, 'extend-restart.db');
    const clock = testClock();
    let db = connect(file);
    const first = new Governor({ ledger: new SqliteSpendLedger({ database: db }), clock: clock.now });
    const held = await first.reserve({ action: 'swap', value: E('0.02') });
    const id = held.reservationId as string;
    expect((await first.extend({ id, value: E('0.01') })).allowed).toBe(true);
    const other = new Governor({
      ledger: new SqliteSpendLedger({ database: connect(file) }),
      clock: clock.now,
    });
    expect((await other.status()).spent.daily.reserved).toBe(E('0.03'));
    db.close();
    db = connect(file);
    const after = new Governor({ ledger: new SqliteSpendLedger({ database: db }), clock: clock.now });
    expect((await after.status()).openReservations.map((r) => [r.id, r.reservedValue, r.value])).toEqual([
      [id, E('0.03'), E('0.03')],
    ]);
    await after.commit({ id, value: E('0.03') });
    expect((await after.status()).spent.daily).toEqual({
      committed: E('0.03'),
      reserved: 0n,
      total: E('0.03'),
    });
  });

  it('survives a restart: daily spend, open reservations and the kill switch persist; the session resets', async () => {
    const file = join(dir, 'restart.db');
    const clock = testClock();
    let db = connect(file);
    const before = new Governor({ ledger: new SqliteSpendLedger({ database: db }), clock: clock.now });
    const spent = await before.reserve({ action: 'swap', value: E('0.05') });
    await before.commit({ id: spent.reservationId as string });
    const pending = await before.reserve({ action: 'swap', value: E('0.02') });
    await before.kill();
    db.close();

    clock.advance(60_000);
    db = connect(file);
    const after = new Governor({ ledger: new SqliteSpendLedger({ database: db }), clock: clock.now });
    const status = await after.status();
    expect(status.killSwitch).toBe(true);
    expect(status.spent.daily).toEqual({ committed: E('0.05'), reserved: E('0.02'), total: E('0.07') });
    expect(status.spent.session).toEqual({ committed: 0n, reserved: 0n, total: 0n });
    expect(status.sessionId).not.toBe(before.sessionId);
    expect(status.openReservations).toEqual([
      expect.objectContaining({
        id: pending.reservationId,
        reservedValue: E('0.02'),
        sessionId: before.sessionId,
      }),
    ]);
    expect((await after.reserve({ action: 'swap', value: 1n })).code).toBe('KILL_SWITCH_ENGAGED');
    await after.unkill();
    // The reservation left open by the crashed session is reconciled by the operator.
    await after.release({ id: pending.reservationId as string });
    const d = await after.reserve({ action: 'swap', value: E('0.05') });
    expect(d.remaining).toEqual({ perTx: E('0.05'), daily: E('0.4'), session: E('0.95') });
  });

  it('serialises reservations across connections to the same file', async () => {
    const file = join(dir, 'multi.db');
    const clock = testClock();
    const governors = [0, 1, 2].map(
      (i) =>
        new Governor({
          ledger: new SqliteSpendLedger({ database: connect(file) }),
          clock: clock.now,
          sessionId: `s${i}`,
        }),
    );
    const decisions = [];
    for (let i = 0; i < 12; i++) {
      decisions.push(await (governors[i % 3] as Governor).reserve({ action: 'swap', value: E('0.05') }));
    }
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    expect((await (governors[0] as Governor).status()).spent.daily.reserved).toBe(E('0.5'));
  });

  it('never joins a caller transaction: inside one it refuses every reservation, and a foreign ROLLBACK erases nothing', async () => {
    const db = connect(join(dir, 'foreign.db'));
    const ledger = new SqliteSpendLedger({ database: db });
    const governor = new Governor({ ledger, policy: { maxPerTx: E('0.05'), dailyLimit: E('0.05') } });
    // The probe's scenario: five 0.05 swaps under a 0.05 daily cap while the shared handle is in a transaction.
    db.exec('BEGIN');
    const inside = await Promise.allSettled(
      Array.from({ length: 5 }, () => governor.reserve({ action: 'swap', value: E('0.05') })),
    );
    expect(inside.map((r) => r.status)).toEqual(Array(5).fill('rejected'));
    for (const r of inside)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'LEDGER_FAILURE' });
    await expect(governor.status()).rejects.toMatchObject({ code: 'LEDGER_FAILURE' });
    // Reads refuse too: inside a caller's transaction they could report its uncommitted writes.
    const read = { sessionId: governor.sessionId, windowStart: 0 };
    await expect(ledger.snapshot(read)).rejects.toMatchObject({ code: 'LEDGER_FAILURE' });
    await expect(ledger.status(read)).rejects.toMatchObject({ code: 'LEDGER_FAILURE' });
    await expect(ledger.listOpenReservations()).rejects.toMatchObject({ code: 'LEDGER_FAILURE' });
    db.exec('ROLLBACK');
    expect((await governor.status()).spent.daily.total).toBe(0n);

    // Outside any foreign transaction: exactly one fits, and it survives a later foreign BEGIN/ROLLBACK.
    const outside = await Promise.all(
      Array.from({ length: 5 }, () => governor.reserve({ action: 'swap', value: E('0.05') })),
    );
    expect(outside.filter((d) => d.allowed)).toHaveLength(1);
    db.exec('BEGIN');
    db.exec('ROLLBACK');
    const after = await governor.status();
    expect(after.spent.daily.reserved).toBe(E('0.05'));
    expect(after.openReservations).toHaveLength(1);
  });

  it('raises the connection to synchronous=FULL (a reservation is durable before it is reported), never lowers it', () => {
    const off = connect(join(dir, 'sync-off.db'));
    off.pragma('synchronous = OFF');
    new SqliteSpendLedger({ database: off });
    expect(off.pragma('synchronous', { simple: true })).toBe(2);
    const extra = connect(join(dir, 'sync-extra.db'));
    extra.pragma('synchronous = EXTRA');
    new SqliteSpendLedger({ database: extra });
    expect(extra.pragma('synchronous', { simple: true })).toBe(3);
  });

  it('a process whose clock lags still counts the older committed spend of its daily window', async () => {
    const file = join(dir, 'lagging.db');
    const T = Date.UTC(2025, 0, 1, 0);
    const HOUR = 3_600_000;
    const policy = { maxPerTx: E('0.5'), dailyLimit: E('0.5'), sessionLimit: E('10') };
    const leading = testClock(T);
    const lagging = testClock(T);
    const a = new Governor({
      ledger: new SqliteSpendLedger({ database: connect(file) }),
      clock: leading.now,
      policy,
    });
    const b = new Governor({
      ledger: new SqliteSpendLedger({ database: connect(file) }),
      clock: lagging.now,
      policy,
    });
    const first = await b.reserve({ action: 'swap', value: E('0.4') });
    await b.commit({ id: first.reservationId as string });
    // The leading process writes 25 h later: the ledger's window cursor moves past the 0.4 spend.
    leading.set(T + 25 * HOUR);
    const small = await a.reserve({ action: 'swap', value: E('0.01') });
    await a.commit({ id: small.reservationId as string });
    // The lagging process is at T + 23 h: its rolling window still holds the 0.4 (and the 0.01).
    lagging.set(T + 23 * HOUR);
    // Its reads count it too (one-statement status and snapshot), while the leading process sees only the 0.01.
    expect((await b.status()).spent.daily).toEqual({ committed: E('0.41'), reserved: 0n, total: E('0.41') });
    expect((await b.status()).remaining.daily).toBe(E('0.09'));
    expect((await a.status()).spent.daily.committed).toBe(E('0.01'));
    const over = await b.reserve({ action: 'swap', value: E('0.1') });
    expect(over.code).toBe('DAILY_LIMIT_EXCEEDED');
    const fits = await b.reserve({ action: 'swap', value: E('0.09') });
    expect(fits.code).toBe('ALLOWED');
  });

  it('while the kill switch is engaged, remaining is zero in the status and on every decision (SQLite)', async () => {
    const governor = new Governor({
      ledger: new SqliteSpendLedger({ database: connect(join(dir, 'kill.db')) }),
    });
    await governor.kill();
    const zero = { perTx: 0n, daily: 0n, session: 0n };
    expect((await governor.status()).remaining).toEqual(zero);
    expect((await governor.reserve({ action: 'swap', value: 1n })).remaining).toEqual(zero);
    await governor.unkill();
    expect((await governor.status()).remaining.perTx).toBe(E('0.05'));
  });

  it('group commit: a caller error fails alone, the rest of the batch commits', async () => {
    const governor = new Governor({
      ledger: new SqliteSpendLedger({ database: connect(join(dir, 'batch.db')) }),
    });
    const results = await Promise.allSettled([
      governor.reserve({ action: 'swap', value: E('0.01') }),
      governor.commit({ id: 'unknown' }),
      governor.reserve({ action: 'swap', value: E('0.02') }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'RESERVATION_NOT_FOUND' });
    expect((await governor.status()).spent.daily.reserved).toBe(E('0.03'));
  });

  it('group commit: a malformed request or id in the batch fails alone, never its neighbours', async () => {
    const governor = new Governor({
      ledger: new SqliteSpendLedger({ database: connect(join(dir, 'batch-malformed.db')) }),
    });
    const evilArgs = Object.defineProperty({}, 'amount', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    }) as Record<string, unknown>;
    const results = await Promise.allSettled([
      governor.reserve({ action: 'swap', value: E('0.01') }),
      governor.reserve({ action: 'swap', args: evilArgs }),
      governor.commit({ id: 42 as unknown as string }),
      governor.reserve({ action: 'swap', value: E('0.02') }),
    ]);
    expect(
      results.map((r) => (r.status === 'fulfilled' ? (r.value as { code?: string }).code : r.reason.code)),
    ).toEqual(['ALLOWED', 'REQUEST_INVALID', 'RESERVATION_NOT_FOUND', 'ALLOWED']);
    expect((await governor.status()).spent.daily.reserved).toBe(E('0.03'));
  });

  it('group commit: an infrastructure error rolls the whole batch back and rejects all of it', async () => {
    const governor = new Governor({
      ledger: new SqliteSpendLedger({ database: connect(join(dir, 'batch-fail.db')) }),
      createId: () => 'same-id',
    });
    const results = await Promise.allSettled([
      governor.reserve({ action: 'swap', value: E('0.01') }),
      governor.reserve({ action: 'swap', value: E('0.02') }),
    ]);
    for (const r of results) {
      expect(r).toMatchObject({ status: 'rejected', reason: { code: 'LEDGER_FAILURE' } });
    }
    const status = await governor.status();
    expect(status.spent.daily.total).toBe(0n);
    expect(status.openReservations).toEqual([]);
  });

  it('wraps database failures in LEDGER_FAILURE', async () => {
    const db = connect(join(dir, 'closed.db'));
    const governor = new Governor({ ledger: new SqliteSpendLedger({ database: db }) });
    db.close();
    await expect(governor.reserve({ action: 'swap', value: 1n })).rejects.toMatchObject({
      code: 'LEDGER_FAILURE',
      name: 'LedgerError',
    });
  });

  it('refuses a database from a newer schema and a non-database', () => {
    const db = connect(join(dir, 'future.db'));
    new SqliteSpendLedger({ database: db });
    db.prepare('INSERT INTO governor_migrations (version, applied_at) VALUES (99, 0)').run();
    expect(() => new SqliteSpendLedger({ database: db })).toThrow(
      expect.objectContaining({ code: 'LEDGER_FAILURE' }),
    );
    expect(() => new SqliteSpendLedger({ database: {} as Database.Database })).toThrow(
      expect.objectContaining({ code: 'LEDGER_FAILURE' }),
    );
  });
});
