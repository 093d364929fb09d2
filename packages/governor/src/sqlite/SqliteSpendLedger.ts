import { describeId } from '../internal/describeId.js';
import { BaseError } from '../errors/BaseError.js';
import { InvalidAmountError } from '../errors/InvalidAmountError.js';
import { LedgerError } from '../errors/LedgerError.js';
import { ReservationNotFoundError } from '../errors/ReservationNotFoundError.js';
import { ReservationSettledError } from '../errors/ReservationSettledError.js';
import type {
  LedgerCommitParameters,
  LedgerExtendParameters,
  LedgerExtendReturnType,
  LedgerKillSwitchParameters,
  LedgerReleaseParameters,
  LedgerReserveParameters,
  LedgerReserveReturnType,
  LedgerSnapshot,
  LedgerSnapshotParameters,
  LedgerStatusParameters,
  LedgerStatusReturnType,
  ReservationRecord,
  SpendLedger,
} from '../types.js';
import {
  amount,
  type ReservationRow,
  type SessionRow,
  type SnapshotFields,
  type SnapshotRow,
  type StateRow,
  toRecord,
  type Work,
  type WorkSession,
} from './rows.js';
import type { SqliteDatabaseLike } from './SqliteDatabaseLike.js';
import { migrate, prepareStatements, type Statements } from './statements.js';

/** Parameters of the {@link SqliteSpendLedger} constructor. */
export interface SqliteSpendLedgerParameters {
  /** An open better-sqlite3 database (owned by the caller; the ledger never closes it). */
  readonly database: SqliteDatabaseLike;
}

/** `PRAGMA synchronous` value of FULL. */
const SYNCHRONOUS_FULL = 2;

/** Most writes grouped into one transaction. */
const MAX_BATCH = 512;

function isCallerError(error: unknown): boolean {
  return (
    error instanceof ReservationNotFoundError ||
    error instanceof ReservationSettledError ||
    error instanceof InvalidAmountError
  );
}

/**
 * Persistent {@link SpendLedger} on SQLite (better-sqlite3 12.x), import it from `@org/governor/sqlite`. It owns
 * the `governor_*` tables and migrates them on construction; it switches the file to WAL. Every `reserve` is one
 * `BEGIN IMMEDIATE` transaction, so reservations from several connections or processes on the same file are
 * serialised and can never overshoot a cap (give each connection a busy timeout — better-sqlite3's default is
 * 5 s). Daily aggregates are maintained incrementally, so a decision costs O(1) amortised. A decision is reported
 * only after its COMMIT, on a connection whose `synchronous` pragma the ledger raises to FULL (never lowers). The
 * ledger never joins a transaction it did not open: called while the shared handle is inside a caller's
 * transaction, it refuses with `LEDGER_FAILURE` and records nothing.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * import { Governor } from '@org/governor';
 * import { SqliteSpendLedger } from '@org/governor/sqlite';
 *
 * const database = new Database('./.data/app.db');
 * const governor = new Governor({ ledger: new SqliteSpendLedger({ database }) });
 * ```
 */
