import type { ExecutionRecord } from '@org/chain-evm';
import { ApiProblem } from '../http/ApiProblem.js';

/** What a `SENDER_WINDOW_FULL` answer tells the client to wait (`Retry-After`): about a block on most chains. */
const SENDER_WINDOW_RETRY_AFTER_SECONDS = 12;

/**
 * The HTTP answer of an executing request from its execution record: 200 `confirmed`, 202 `pending`/`signed` (follow
 * `/executions/{id}`) and `awaiting_confirmation` (held for an operator: see `/confirmations`); otherwise the problem is thrown — 502 `TX_REVERTED` (mined and reverted: the fee was spent),
 * 503 when nothing reached the chain (`SEND_FAILED`, `RPC_UNAVAILABLE`/`RPC_TIMEOUT` of the nonce lookup before signing —
 * 502 for its `RPC_ERROR`…) or the wallet's in-flight window stayed full
 * (`SENDER_WINDOW_FULL`, with `Retry-After`) or the node cannot simulate effects (`EFFECTS_SIMULATION_UNSUPPORTED`),
 * 422 `SIMULATION_REVERTED` / `INTENT_INVALID` / `PREREQUISITE_APPROVAL_INVALID` / `EFFECT_*` (the simulated effects
 * contradict the intent), 502 `PREREQUISITE_APPROVAL_NOT_CONFIRMED` (the approval the action needs was sent and did
 * not confirm: the action was not signed), 403 for every other
 * refusal (the governor's and the safety gate's codes). Problems carry `executionId` and `txHash`.
 *
 * @example
 * ```ts
 * return { status: executionHttpStatus(record, dto.txHash), body };
 * ```
 */
export function executionHttpStatus(record: ExecutionRecord, txHash: string | null): 200 | 202 {
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
    // The node answered the nonce lookup with an error (before anything was signed): 502 like any RPC_ERROR.
    throw new ApiProblem(
      record.code === 'RPC_ERROR' ? 502 : 503,
      record.code ?? 'SEND_FAILED',
      'The transaction could not be sent; nothing reached the chain',
      record.reason ?? undefined,
      extra,
    );
  }
  const code = record.code ?? 'BLOCKED';
  if (code === 'SENDER_WINDOW_FULL') {
    throw new ApiProblem(
      503,
      code,
      'Too many transactions of this wallet are unmined: try again shortly',
      record.reason ?? undefined,
      { ...extra, retryAfterSeconds: SENDER_WINDOW_RETRY_AFTER_SECONDS },
    );
  }
  if (code === 'EFFECTS_SIMULATION_UNSUPPORTED') {
    throw new ApiProblem(
      503,
      code,
      'The node cannot simulate the transaction’s effects; nothing was signed',
      record.reason ?? undefined,
      extra,
    );
  }
  if (code === 'PREREQUISITE_APPROVAL_NOT_CONFIRMED') {
    throw new ApiProblem(
      502,
      code,
      'The approval this action needs was not confirmed; the action was not signed',
      record.reason ?? undefined,
      extra,
    );
  }
  // What the simulation of the exact transaction showed contradicts the intent (`EFFECT_SHORTFALL`, …): like a revert.
  const status =
    code === 'SIMULATION_REVERTED' ||
    code === 'INTENT_INVALID' ||
    code === 'PREREQUISITE_APPROVAL_INVALID' ||
    code.startsWith('EFFECT_')
      ? 422
      : 403;
  throw new ApiProblem(status, code, 'The execution was blocked', record.reason ?? undefined, extra);
}
