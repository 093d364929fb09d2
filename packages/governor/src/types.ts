/** How the daily cap's window is measured. */
export type DailyWindow = 'rolling-24h' | 'utc-day';

/** The caps, in wei (18-decimal fixed point of ETH-equivalent). Build one with {@link createPolicy}. */
export interface Policy {
  readonly maxPerTx: bigint;
  readonly dailyLimit: bigint;
  readonly sessionLimit: bigint;
  readonly dailyWindow: DailyWindow;
}

/** Stable decision codes; part of the public API. */
export type DecisionCode =
  | 'ALLOWED'
  | 'KILL_SWITCH_ENGAGED'
  | 'REQUEST_INVALID'
  | 'VALUE_UNKNOWN'
  | 'VALUE_INVALID'
  | 'PER_TX_LIMIT_EXCEEDED'
  | 'DAILY_LIMIT_EXCEEDED'
  | 'SESSION_LIMIT_EXCEEDED'
  | 'CONFIRMATION_REJECTED'
  | 'CONFIRMATION_TIMEOUT'
  | 'CONFIRMATION_ERROR';

/** Headroom in wei. `perTx` is the most the next single request could spend (min of the three caps). */
export interface Remaining {
  readonly perTx: bigint;
  readonly daily: bigint;
  readonly session: bigint;
}

/** The outcome of evaluating one request. `remaining` is filled on every decision, denials included. */
export interface Decision {
  readonly allowed: boolean;
  readonly code: DecisionCode;
  readonly reason: string;
  /** The action name as given (empty string when it was not a string). */
  readonly action: string;
  /** The value in wei, or `null` when it was unknown or invalid. */
  readonly value: bigint | null;
  /** Headroom after this decision (an allowed value is already subtracted). */
  readonly remaining: Remaining;
}

/**
 * What is being asked for. Give the native value as `value` (wei, bigint; `null` = unknown) **or** the tool's
 * raw `args` (the value is then taken by {@link estimateValue}), not both.
 */
export interface SpendRequest {
  readonly action: string;
  readonly value?: bigint | null;
  readonly args?: Readonly<Record<string, unknown>>;
}

/** Spend already counted in one window, in wei. */
export interface WindowSpend {
  /** Settled spend (committed reservations). */
  readonly committed: bigint;
  /** Open reservations (reserved, not yet committed or released). */
  readonly reserved: bigint;
}

/** The ledger state a decision is taken against. */
export interface LedgerSnapshot {
  readonly killed: boolean;
  readonly daily: WindowSpend;
  readonly session: WindowSpend;
}

/** Lifecycle of a reservation. */
export type ReservationStatus = 'reserved' | 'committed' | 'released';

/** One reservation as stored by a ledger. */
export interface ReservationRecord {
  readonly id: string;
  readonly action: string;
  readonly sessionId: string;
  /** Amount held at reservation time (wei). */
  readonly reservedValue: bigint;
  /** Amount that counts: `reservedValue` while open, the committed amount once committed, 0 once released. */
  readonly value: bigint;
  readonly status: ReservationStatus;
  /** Epoch milliseconds; the spend counts in the daily window at this instant. */
  readonly reservedAt: number;
  readonly settledAt: number | null;
}

/** Parameters of {@link SpendLedger.reserve}. */
export interface LedgerReserveParameters {
  readonly id: string;
  readonly action: string;
  readonly sessionId: string;
  /** Epoch milliseconds of the request. */
  readonly at: number;
  /** First instant (inclusive, epoch ms) of the daily window for `at`. */
  readonly windowStart: number;
  /**
   * Pure, synchronous decision taken inside the atomic operation. When it returns `allowed`, the ledger
   * records a reservation of `decision.value` before any other reservation can be decided.
   */
  readonly decide: (snapshot: LedgerSnapshot) => Decision;
}

/** Result of {@link SpendLedger.reserve}. */
export interface LedgerReserveReturnType {
  readonly decision: Decision;
  readonly snapshot: LedgerSnapshot;
}

