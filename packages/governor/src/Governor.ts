import { computeRemaining } from './computeRemaining.js';
import { type CreatePolicyParameters, createPolicy } from './createPolicy.js';
import { GovernorConfigurationError } from './errors/GovernorConfigurationError.js';
import { evaluate } from './evaluate.js';
import { evaluateExtension } from './evaluateExtension.js';
import { formatEther } from './formatEther.js';
import { uuidv7 } from './internal/uuidv7.js';
import { MemorySpendLedger } from './MemorySpendLedger.js';
import type {
  DailyWindow,
  Decision,
  DecisionCode,
  LedgerSnapshot,
  LedgerStatusReturnType,
  Policy,
  Remaining,
  ReservationRecord,
  SpendLedger,
  SpendRequest,
} from './types.js';
import { windowStart } from './windowStart.js';

/** What a {@link ConfirmFn} is asked to approve. */
export interface ConfirmPayload {
  readonly action: string;
  /** Wei. */
  readonly value: bigint;
  /** The same value as a decimal ETH string. */
  readonly valueEther: string;
  readonly reservationId: string;
  /** The tool arguments, when the request carried them. */
  readonly args?: Readonly<Record<string, unknown>>;
  /** Headroom if this action goes through. */
  readonly remaining: Remaining;
  /** Aborted when the confirmation times out. */
  readonly signal: AbortSignal;
}

/** Operator approval hook: only a returned (or resolved) `true` lets the action proceed. */
export type ConfirmFn = (payload: ConfirmPayload) => boolean | Promise<boolean>;

/** Everything the governor reports to subscribers (the audit hook). */
export type GovernorEvent =
  | {
      readonly type: 'decision';
      readonly at: number;
      readonly sessionId: string;
      readonly decision: Decision;
      readonly reservationId: string | null;
      /** True for a decision on growing an open reservation ({@link Governor.extend}). */
      readonly extension?: boolean;
    }
  | { readonly type: 'commit'; readonly at: number; readonly reservation: ReservationRecord }
  | { readonly type: 'release'; readonly at: number; readonly reservation: ReservationRecord }
  | { readonly type: 'kill-switch'; readonly at: number; readonly engaged: boolean };

/** A subscriber; exceptions it throws are caught (and passed to `onListenerError`). */
export type GovernorListener = (event: GovernorEvent) => void;

/** Parameters of the {@link Governor} constructor. */
export interface GovernorParameters {
  /** Caps in wei and window kind; defaults from the spec (0.05 / 0.5 / 1.0, rolling 24 h). */
  readonly policy?: CreatePolicyParameters;
  /** Where spend is kept; default a fresh {@link MemorySpendLedger}. */
  readonly ledger?: SpendLedger;
  /** Epoch milliseconds; default `Date.now`. */
  readonly clock?: () => number;
  /** Operator approval hook. When given, it is called for every action that passes the caps. */
  readonly confirmFn?: ConfirmFn;
  /** Default: `true` when a `confirmFn` is given, else `false`. `true` without `confirmFn` throws. */
  readonly requireConfirm?: boolean;
  /**
   * A confirmation that takes longer denies with `CONFIRMATION_TIMEOUT`. Default 120 000 ms; at most
   * 2 147 483 647 (the longest `setTimeout` delay).
   */
  readonly confirmTimeoutMs?: number;
  /** Identifies this session's spend in the ledger; default a random UUID (a new session per governor). */
  readonly sessionId?: string;
  /** Open reservations older than this are flagged `expired` in {@link Governor.status}. Default 600 000 ms. */
  readonly reservationTtlMs?: number;
  /** Reservation id factory; default a time-ordered UUIDv7 (cheap primary-key inserts). */
  readonly createId?: () => string;
  /** Receives exceptions thrown by subscribers. */
  readonly onListenerError?: (error: unknown, event: GovernorEvent) => void;
}

