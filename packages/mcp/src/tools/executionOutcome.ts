/** Parameters of {@link executionOutcome}. */
export interface ExecutionOutcomeParameters {
  /** The API server's answer (`{ execution, confirmation?, … }`, or a compound's `{ status, … }`). */
  readonly body: unknown;
  readonly idempotencyKey: string;
}

/**
 * The structured result of a fund-moving tool from the API server's 200/202 answer: the execution's status, id and
 * hash, the held action (id, expiry) when an operator must decide, and one sentence saying what to do next.
 *
 * @example
 * ```ts
 * executionOutcome({ body: { execution: { id: 'e1', status: 'confirmed', txHash: '0xab…' } }, idempotencyKey: 'k' });
 * // { status: 'confirmed', executionId: 'e1', next: 'Done: …', … }
 * ```
 */
export function executionOutcome({
  body,
  idempotencyKey,
}: ExecutionOutcomeParameters): Record<string, unknown> {
  const response = record(body);
  const execution = record(response.execution);
  const held = record(response.confirmation);
  const executionId = text(execution.id);
  const status = text(execution.status) ?? text(response.status) ?? 'unknown';
  const confirmation =
    text(held.id) !== null && text(held.expiresAt) !== null
      ? { id: text(held.id), expiresAt: text(held.expiresAt), reason: text(held.reason) ?? 'held' }
      : null;
  return {
    idempotencyKey,
    status,
    executionId,
    txHash: text(execution.txHash),
    confirmation,
    next: nextStep(status, executionId, confirmation),
    response,
  };
}

function nextStep(
  status: string,
  executionId: string | null,
  confirmation: { id: string | null; expiresAt: string | null } | null,
): string {
  if (confirmation && status === 'awaiting_confirmation') {
    return `Held for an operator: call follow_held_action with confirmationId ${confirmation.id} to wait for the decision (it expires at ${confirmation.expiresAt}); you cannot approve it yourself.`;
  }
  if (status === 'confirmed') return 'Done: the transaction is mined and succeeded.';
  if (status === 'pending' || status === 'signed') {
    return `Sent, not mined yet: call follow_execution with executionId ${executionId ?? '(see response)'} to wait for the receipt; do not send it again.`;
  }
  if (status === 'skipped') return 'Nothing was signed: see response.skipReason and response.economics.';
  return `The execution ended ${status}: see response.`;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