/** Parameters of {@link SpendLedger.commit}. */
export interface LedgerCommitParameters {
  readonly id: string;
  readonly at: number;
  /** Actual spend, 0 ≤ value ≤ reserved value; defaults to the reserved value. */
  readonly value?: bigint;
}

/** Parameters of {@link SpendLedger.extend}. */
export interface LedgerExtendParameters {
  readonly id: string;
  /** Epoch milliseconds of the request. */
  readonly at: number;
  /** First instant (inclusive, epoch ms) of the daily window for `at`. */
  readonly windowStart: number;
  /**
   * Pure, synchronous decision taken inside the atomic operation, on the snapshot of the reservation's session and
   * the open reservation as it stands. When it returns `allowed`, the ledger adds `decision.value` to the
   * reservation (its reserved value and what counts) before any other reservation or extension can be decided.
   */
  readonly decide: (snapshot: LedgerSnapshot, reservation: ReservationRecord) => Decision;
}

/** Result of {@link SpendLedger.extend}. */
export interface LedgerExtendReturnType {
  readonly decision: Decision;
  readonly snapshot: LedgerSnapshot;
  /** The reservation after the decision (grown when allowed, unchanged when denied). */
  readonly reservation: ReservationRecord;
}

/** Parameters of {@link SpendLedger.release}. */
export interface LedgerReleaseParameters {
  readonly id: string;
  readonly at: number;
}

/** Parameters of {@link SpendLedger.setKillSwitch}. */
export interface LedgerKillSwitchParameters {
  readonly engaged: boolean;
  readonly at: number;
}

/** Parameters of {@link SpendLedger.snapshot}. */
export interface LedgerSnapshotParameters {
  readonly sessionId: string;
  readonly windowStart: number;
}

/** Parameters of {@link SpendLedger.status}. */
export interface LedgerStatusParameters {
  readonly sessionId: string;
  readonly windowStart: number;
}

/** Result of {@link SpendLedger.status}: the snapshot and the open reservations, as of one instant. */
export interface LedgerStatusReturnType {
  readonly snapshot: LedgerSnapshot;
  /** Open reservations, oldest first, as {@link SpendLedger.listOpenReservations} lists them. */
  readonly openReservations: readonly ReservationRecord[];
}

/**
 * Storage behind a governor. Implementations must make `reserve` one atomic operation (read state → decide →
 * record) with respect to every other caller of the same store, including other processes.
 *
 * Counting rule, shared by all implementations:
 * - daily spend = committed values reserved at or after `windowStart` + **every** open reservation (whatever
 *   its age: an abandoned reservation counts until it is committed or released — never silently dropped);
 * - session spend = committed + open values of reservations made under that `sessionId`.
 */
export interface SpendLedger {
  reserve(parameters: LedgerReserveParameters): Promise<LedgerReserveReturnType>;
  /**
   * Optional: grows an OPEN reservation, as one atomic operation like `reserve` (read state → decide → record).
   * Unknown id rejects with `RESERVATION_NOT_FOUND`, a settled one with `RESERVATION_ALREADY_SETTLED`.
   * `Governor.extend` needs it (a ledger without it refuses every extension with `GOVERNOR_CONFIGURATION_INVALID`).
   */
  extend?(parameters: LedgerExtendParameters): Promise<LedgerExtendReturnType>;
  commit(parameters: LedgerCommitParameters): Promise<ReservationRecord>;
  release(parameters: LedgerReleaseParameters): Promise<ReservationRecord>;
  setKillSwitch(parameters: LedgerKillSwitchParameters): Promise<void>;
  snapshot(parameters: LedgerSnapshotParameters): Promise<LedgerSnapshot>;
  listOpenReservations(): Promise<readonly ReservationRecord[]>;
  /**
   * Optional: {@link SpendLedger.snapshot} and {@link SpendLedger.listOpenReservations} in ONE consistent read
   * (no write can fall between them). `Governor.status` uses it when present, and otherwise calls the two.
   */
  status?(parameters: LedgerStatusParameters): Promise<LedgerStatusReturnType>;
}