/** Parameters of {@link Governor.reserve}: the action and its value (`value` in wei, or raw `args`). */
export type ReserveParameters = SpendRequest;

/** A decision plus the reservation id to settle (`null` when denied). */
export type ReserveReturnType = Decision & { readonly reservationId: string | null };

/** Parameters of {@link Governor.commit}. */
export interface CommitParameters {
  readonly id: string;
  /** Actual spend in wei (0 ≤ value ≤ reserved); default the reserved value. */
  readonly value?: bigint;
}

/** Parameters of {@link Governor.extend}. */
export interface ExtendParameters {
  /** The open reservation to grow. */
  readonly id: string;
  /** How much more to hold, in wei. */
  readonly value: bigint;
}

/** A decision on an extension, the reservation id, and the reservation after it (grown only when allowed). */
export type ExtendReturnType = Decision & {
  readonly reservationId: string;
  readonly reservation: ReservationRecord;
};

/** Parameters of {@link Governor.release}. */
export interface ReleaseParameters {
  readonly id: string;
}

/** An open reservation in {@link GovernorStatus}. */
export type OpenReservation = ReservationRecord & { readonly expired: boolean };

/** Spend in one window, in wei. */
export interface WindowSpendStatus {
  readonly committed: bigint;
  readonly reserved: bigint;
  readonly total: bigint;
}

/** JSON-friendly snapshot (bigint amounts in wei) returned by {@link Governor.status}. */
export interface GovernorStatus {
  readonly at: number;
  readonly killSwitch: boolean;
  readonly confirmMode: 'required' | 'off';
  readonly dailyWindow: DailyWindow;
  /** First instant (epoch ms, inclusive) of the current daily window. */
  readonly windowStart: number;
  readonly sessionId: string;
  readonly sessionStartedAt: number;
  readonly limits: { readonly maxPerTx: bigint; readonly dailyLimit: bigint; readonly sessionLimit: bigint };
  readonly spent: { readonly daily: WindowSpendStatus; readonly session: WindowSpendStatus };
  readonly remaining: Remaining;
  readonly openReservations: readonly OpenReservation[];
}

const TIMEOUT = Symbol('timeout');

/** Parameters of {@link Governor.setLimits}: the caps to change, in wei (the others stay). */
export interface SetLimitsParameters {
  readonly maxPerTx?: bigint;
  readonly dailyLimit?: bigint;
  readonly sessionLimit?: bigint;
}

/**
 * The stateful spend governor: kill switch, per-transaction / daily / session caps, confirm gate and an audit
 * hook around the pure {@link evaluate}, over an atomic {@link SpendLedger}. Flow: `reserve` (counts against the
 * caps at once) → broadcast → `commit`, or `release` if nothing was broadcast. Concurrent `reserve` calls can
 * never overshoot a cap.
 *
 * @example
 * ```ts
 * const governor = new Governor({ policy: { maxPerTx: parseEther('0.05') } });
 * const decision = await governor.reserve({ action: 'swap', args: { amount_in: '0.01' } });
 * if (decision.allowed && decision.reservationId !== null) {
 *   // ...broadcast...
 *   await governor.commit({ id: decision.reservationId });
 * }
 * ```
 */
export class Governor {
  #policy: Policy;
  readonly sessionId: string;
  readonly sessionStartedAt: number;
  readonly requireConfirm: boolean;
  readonly #ledger: SpendLedger;
  readonly #clock: () => number;
  readonly #confirmFn: ConfirmFn | undefined;
  readonly #confirmTimeoutMs: number;
  readonly #reservationTtlMs: number;
  readonly #createId: () => string;
  readonly #onListenerError: ((error: unknown, event: GovernorEvent) => void) | undefined;
  readonly #listeners = new Set<GovernorListener>();

