import { BaseError } from '../errors/BaseError.js';
import { InvalidAmountError } from '../errors/InvalidAmountError.js';
import { LedgerError } from '../errors/LedgerError.js';
import { ReservationNotFoundError } from '../errors/ReservationNotFoundError.js';
import { ReservationSettledError } from '../errors/ReservationSettledError.js';
import { describeId } from '../internal/describeId.js';
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
} from '../types.js';
import { GOVERNOR_MIGRATIONS } from './governorMigrations.js';
import type { PostgresClientLike, PostgresPoolLike } from './PostgresPoolLike.js';
import { PostgresTransactions } from './PostgresTransactions.js';

/** Parameters of the {@link PostgresSpendLedger} constructor. */
export interface PostgresSpendLedgerParameters {
  /** A node-postgres (pg 8.x) `Pool`, owned by the caller; the ledger checks out one connection per operation. */
  readonly pool: PostgresPoolLike;
  /** Schema of the `governor_*` tables (created when missing). Default `public`. */
  readonly schema?: string;
  /**
   * Take the time of every decision from the database (`clock_timestamp()`), not from the calling process: the
   * instances sharing one ledger then agree on the rolling window whatever their own clocks say. The window is
   * moved by the difference between the two clocks. Default `false` (the governor's clock, as the other ledgers).
   */
  readonly databaseClock?: boolean;
}

interface ReservationRow {
  id: string;
  action: string;
  session_id: string;
  reserved_value: string;
  value: string;
  status: ReservationStatus;
  reserved_at: string;
  settled_at: string | null;
}

interface SnapshotRow {
  kill_switch: boolean;
  daily_committed: string;
  open_sum: string;
  session_reserved: string;
  session_committed: string;
}

/**
 * Persistent {@link SpendLedger} on PostgreSQL, import it from `@org/governor/postgres`: several processes (server
 * instances behind a load balancer) share one set of caps and one kill switch. Every write is one transaction on a
 * connection the ledger checks out itself, serialised on the one `governor_state` row (`SELECT … FOR UPDATE`): the
 * aggregates are read under that lock, the decision taken, the reservation recorded and COMMITted before the
 * promise settles — two instances can never both fit under the last of a cap. Amounts are `numeric(78, 0)`
 * (exact base units). The lock is never held across anything but SQL.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * import { Governor } from '@org/governor';
 * import { PostgresSpendLedger } from '@org/governor/postgres';
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * const governor = new Governor({ ledger: new PostgresSpendLedger({ pool, databaseClock: true }) });
 * ```
 */
export class PostgresSpendLedger implements SpendLedger {
  readonly #db: PostgresTransactions;
  readonly #databaseClock: boolean;

