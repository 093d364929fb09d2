import { BaseError } from './BaseError.js';

/**
 * Thrown by `commit`/`release` for a reservation that was already committed or released (settling twice is a
 * bug in the caller). Code `RESERVATION_ALREADY_SETTLED`; `status` says how it was settled.
 *
 * @example
 * ```ts
 * await governor.commit({ id });
 * await governor.release({ id }).catch((error) => error.code); // 'RESERVATION_ALREADY_SETTLED'
 * ```
 */
export class ReservationSettledError extends BaseError {
  override name = 'ReservationSettledError';
  readonly reservationId: string;
  readonly status: 'committed' | 'released';
  constructor({ id, status }: { id: string; status: 'committed' | 'released' }) {
    super({ code: 'RESERVATION_ALREADY_SETTLED', shortMessage: `Reservation "${id}" is already ${status}.` });
    this.reservationId = id;
    this.status = status;
  }
}