  constructor(parameters: GovernorParameters = {}) {
    this.#policy = createPolicy(parameters.policy ?? {});
    const { confirmFn } = parameters;
    if (confirmFn !== undefined && typeof confirmFn !== 'function') {
      throw new GovernorConfigurationError({ shortMessage: 'confirmFn must be a function.' });
    }
    const requireConfirm = parameters.requireConfirm ?? confirmFn !== undefined;
    if (requireConfirm && confirmFn === undefined) {
      throw new GovernorConfigurationError({
        shortMessage: 'requireConfirm is true but no confirmFn was given.',
      });
    }
    if (!requireConfirm && confirmFn !== undefined) {
      throw new GovernorConfigurationError({
        shortMessage: 'A confirmFn was given with requireConfirm false: it would never be called.',
      });
    }
    this.requireConfirm = requireConfirm;
    this.#confirmFn = confirmFn;
    this.#confirmTimeoutMs = positiveMs(
      'confirmTimeoutMs',
      parameters.confirmTimeoutMs,
      120_000,
      MAX_TIMER_MS,
    );
    this.#reservationTtlMs = positiveMs('reservationTtlMs', parameters.reservationTtlMs, 600_000);
    this.#ledger = parameters.ledger ?? new MemorySpendLedger();
    this.#clock = parameters.clock ?? Date.now;
    this.#createId = parameters.createId ?? (() => uuidv7());
    this.#onListenerError = parameters.onListenerError;
    const sessionId = parameters.sessionId ?? globalThis.crypto.randomUUID();
    if (typeof sessionId !== 'string' || sessionId.length === 0) {
      throw new GovernorConfigurationError({ shortMessage: 'sessionId must be a non-empty string.' });
    }
    this.sessionId = sessionId;
    this.sessionStartedAt = this.#now();
  }

  /** The caps and window in force (see {@link Governor.setLimits}). */
  get policy(): Policy {
    return this.#policy;
  }

  /**
   * Changes the caps from now on (an operator's decision; the daily window kind stays). Validated like the
   * constructor's policy (`GOVERNOR_CONFIGURATION_INVALID` on a negative or non-bigint cap, nothing changed).
   * Spend already counted stays counted; each decision reads the caps once, so a change never splits one.
   *
   * @example
   * ```ts
   * governor.setLimits({ dailyLimit: parseEther('0.2') });
   * ```
   */
  setLimits(limits: SetLimitsParameters): Policy {
    const next = createPolicy({ ...this.#policy, ...limits, dailyWindow: this.#policy.dailyWindow });
    this.#policy = next;
    return next;
  }

  /**
   * The ledger's reservation; when it fails, its outcome is unknown (the database may have committed it and lost
   * the answer, a connection cut after `COMMIT`): the id — ours, made before the call — is released, a few attempts
   * over about 2 s, until the ledger releases it or says it never saw it. Otherwise a reservation nobody knows
   * would count against the caps for good. The error is rethrown (fail closed: nothing was allowed).
   */
  async #reserveOrUndo(
    parameters: Parameters<SpendLedger['reserve']>[0],
  ): ReturnType<SpendLedger['reserve']> {
    try {
      return await this.#ledger.reserve(parameters);
    } catch (error) {
      for (const wait of [0, 100, 400, 1_600]) {
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        try {
          await this.#ledger.release({ id: parameters.id, at: this.#now() });
          break;
        } catch (undo) {
          const code = (undo as { code?: unknown }).code;
          if (code === 'RESERVATION_NOT_FOUND' || code === 'RESERVATION_ALREADY_SETTLED') break;
        }
      }
      throw error;
    }
  }

  /**
   * Decides a request and, when allowed, atomically reserves its value. Denials are values (see
   * {@link DecisionCode}); the only exceptions are infrastructure failures (`LEDGER_FAILURE`).
   *
   * @example
   * ```ts
   * const d = await governor.reserve({ action: 'transfer', value: parseEther('0.01') });
   * d.code; // 'ALLOWED' | 'DAILY_LIMIT_EXCEEDED' | ...
   * ```
   */
  async reserve(request: ReserveParameters): Promise<ReserveReturnType> {
    const at = this.#now();
    const id = this.#newId();
    const policy = this.policy;
    const action = readProperty(request, 'action');
    const { decision } = await this.#reserveOrUndo({
      id,
      action: typeof action === 'string' ? action : '',
      sessionId: this.sessionId,
      at,
      windowStart: windowStart({ dailyWindow: policy.dailyWindow, at }),
      decide: (state) => evaluate({ policy, request, state }),
    });
    if (!decision.allowed || decision.value === null) return this.#decided(at, decision, null);
    if (!this.requireConfirm) return this.#decided(at, decision, id);

    const args = readProperty(request, 'args') as ConfirmPayload['args'];
    let denial: DecisionCode | null;
    let state: LedgerSnapshot | null;
    try {
      denial = await this.#confirm({
        action: decision.action,
        value: decision.value,
        valueEther: formatEther(decision.value),
        reservationId: id,
        ...(args === undefined ? {} : { args }),
        remaining: decision.remaining,
      });
      state = denial === null ? await this.#snapshot(this.#now()) : null;
    } catch (error) {
      // The kill switch could not be re-checked (ledger failure): do not leave the budget held by a
      // reservation nobody will settle. Best effort; if this fails too, it keeps counting (fail closed).
      await this.#ledger.release({ id, at: this.#now() }).catch(() => undefined);
      throw error;
    }
    if (denial === null && state !== null && !state.killed) return this.#decided(this.#now(), decision, id);

    // Rejected, failed, timed out, or the kill switch was engaged while waiting: undo the reservation.
    await this.#ledger.release({ id, at: this.#now() });
    const end = this.#now();
    const remaining = computeRemaining({ policy, snapshot: await this.#snapshot(end) });
    const code: DecisionCode = denial ?? 'KILL_SWITCH_ENGAGED';
    return this.#decided(
      end,
      { ...decision, allowed: false, code, reason: CONFIRM_REASONS[code], remaining },
      null,
    );
  }

  /**
   * Grows an open reservation by `value` wei, atomically, under the same rules as a new request: the kill switch
   * refuses, the per-transaction cap applies to the new total, the daily and session caps to the extra amount (of
   * the reservation's session). For a cost that grew after the reservation (a replacement transaction's higher fee)
   * that must not go uncounted. Denials are values; the confirm gate is not asked again (the action was confirmed;
   * the caps bound what it may grow to). Throws `RESERVATION_NOT_FOUND`, `RESERVATION_ALREADY_SETTLED`, or
   * `GOVERNOR_CONFIGURATION_INVALID` when the ledger has no `extend`.
   *
   * @example
   * ```ts
   * const more = await governor.extend({ id: decision.reservationId, value: parseEther('0.001') });
   * if (!more.allowed) console.log(more.code); // e.g. 'DAILY_LIMIT_EXCEEDED'
   * ```
   */
  async extend({ id, value }: ExtendParameters): Promise<ExtendReturnType> {
    const ledger = this.#ledger;
    if (typeof ledger.extend !== 'function') {
      throw new GovernorConfigurationError({
        shortMessage: 'This spend ledger cannot extend a reservation (it has no SpendLedger.extend).',
      });
    }
    const at = this.#now();
    const policy = this.policy;
    const { decision, reservation } = await ledger.extend({
      id,
      at,
      windowStart: windowStart({ dailyWindow: policy.dailyWindow, at }),
      decide: (state, open) => evaluateExtension({ policy, state, reservation: open, value }),
    });
    this.#emit({
      type: 'decision',
      at,
      sessionId: reservation.sessionId,
      decision,
      reservationId: id,
      extension: true,
    });
    return { ...decision, reservationId: id, reservation };
  }

  /**
   * Settles a reservation as spent (after the transaction was broadcast). Throws `RESERVATION_NOT_FOUND`,
   * `RESERVATION_ALREADY_SETTLED` or `AMOUNT_INVALID` (value above the reservation).
   *
   * @example
   * ```ts
   * await governor.commit({ id: decision.reservationId });
   * ```
   */
  async commit({ id, value }: CommitParameters): Promise<ReservationRecord> {
    const at = this.#now();
    const reservation = await this.#ledger.commit({ id, at, ...(value === undefined ? {} : { value }) });
    this.#emit({ type: 'commit', at, reservation });
    return reservation;
  }

  /**
   * Settles a reservation as not spent (nothing was broadcast); its value stops counting.
   *
   * @example
   * ```ts
   * await governor.release({ id: decision.reservationId });
   * ```
   */
  async release({ id }: ReleaseParameters): Promise<ReservationRecord> {
    const at = this.#now();
    const reservation = await this.#ledger.release({ id, at });
    this.#emit({ type: 'release', at, reservation });
    return reservation;
  }

  /**
   * Engages the kill switch (persisted by the ledger): every action is blocked regardless of limits.
   *
   * @example
   * ```ts
   * await governor.kill();
   * ```
   */
  async kill(): Promise<void> {
    await this.#setKillSwitch(true);
  }

  /**
   * Disengages the kill switch: actions are allowed again, subject to the limits.
   *
   * @example
   * ```ts
   * await governor.unkill();
   * ```
   */
  async unkill(): Promise<void> {
    await this.#setKillSwitch(false);
  }

  /**
   * Limits, spend and headroom per window, kill switch, confirm mode and open reservations.
   *
   * @example
   * ```ts
   * const { killSwitch, remaining } = await governor.status();
   * ```
   */
  async status(): Promise<GovernorStatus> {
    const at = this.#now();
    const start = windowStart({ dailyWindow: this.policy.dailyWindow, at });
    const { snapshot, openReservations: open } = await this.#readStatus(start);
    const { maxPerTx, dailyLimit, sessionLimit, dailyWindow } = this.policy;
    return {
      at,
      killSwitch: snapshot.killed,
      confirmMode: this.requireConfirm ? 'required' : 'off',
      dailyWindow,
      windowStart: start,
      sessionId: this.sessionId,
      sessionStartedAt: this.sessionStartedAt,
      limits: { maxPerTx, dailyLimit, sessionLimit },
      spent: {
        daily: { ...snapshot.daily, total: snapshot.daily.committed + snapshot.daily.reserved },
        session: { ...snapshot.session, total: snapshot.session.committed + snapshot.session.reserved },
      },
      remaining: computeRemaining({ policy: this.policy, snapshot }),
      openReservations: open.map((r) => ({ ...r, expired: at - r.reservedAt > this.#reservationTtlMs })),
    };
  }

  /**
   * Subscribes to every decision, commit, release and kill-switch change (the audit hook).
   * Returns the unsubscribe function.
   *
   * @example
   * ```ts
   * const stop = governor.subscribe((event) => logger.info({ event: event.type }));
   * stop();
   * ```
   */
  subscribe(listener: GovernorListener): () => void {
    if (typeof listener !== 'function') {
      throw new GovernorConfigurationError({ shortMessage: 'A subscriber must be a function.' });
    }
    const entry: GovernorListener = (event) => listener(event);
    this.#listeners.add(entry);
    return () => {
      this.#listeners.delete(entry);
    };
  }

  async #setKillSwitch(engaged: boolean): Promise<void> {
    const at = this.#now();
    await this.#ledger.setKillSwitch({ engaged, at });
    this.#emit({ type: 'kill-switch', at, engaged });
  }

  /** One consistent read when the ledger offers it (`SpendLedger.status`), else its snapshot and open list. */
  #readStatus(start: number): Promise<LedgerStatusReturnType> {
    const parameters = { sessionId: this.sessionId, windowStart: start };
    if (typeof this.#ledger.status === 'function') return this.#ledger.status(parameters);
    return Promise.all([this.#ledger.snapshot(parameters), this.#ledger.listOpenReservations()]).then(
      ([snapshot, openReservations]) => ({ snapshot, openReservations }),
    );
  }

  #snapshot(at: number): Promise<LedgerSnapshot> {
    return this.#ledger.snapshot({
      sessionId: this.sessionId,
      windowStart: windowStart({ dailyWindow: this.policy.dailyWindow, at }),
    });
  }

  #decided(at: number, decision: Decision, reservationId: string | null): ReserveReturnType {
    const result: ReserveReturnType = { ...decision, reservationId };
    this.#emit({ type: 'decision', at, sessionId: this.sessionId, decision, reservationId });
    return result;
  }

  /** `null` when confirmed, else the denial code. */
  async #confirm(payload: Omit<ConfirmPayload, 'signal'>): Promise<DecisionCode | null> {
    const confirmFn = this.#confirmFn as ConfirmFn;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<typeof TIMEOUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMEOUT), this.#confirmTimeoutMs);
    });
    try {
      const answer = await Promise.race([
        Promise.resolve().then(() => confirmFn({ ...payload, signal: controller.signal })),
        timeout,
      ]);
      if (answer === TIMEOUT) {
        controller.abort();
        return 'CONFIRMATION_TIMEOUT';
      }
      return answer === true ? null : 'CONFIRMATION_REJECTED';
    } catch {
      return 'CONFIRMATION_ERROR';
    } finally {
      clearTimeout(timer);
    }
  }

  #emit(event: GovernorEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        try {
          this.#onListenerError?.(error, event);
        } catch {
          // A failing error reporter must not break the governor.
        }
      }
    }
  }

  #newId(): string {
    const id: unknown = this.#createId();
    if (typeof id !== 'string' || id.length === 0) {
      throw new GovernorConfigurationError({ shortMessage: 'createId must return a non-empty string.' });
    }
    return id;
  }

  #now(): number {
    const at = this.#clock();
    if (typeof at !== 'number' || !Number.isFinite(at) || at < 0) {
      throw new GovernorConfigurationError({
        shortMessage: `The clock returned an invalid time: ${String(at)}.`,
      });
    }
    return Math.floor(at);
  }
}