  constructor({ pool, schema, databaseClock = false }: PostgresSpendLedgerParameters) {
    // A caller error (unknown id, settled twice, bad value) rolls back and is rethrown as is; anything else is
    // `LEDGER_FAILURE`, and nothing was recorded.
    this.#db = new PostgresTransactions({
      pool,
      schema,
      owner: 'PostgresSpendLedger',
      migrations: GOVERNOR_MIGRATIONS,
      failure: (shortMessage, cause) => new LedgerError({ shortMessage, cause }),
      isTyped: (error) => error instanceof BaseError,
    });
    this.#databaseClock = databaseClock;
  }

  async reserve({
    id,
    action,
    sessionId,
    at,
    windowStart,
    decide,
  }: LedgerReserveParameters): Promise<LedgerReserveReturnType> {
    return this.#db.transaction(async (client) => {
      const clock = await this.#clock(client, at, windowStart);
      const snapshot = await this.#lockedSnapshot(client, sessionId, clock.windowStart);
      const decision = decide(snapshot);
      if (decision.allowed && decision.value !== null) {
        await client.query(
          `INSERT INTO ${this.#t('governor_reservations')}
             (id, action, session_id, reserved_value, value, status, reserved_at)
           VALUES ($1, $2, $3, $4, $4, 'reserved', $5)`,
          [id, action, sessionId, decision.value.toString(), clock.at],
        );
      }
      return { decision, snapshot };
    });
  }

  async extend({ id, at, windowStart, decide }: LedgerExtendParameters): Promise<LedgerExtendReturnType> {
    return this.#db.transaction(async (client) => {
      const clock = await this.#clock(client, at, windowStart);
      await this.#lockState(client);
      const row = await this.#open(client, id);
      const snapshot = await this.#snapshot(client, row.session_id, clock.windowStart);
      const decision = decide(snapshot, toRecord(row));
      if (!decision.allowed || decision.value === null || decision.value <= 0n) {
        return { decision, snapshot, reservation: toRecord(row) };
      }
      const reserved = (BigInt(row.reserved_value) + decision.value).toString();
      await client.query(
        `UPDATE ${this.#t('governor_reservations')} SET reserved_value = $1, value = $1 WHERE id = $2`,
        [reserved, id],
      );
      return {
        decision,
        snapshot,
        reservation: toRecord({ ...row, reserved_value: reserved, value: reserved }),
      };
    });
  }

  async commit({ id, at, value }: LedgerCommitParameters): Promise<ReservationRecord> {
    return this.#db.transaction(async (client) => {
      const settledAt = (await this.#clock(client, at, at)).at;
      await this.#lockState(client);
      const row = await this.#open(client, id);
      const reserved = BigInt(row.reserved_value);
      const final = value ?? reserved;
      if (typeof final !== 'bigint' || final < 0n || final > reserved) {
        throw new InvalidAmountError({
          shortMessage: 'A commit value must be a bigint between 0 and the reserved value.',
        });
      }
      await this.#settle(client, id, 'committed', final, settledAt);
      return toRecord({
        ...row,
        status: 'committed',
        value: final.toString(),
        settled_at: String(settledAt),
      });
    });
  }

  async release({ id, at }: LedgerReleaseParameters): Promise<ReservationRecord> {
    return this.#db.transaction(async (client) => {
      const settledAt = (await this.#clock(client, at, at)).at;
      await this.#lockState(client);
      const row = await this.#open(client, id);
      await this.#settle(client, id, 'released', 0n, settledAt);
      return toRecord({ ...row, status: 'released', value: '0', settled_at: String(settledAt) });
    });
  }

  async setKillSwitch({ engaged, at }: LedgerKillSwitchParameters): Promise<void> {
    await this.#db.transaction(async (client) => {
      const changedAt = (await this.#clock(client, at, at)).at;
      await client.query(
        `UPDATE ${this.#t('governor_state')} SET kill_switch = $1, kill_switch_changed_at = $2 WHERE id = 1`,
        [engaged === true, changedAt],
      );
    });
  }

  async snapshot({ sessionId, windowStart }: LedgerSnapshotParameters): Promise<LedgerSnapshot> {
    return (await this.status({ sessionId, windowStart })).snapshot;
  }

  /** The snapshot and the open reservations in one REPEATABLE READ transaction: one consistent picture. */
  async status({ sessionId, windowStart }: LedgerStatusParameters): Promise<LedgerStatusReturnType> {
    return this.#db.transaction(async (client) => {
      const start = (await this.#clock(client, Date.now(), windowStart)).windowStart;
      const snapshot = await this.#snapshot(client, sessionId, start);
      const openReservations = await this.#listOpen(client);
      return { snapshot, openReservations };
    }, 'ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  }

  async listOpenReservations(): Promise<readonly ReservationRecord[]> {
    return this.#db.transaction((client) => this.#listOpen(client), 'READ ONLY');
  }

  #t(table: string): string {
    return this.#db.t(table);
  }

  async #listOpen(client: PostgresClientLike): Promise<ReservationRecord[]> {
    const { rows } = await client.query(
      `SELECT * FROM ${this.#t('governor_reservations')} WHERE status = 'reserved' ORDER BY reserved_at, id`,
    );
    return (rows as unknown as ReservationRow[]).map(toRecord);
  }

  /**
   * The instant of a decision and its window start. With `databaseClock`, the database's clock, and the window
   * moved by the same difference (a rolling window keeps its length).
   */
  async #clock(
    client: PostgresClientLike,
    at: number,
    windowStart: number,
  ): Promise<{ at: number; windowStart: number }> {
    if (!this.#databaseClock) return { at, windowStart };
    const { rows } = await client.query(
      'SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now',
    );
    const now = Number(rows[0]?.now);
    return { at: now, windowStart: windowStart + (now - at) };
  }

  async #lockState(client: PostgresClientLike): Promise<boolean> {
    const { rows } = await client.query(
      `SELECT kill_switch FROM ${this.#t('governor_state')} WHERE id = 1 FOR UPDATE`,
    );
    if (rows.length !== 1) throw new LedgerError({ shortMessage: 'The governor_state row is missing.' });
    return rows[0]?.kill_switch === true;
  }

  /** Takes the lock every write serialises on, then reads the aggregates under it. */
  async #lockedSnapshot(
    client: PostgresClientLike,
    sessionId: string,
    windowStart: number,
  ): Promise<LedgerSnapshot> {
    await this.#lockState(client);
    return this.#snapshot(client, sessionId, windowStart);
  }

  async #snapshot(
    client: PostgresClientLike,
    sessionId: string,
    windowStart: number,
  ): Promise<LedgerSnapshot> {
    const r = this.#t('governor_reservations');
    const { rows } = await client.query(
      `SELECT s.kill_switch,
         (SELECT coalesce(sum(value), 0)::text FROM ${r} WHERE status = 'committed' AND reserved_at >= $1) AS daily_committed,
         (SELECT coalesce(sum(reserved_value), 0)::text FROM ${r} WHERE status = 'reserved') AS open_sum,
         (SELECT coalesce(sum(reserved_value), 0)::text FROM ${r} WHERE status = 'reserved' AND session_id = $2) AS session_reserved,
         (SELECT coalesce(sum(value), 0)::text FROM ${r} WHERE status = 'committed' AND session_id = $2) AS session_committed
       FROM ${this.#t('governor_state')} s WHERE s.id = 1`,
      [windowStart, sessionId],
    );
    const row = rows[0] as unknown as SnapshotRow | undefined;
    if (row === undefined) throw new LedgerError({ shortMessage: 'The governor_state row is missing.' });
    return {
      killed: row.kill_switch === true,
      daily: { committed: BigInt(row.daily_committed), reserved: BigInt(row.open_sum) },
      session: { committed: BigInt(row.session_committed), reserved: BigInt(row.session_reserved) },
    };
  }

  async #open(client: PostgresClientLike, id: string): Promise<ReservationRow> {
    if (typeof id !== 'string') throw new ReservationNotFoundError({ id: describeId(id) });
    const { rows } = await client.query(
      `SELECT * FROM ${this.#t('governor_reservations')} WHERE id = $1 FOR UPDATE`,
      [id],
    );
    const row = rows[0] as unknown as ReservationRow | undefined;
    if (row === undefined) throw new ReservationNotFoundError({ id });
    if (row.status !== 'reserved') throw new ReservationSettledError({ id, status: row.status });
    return row;
  }

  async #settle(
    client: PostgresClientLike,
    id: string,
    status: 'committed' | 'released',
    value: bigint,
    at: number,
  ) {
    // Compare-and-set on the state it was read in (the row is locked, so this only guards against a bug).
    const { rowCount } = await client.query(
      `UPDATE ${this.#t('governor_reservations')} SET status = $1, value = $2, settled_at = $3
       WHERE id = $4 AND status = 'reserved'`,
      [status, value.toString(), at, id],
    );
    if (rowCount !== 1) throw new ReservationSettledError({ id, status });
  }
}

function toRecord(row: ReservationRow): ReservationRecord {
  return {
    id: row.id,
    action: row.action,
    sessionId: row.session_id,
    reservedValue: BigInt(row.reserved_value),
    value: BigInt(row.value),
    status: row.status,
    reservedAt: Number(row.reserved_at),
    settledAt: row.settled_at === null ? null : Number(row.settled_at),
  };
}
