import { CancelError } from '../errors/CancelError.js';
import { transitionExecution } from './store/transitionExecution.js';
import type { ExecutionRecord, ExecutionStore } from './types.js';

/** Parameters of {@link requestCancel}. */
export interface RequestCancelParameters {
  readonly executions: ExecutionStore;
  readonly id: string;
  /** Who asks (`operator-key`, `cli`): kept on the record for the audit trail. */
  readonly by: string;
  readonly at: number;
}

/**
 * The operator's request to clear a stuck nonce (the one rule, for the gateway and for the operator CLI on the same
 * database): only a `signed` or `pending` execution can be cancelled; the request is written on the record
 * (compare-and-set). Sending the cancel — a 0-value transfer to the wallet itself with the execution's nonce, at a
 * higher fee — is the gateway's job: at once over HTTP, within seconds when the CLI asked (the server's loop). It is
 * the one thing sent while the kill switch is engaged. Throws {@link CancelError}.
 *
 * @example
 * ```ts
 * await requestCancel({ executions, id, by: 'cli', at: Date.now() });
 * ```
 */
export async function requestCancel({
  executions,
  id,
  by,
  at,
}: RequestCancelParameters): Promise<ExecutionRecord> {
  const record = await executions.get(id);
  if (!record) throw new CancelError('EXECUTION_NOT_FOUND', `No execution ${id}.`);
  const requested = await transitionExecution({
    store: executions,
    id,
    from: ['signed', 'pending'],
    patch: { cancelRequestedAt: at, cancelRequestedBy: by },
    at,
    read: record,
  });
  if (requested) return requested;
  const now = (await executions.get(id)) ?? record;
  throw new CancelError(
    'EXECUTION_NOT_CANCELLABLE',
    `Execution ${id} is ${now.status}: there is no nonce to clear.`,
  );
}