const CONFIRM_REASONS: Record<DecisionCode, string> = {
  ALLOWED: 'Within limits.',
  KILL_SWITCH_ENGAGED: 'The kill switch was engaged while waiting for confirmation: the action is blocked.',
  REQUEST_INVALID: 'Invalid request.',
  VALUE_UNKNOWN: 'Unknown value.',
  VALUE_INVALID: 'Invalid value.',
  PER_TX_LIMIT_EXCEEDED: 'Per-transaction limit exceeded.',
  DAILY_LIMIT_EXCEEDED: 'Daily limit exceeded.',
  SESSION_LIMIT_EXCEEDED: 'Session limit exceeded.',
  CONFIRMATION_REJECTED: 'The operator confirmation did not approve this action.',
  CONFIRMATION_TIMEOUT: 'The operator confirmation timed out: the action is blocked.',
  CONFIRMATION_ERROR: 'The operator confirmation failed with an error: the action is blocked.',
};

/** Longest delay `setTimeout` honours; a longer one fires after 1 ms (Node's TimeoutOverflowWarning). */
const MAX_TIMER_MS = 2_147_483_647;

function positiveMs(
  name: string,
  value: number | undefined,
  fallback: number,
  max = Number.MAX_VALUE,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > max) {
    throw new GovernorConfigurationError({
      shortMessage: `${name} must be a positive number of milliseconds${max < Number.MAX_VALUE ? `, at most ${max}` : ''}.`,
    });
  }
  return value;
}

/** `target[key]`, or `undefined` when `target` is not an object or reading the property throws. */
function readProperty(target: unknown, key: string): unknown {
  if (typeof target !== 'object' || target === null) return undefined;
  try {
    return (target as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}
