import { ConfirmationError } from '../errors/ConfirmationError.js';
import { transitionExecution } from './store/transitionExecution.js';
import type { ConfirmationRecord, ConfirmationStore, ExecutionRecord, ExecutionStore } from './types.js';

/** Stores and clock shared by {@link approveConfirmation}, {@link denyConfirmation} and {@link expireConfirmation}. */
export interface ConfirmationDecisionStores {
  readonly confirmations: ConfirmationStore;
  readonly executions: ExecutionStore;
  readonly at: number;
}

/**
 * The operator's "yes" (the one rule, for the gateway and for the operator CLI on the same database): the held
 * action must be pending and unexpired (an expired one is marked expired and its execution blocked); an action whose
 * value was unknown needs the most the governor may charge. Marks it `approved` atomically — running it is the
 * gateway's job (at once over HTTP; within seconds, or at its next start, when the CLI approved). Throws
 * {@link ConfirmationError}.
 *
 * @example
 * ```ts
 * await approveConfirmation({ confirmations, executions, at: Date.now(), id, by: 'cli' });
 * ```
 */
export async function approveConfirmation(
  p: ConfirmationDecisionStores & { id: string; by: string; valueWei?: bigint; note?: string },
): Promise<ConfirmationRecord> {
  const held = await p.confirmations.get(p.id);
  if (!held) throw new ConfirmationError('CONFIRMATION_NOT_FOUND', `No held action ${p.id}.`);
  if (held.status !== 'pending') {
    throw new ConfirmationError('CONFIRMATION_NOT_PENDING', `Held action ${p.id} is ${held.status}.`);
  }
  if (p.at >= held.expiresAt) {
    await expireConfirmation({ ...p, held });
    throw new ConfirmationError(
      'CONFIRMATION_EXPIRED',
      `Held action ${p.id} expired before it was approved.`,
    );
  }
  if (held.valueWei === null && (typeof p.valueWei !== 'bigint' || p.valueWei < 0n)) {
    throw new ConfirmationError(
      'CONFIRMATION_VALUE_REQUIRED',
      'Its value is unknown: say the most (ETH-equivalent) the governor may charge for it.',
    );
  }
  const approved = await p.confirmations.transition({
    id: p.id,
    from: ['pending'],
    to: 'approved',
    patch: {
      approvedValueWei: held.valueWei ?? (p.valueWei as bigint),
      decidedAt: p.at,
      decidedBy: p.by,
      ...(p.note === undefined ? {} : { note: p.note }),
    },
    at: p.at,
  });
  if (!approved) {
    throw new ConfirmationError('CONFIRMATION_NOT_PENDING', `Held action ${p.id} was decided meanwhile.`);
  }
  return approved;
}

/**
 * The operator's "no": a pending held action becomes `denied` and its execution `blocked` with
 * `CONFIRMATION_DENIED` (nothing was reserved or signed). Throws {@link ConfirmationError}.
 *
 * @example
 * ```ts
 * const { execution } = await denyConfirmation({ confirmations, executions, at: Date.now(), id, by: 'cli' });
 * ```
 */
export async function denyConfirmation(
  p: ConfirmationDecisionStores & { id: string; by: string; note?: string },
): Promise<{ confirmation: ConfirmationRecord; execution: ExecutionRecord }> {
  const denied = await p.confirmations.transition({
    id: p.id,
    from: ['pending'],
    to: 'denied',
    patch: { decidedAt: p.at, decidedBy: p.by, ...(p.note === undefined ? {} : { note: p.note }) },
    at: p.at,
  });
  if (!denied) {
    const held = await p.confirmations.get(p.id);
    if (!held) throw new ConfirmationError('CONFIRMATION_NOT_FOUND', `No held action ${p.id}.`);
    throw new ConfirmationError('CONFIRMATION_NOT_PENDING', `Held action ${p.id} is ${held.status}.`);
  }
  const patch = {
    status: 'blocked',
    code: 'CONFIRMATION_DENIED',
    reason: p.note ?? `denied by ${p.by}`,
  } as const;
  const execution =
    (await transitionExecution({
      store: p.executions,
      id: denied.executionId,
      from: ['awaiting_confirmation'],
      patch,
      at: p.at,
    })) ?? (await currentExecution(p.executions, denied.executionId));
  return { confirmation: denied, execution };
}

/**
 * Time ran out: a pending held action becomes `expired` and its execution `blocked` with `CONFIRMATION_EXPIRED`.
 * Returns null when it was no longer pending (decided meanwhile).
 *
 * @example
 * ```ts
 * await expireConfirmation({ confirmations, executions, at: Date.now(), held });
 * ```
 */
export async function expireConfirmation(
  p: ConfirmationDecisionStores & { held: ConfirmationRecord },
): Promise<ExecutionRecord | null> {
  const expired = await p.confirmations.transition({
    id: p.held.id,
    from: ['pending'],
    to: 'expired',
    patch: { decidedAt: p.at, decidedBy: 'expiry' },
    at: p.at,
  });
  if (!expired) return null;
  return (
    (await transitionExecution({
      store: p.executions,
      id: p.held.executionId,
      from: ['awaiting_confirmation'],
      patch: { status: 'blocked', code: 'CONFIRMATION_EXPIRED', reason: 'nobody approved it in time' },
      at: p.at,
    })) ?? currentExecution(p.executions, p.held.executionId)
  );
}

/** The execution as it stands (a held action's execution always exists: its absence is a broken store). */
async function currentExecution(executions: ExecutionStore, id: string): Promise<ExecutionRecord> {
  const record = await executions.get(id);
  if (!record) throw new ConfirmationError('CONFIRMATION_NOT_FOUND', `No execution ${id}.`);
  return record;
}
