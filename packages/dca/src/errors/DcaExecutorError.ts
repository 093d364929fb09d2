import { BaseError, type BaseErrorParameters } from './BaseError.js';

/** Codes of {@link DcaExecutorError}. */
export type DcaExecutorErrorCode =
  /** The executor threw, or answered something that is not a valid result. */
  | 'DCA_EXECUTOR_ERROR'
  /** The executor did not answer within its time-out. */
  | 'DCA_EXECUTOR_TIMEOUT';

/**
 * A call to the executor port failed or timed out (502/503 at the HTTP edge when it happens during a request). In
 * the scheduler, a failed `balance`/`quote` fails the slot (nothing was sent); a failed `execute` leaves the fill
 * `running`, to be finished through `lookup` with the same idempotency key — never sent again blindly.
 *
 * @example
 * ```ts
 * await service.create({ input }).catch((error) => error.code); // 'DCA_EXECUTOR_TIMEOUT' when the quote hangs
 * ```
 */
export class DcaExecutorError extends BaseError<DcaExecutorErrorCode> {
  override name = 'DcaExecutorError';
  constructor(code: DcaExecutorErrorCode, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(code, shortMessage, parameters);
  }
}
