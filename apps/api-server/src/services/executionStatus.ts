import type { ExecutionRecord } from '@org/chain-evm';
import { ApiProblem } from '../http/ApiProblem.js';

/**
 * The HTTP status of an executing request's answer, from where its execution ended: 200 `confirmed`; 202 `pending`
 * or `signed` (follow `/executions/{id}`) and `awaiting_confirmation` (an operator decides); otherwise it throws
 * the problem: 502 `TX_REVERTED`, 503 when nothing reached the chain, 422 `SIMULATION_REVERTED`, 403 for every other
 * refusal (governor, safety, policy, a denied or expired confirmation). Shared by every executing endpoint.
 *
 * @example
 * ```ts
 * return { status: executionStatus(record, txHash), body };
 * ```
 */
export function executionStatus(record: ExecutionRecord, txHash: string | null): 200 | 202 {
  if (record.status === 'confirmed') return 200;
  if (
    record.status === 'pending' ||
    record.status === 'signed' ||
    record.status === 'awaiting_confirmation'
  ) {
    return 202;
  }
  const extra = { executionId: record.id, txHash };
  if (record.status === 'reverted') {
    throw new ApiProblem(
      502,
      'TX_REVERTED',
      'The transaction was mined and reverted; the fee was spent',
      record.reason ?? undefined,
      extra,
    );
  }
  if (record.status === 'failed') {
    throw new ApiProblem(
      503,
      record.code ?? 'SEND_FAILED',
      'The transaction could not be sent; nothing reached the chain',
      record.reason ?? undefined,
      extra,
    );
  }
  const code = record.code ?? 'BLOCKED';
  const status = code === 'SIMULATION_REVERTED' || code === 'INTENT_INVALID' ? 422 : 403;
  throw new ApiProblem(status, code, 'The execution was blocked', record.reason ?? undefined, extra);
}
