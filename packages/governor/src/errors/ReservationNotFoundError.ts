import { BaseError } from './BaseError.js';

/**
 * Thrown by `commit`/`release` for an id the ledger has never seen. Code `RESERVATION_NOT_FOUND`.
 *
 * @example
 * ```ts
 * await governor.release({ id: 'no-such-id' }).catch((error) => error.code); // 'RESERVATION_NOT_FOUND'
 * ```
 */
export class ReservationNotFoundError extends BaseError {
  override name = 'ReservationNotFoundError';
  readonly reservationId: string;
  constructor({ id }: { id: string }) {
    super({ code: 'RESERVATION_NOT_FOUND', shortMessage: `Reservation "${id}" does not exist.` });
    this.reservationId = id;
  }
}