export class SqliteSpendLedger implements SpendLedger {
  readonly #db: SqliteDatabaseLike;
  readonly #queue: {
    run: (work: Work) => unknown;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  }[] = [];
  #scheduled = false;
  readonly #s: Statements;

  constructor({ database }: SqliteSpendLedgerParameters) {
    if (typeof database?.prepare !== 'function' || typeof database.exec !== 'function') {
      throw new LedgerError({ shortMessage: 'SqliteSpendLedger needs an open better-sqlite3 Database.' });
    }
    this.#db = database;
    this.#guard(() => {
      database.exec('PRAGMA journal_mode = WAL');
      // A reservation is reported only once it is durable: on this connection a COMMIT must reach the disk.
      // Raised, never lowered (EXTRA stays EXTRA).
      const row = database.prepare('PRAGMA synchronous').get() as { synchronous: number } | undefined;
      if ((row?.synchronous ?? 0) < SYNCHRONOUS_FULL) database.exec('PRAGMA synchronous = FULL');
      migrate(database);
    });
    this.#s = this.#guard(() => prepareStatements(database));
  }

  async reserve({
    id,
    action,
    sessionId,
    at,
    windowStart,
    decide,
  }: LedgerReserveParameters): Promise<LedgerReserveReturnType> {
    return this.#enqueue((work) => {
      const snapshot = this.#read(work, sessionId, windowStart, at);
      const decision = decide(snapshot);
      if (decision.allowed && decision.value !== null) {
        const value = decision.value;
        this.#s.insert.run(id, action, sessionId, value.toString(), value.toString(), at);
        work.openSum += value;
        work.dirty = true;
        const session = this.#session(work, sessionId, at);
        session.reserved += value;
        session.dirty = true;
      }
      return { decision, snapshot };
    });
  }

  async extend({ id, at, windowStart, decide }: LedgerExtendParameters): Promise<LedgerExtendReturnType> {
    return this.#enqueue((work) => {
      const row = this.#open(id);
      const snapshot = this.#read(work, row.session_id, windowStart, at);
      const decision = decide(snapshot, toRecord(row));
      if (!decision.allowed || decision.value === null || decision.value <= 0n) {
        return { decision, snapshot, reservation: toRecord(row) };
      }
      const extra = decision.value;
      const reserved = (amount(row.reserved_value) + extra).toString();
      this.#s.extend.run(reserved, reserved, id);
      work.openSum += extra;
      work.dirty = true;
      const session = this.#session(work, row.session_id, at);
      session.reserved += extra;
      session.dirty = true;
      return {
        decision,
        snapshot,
        reservation: toRecord({ ...row, reserved_value: reserved, value: reserved }),
      };
    });
  }

  async commit({ id, at, value }: LedgerCommitParameters): Promise<ReservationRecord> {
    return this.#enqueue((work) => {
      const row = this.#open(id);
      const reserved = amount(row.reserved_value);
      const final = value ?? reserved;
      if (typeof final !== 'bigint' || final < 0n || final > reserved) {
        throw new InvalidAmountError({
          shortMessage: 'A commit value must be a bigint between 0 and the reserved value.',
        });
      }
      work.openSum -= reserved;
      if (row.reserved_at >= work.cursor) work.windowCommitted += final;
      work.dirty = true;
      const session = this.#session(work, row.session_id, at);
      session.reserved -= reserved;
      session.committed += final;
      session.dirty = true;
      this.#s.settle.run('committed', final.toString(), at, id);
      return toRecord({ ...row, status: 'committed', value: final.toString(), settled_at: at });
    });
  }

  async release({ id, at }: LedgerReleaseParameters): Promise<ReservationRecord> {
    return this.#enqueue((work) => {
      const row = this.#open(id);
      const reserved = amount(row.reserved_value);
      work.openSum -= reserved;
      work.dirty = true;
      const session = this.#session(work, row.session_id, at);
      session.reserved -= reserved;
      session.dirty = true;
      this.#s.settle.run('released', '0', at, id);
      return toRecord({ ...row, status: 'released', value: '0', settled_at: at });
    });
  }

  async setKillSwitch({ engaged, at }: LedgerKillSwitchParameters): Promise<void> {
    await this.#enqueue((work) => {
      work.killed = engaged === true;
      work.killedAt = at;
      work.dirty = true;
    });
  }

  async snapshot({ sessionId, windowStart }: LedgerSnapshotParameters): Promise<LedgerSnapshot> {
    return this.#guard(() => {
      this.#refuseForeignTransaction();
      const row = this.#s.readSnapshot.get({ sessionId, windowStart }) as SnapshotRow;
      return snapshotOf(JSON.parse(row.snapshot) as SnapshotFields, windowStart);
    });
  }

  /**
   * The snapshot and the open reservations in ONE statement: a consistent read (nothing another connection
   * commits can fall between the aggregates and the list), and no cache — every call reads the file.
   */
  async status({ sessionId, windowStart }: LedgerStatusParameters): Promise<LedgerStatusReturnType> {
    return this.#guard(() => {
      this.#refuseForeignTransaction();
      const row = this.#s.readStatus.get({ sessionId, windowStart }) as SnapshotRow;
      const fields = JSON.parse(row.snapshot) as SnapshotFields;
      return { snapshot: snapshotOf(fields, windowStart), openReservations: openReservationsOf(fields) };
    });
  }

  async listOpenReservations(): Promise<readonly ReservationRecord[]> {
    return this.#guard(() => {
      this.#refuseForeignTransaction();
      return (this.#s.listOpen.all() as ReservationRow[]).map(toRecord);
    });
  }

  /**
   * Group commit: writes issued in the same tick run in ONE `BEGIN IMMEDIATE` transaction, one after another in
   * arrival order (each decision sees every earlier one), and every promise settles only after COMMIT. The
   * aggregates are read once per batch and written once at its end (the lock keeps other writers out). A
   * caller error (unknown id, settled twice, bad value) is detected before that operation changes anything, so
   * it fails alone; any other error rolls the whole batch back and rejects all of it.
   */
  #enqueue<T>(run: (work: Work) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        queueMicrotask(() => this.#flush());
      }
    });
  }

  #flush(): void {
    this.#scheduled = false;
    const batch = this.#queue.splice(0, MAX_BATCH);
    if (this.#queue.length > 0) {
      this.#scheduled = true;
      queueMicrotask(() => this.#flush());
    }
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      this.#transaction(() => {
        const work = this.#load();
        for (const op of batch) {
          try {
            outcomes.push({ ok: true, value: op.run(work) });
          } catch (error) {
            if (!isCallerError(error)) throw error;
            outcomes.push({ ok: false, value: error });
          }
        }
        this.#save(work);
      });
    } catch (error) {
      for (const op of batch) op.reject(error);
      return;
    }
    batch.forEach((op, i) => {
      const outcome = outcomes[i] as { ok: boolean; value: unknown };
      if (outcome.ok) op.resolve(outcome.value);
      else op.reject(outcome.value);
    });
  }

  #load(): Work {
    const row = this.#s.getState.get() as StateRow;
    return {
      killed: row.kill_switch === 1,
      killedAt: row.kill_switch_changed_at,
      openSum: amount(row.open_sum),
      cursor: row.window_cursor,
      windowCommitted: amount(row.window_committed),
      dirty: false,
      sessions: new Map(),
    };
  }

  #save(work: Work): void {
    if (work.dirty) {
      this.#s.putState.run(
        work.killed ? 1 : 0,
        work.killedAt,
        work.openSum.toString(),
        work.cursor,
        work.windowCommitted.toString(),
      );
    }
    for (const [sessionId, session] of work.sessions) {
      if (!session.dirty) continue;
      this.#s.putSession.run(
        sessionId,
        session.reserved.toString(),
        session.committed.toString(),
        session.startedAt,
      );
    }
  }

  /** The snapshot for a decision inside a write batch; it also advances the window cursor. */
  #read(work: Work, sessionId: string, windowStart: number, at: number): LedgerSnapshot {
    let dailyCommitted: bigint;
    if (windowStart > work.cursor) {
      dailyCommitted = work.windowCommitted - this.#committedBetween(work.cursor, windowStart);
      work.windowCommitted = dailyCommitted;
      work.cursor = windowStart;
      work.dirty = true;
    } else if (windowStart < work.cursor) {
      // A clock that lags the cursor (another process, or a step back): count the older part too.
      dailyCommitted = work.windowCommitted + this.#committedBetween(windowStart, work.cursor);
    } else {
      dailyCommitted = work.windowCommitted;
    }
    const session = this.#session(work, sessionId, at);
    return {
      killed: work.killed,
      daily: { committed: dailyCommitted, reserved: work.openSum },
      session: { committed: session.committed, reserved: session.reserved },
    };
  }

  #committedBetween(from: number, to: number): bigint {
    let sum = 0n;
    for (const row of this.#s.committedBetween.all(from, to) as { value: string }[]) sum += amount(row.value);
    return sum;
  }

  #session(work: Work, sessionId: string, at: number): WorkSession {
    let session = work.sessions.get(sessionId);
    if (session === undefined) {
      const row = this.#s.getSession.get(sessionId) as SessionRow | undefined;
      session =
        row === undefined
          ? { reserved: 0n, committed: 0n, startedAt: at, dirty: false }
          : {
              reserved: amount(row.reserved_sum),
              committed: amount(row.committed_sum),
              startedAt: at,
              dirty: false,
            };
      work.sessions.set(sessionId, session);
    }
    return session;
  }

  #open(id: string): ReservationRow {
    // Checked here, as a caller error: binding a non-string would fail the whole group-commit batch.
    if (typeof id !== 'string') throw new ReservationNotFoundError({ id: describeId(id) });
    const row = this.#s.get.get(id) as ReservationRow | undefined;
    if (row === undefined) throw new ReservationNotFoundError({ id });
    if (row.status !== 'reserved') throw new ReservationSettledError({ id, status: row.status });
    return row;
  }

  /**
   * Runs `fn` in a transaction the ledger opens and commits itself. It never joins a transaction it did not open:
   * a caller's later ROLLBACK would erase reservations already reported as allowed (seen: five 0.05 ETH swaps
   * allowed under a 0.05 ETH daily cap, daily total 0). Inside a foreign transaction it refuses (fail closed).
   */
  #transaction<T>(fn: () => T): T {
    return this.#guard(() => {
      this.#refuseForeignTransaction();
      this.#s.beginImmediate.run();
      try {
        const result = fn();
        this.#s.commit.run();
        return result;
      } catch (error) {
        if (this.#db.inTransaction) this.#s.rollback.run();
        throw error;
      }
    });
  }

  #refuseForeignTransaction(): void {
    if (this.#db.inTransaction) {
      throw new LedgerError({
        shortMessage:
          'The spend ledger does not run inside a transaction it did not open: commit or roll back first (nothing was recorded).',
      });
    }
  }

  #guard<T>(fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof BaseError) throw error;
      throw new LedgerError({ shortMessage: 'The SQLite spend ledger failed.', cause: error });
    }
  }
}

/** The snapshot a read returns (what `#read` computes inside a write batch, without moving the cursor). */
function snapshotOf(fields: SnapshotFields, windowStart: number): LedgerSnapshot {
  const [killSwitch, openSum, cursor, committed, sessionReserved, sessionCommitted, committedBetween] =
    fields;
  let between = 0n;
  for (const value of committedBetween) between += amount(value);
  const windowCommitted = amount(committed);
  return {
    killed: killSwitch === 1,
    daily: {
      // Past the cursor, the part before the window start has left the window; before it (a lagging clock), the
      // older part still counts.
      committed: windowStart >= cursor ? windowCommitted - between : windowCommitted + between,
      reserved: amount(openSum),
    },
    session: {
      committed: sessionCommitted === null ? 0n : amount(sessionCommitted),
      reserved: sessionReserved === null ? 0n : amount(sessionReserved),
    },
  };
}

function openReservationsOf(fields: SnapshotFields): ReservationRecord[] {
  return (fields[7] ?? []).map(([id, action, session_id, reserved_value, value, reserved_at]) =>
    toRecord({
      id,
      action,
      session_id,
      reserved_value,
      value,
      status: 'reserved',
      reserved_at,
      settled_at: null,
    }),
  );
}
