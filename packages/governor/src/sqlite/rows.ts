import { LedgerError } from '../errors/LedgerError.js';
import type { ReservationRecord, ReservationStatus } from '../types.js';

export interface StateRow {
  kill_switch: number;
  kill_switch_changed_at: number | null;
  open_sum: string;
  window_cursor: number;
  window_committed: string;
}
/** Aggregates of one batch, read once under the write lock and saved once before COMMIT. */
export interface Work {
  killed: boolean;
  killedAt: number | null;
  openSum: bigint;
  cursor: number;
  windowCommitted: bigint;
  dirty: boolean;
  sessions: Map<string, WorkSession>;
}
export interface WorkSession {
  reserved: bigint;
  committed: bigint;
  startedAt: number;
  dirty: boolean;
}
export interface SessionRow {
  reserved_sum: string;
  committed_sum: string;
}
export interface ReservationRow {
  id: string;
  action: string;
  session_id: string;
  reserved_value: string;
  value: string;
  status: ReservationStatus;
  reserved_at: number;
  settled_at: number | null;
}

/** A row of the one-statement reads (`readSnapshot`, `readStatus`): one JSON array, see `statements.ts`. */
export interface SnapshotRow {
  snapshot: string;
}

/** The parsed array of a {@link SnapshotRow}; `readStatus` adds the open reservations. */
export type SnapshotFields = [
  killSwitch: number,
  openSum: string,
  windowCursor: number,
  windowCommitted: string,
  sessionReserved: string | null,
  sessionCommitted: string | null,
  committedBetween: string[],
  openReservations?: [
    id: string,
    action: string,
    sessionId: string,
    reserved: string,
    value: string,
    at: number,
  ][],
];

export function amount(text: string): bigint {
  if (!/^[0-9]+$/.test(text))
    throw new LedgerError({ shortMessage: `Corrupt amount in the ledger: "${text}".` });
  return BigInt(text);
}

export function toRecord(row: ReservationRow): ReservationRecord {
  return Object.freeze({
    id: row.id,
    action: row.action,
    sessionId: row.session_id,
    reservedValue: amount(row.reserved_value),
    value: amount(row.value),
    status: row.status,
    reservedAt: row.reserved_at,
    settledAt: row.settled_at,
  });
}
