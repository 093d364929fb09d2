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

/** A row of the one-statement snapshot read (`readSnapshot`, and `readStatus` with `open_reservations`). */
export interface SnapshotRow {
  kill_switch: number;
  open_sum: string;
  window_cursor: number;
  window_committed: string;
  session_reserved: string | null;
  session_committed: string | null;
  /** JSON array of the committed values (decimal strings) between the cursor and the window start. */
  committed_between: string;
  /** JSON array of `[id, action, session_id, reserved_value, value, reserved_at]`, oldest first. */
  open_reservations?: string;
}

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
