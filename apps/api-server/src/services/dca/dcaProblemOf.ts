import { ApiProblem } from '../../http/ApiProblem.js';
import { problemFromError } from '../../http/problemFromError.js';

const TITLES: Readonly<Record<string, [number, string]>> = {
  DCA_ORDER_NOT_FOUND: [404, 'No DCA order with this id'],
  DCA_INVALID_TRANSITION: [409, 'The order cannot make this move from its state'],
  DCA_VERSION_CONFLICT: [409, 'The order changed while this request ran; try again'],
  DCA_FEE_TOO_HIGH: [422, "The order's fills would cost more gas than DCA_MAX_FEE_SHARE of their value"],
  DCA_STORE_FAILURE: [503, 'The DCA store is unavailable'],
  DCA_EXECUTOR_TIMEOUT: [503, 'The chain did not answer in time'],
  DCA_EXECUTOR_ERROR: [502, 'The fill could not be quoted'],
};

/**
 * The HTTP problem for an error of `@org/dca` (anything else goes through `problemFromError`): a malformed order →
 * 422 `VALIDATION_FAILED` naming the field (the same code as every other endpoint's input errors); an unknown id →
 * 404 `DCA_ORDER_NOT_FOUND`; a move the state table refuses → 409 `DCA_INVALID_TRANSITION`; fills not worth their
 * gas → 422 `DCA_FEE_TOO_HIGH`; a cursor no list returned → 422 `INVALID_PARAMETER`. An executor error carries the
 * reason the creation quote failed (`NO_ROUTE`, `VALUE_UNKNOWN`, an RPC time-out…): that reason is the answer.
 *
 * @example
 * ```ts
 * try { await dca.pause(id); } catch (error) { throw dcaProblemOf(error); }
 * ```
 */
export function dcaProblemOf(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  const e = error as { code?: unknown; field?: unknown; shortMessage?: unknown; cause?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.shortMessage === 'string' ? e.shortMessage : undefined;
  if (code === 'DCA_VALIDATION_FAILED') {
    const field = typeof e?.field === 'string' ? e.field : 'order';
    return new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
      fields: { [field]: message ?? 'invalid' },
    });
  }
  if (code === 'DCA_STORE_INPUT_INVALID')
    return new ApiProblem(422, 'INVALID_PARAMETER', message ?? 'Invalid parameter');
  if (code === 'DCA_EXECUTOR_ERROR' && e?.cause !== undefined) {
    const cause = problemFromError(e.cause);
    if (cause.code !== 'INTERNAL_ERROR') return cause;
  }
  const known = TITLES[code];
  if (known) return new ApiProblem(known[0], code, known[1], message);
  return problemFromError(error);
}
