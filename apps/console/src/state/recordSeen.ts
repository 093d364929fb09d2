import type { Execution } from '../api/schemas';
import type { ConsoleEvent } from '../events/followEvents';

/**
 * An execution as this tab has seen it go by: from the live stream (held, broadcast, settled, blocked, decided) and
 * from the answers to the operator's own decisions. It is what the operator key sees of executions when the server
 * does not let it read `/executions`.
 */
export interface SeenExecution {
  readonly id: string;
  readonly updatedAt: string;
  readonly status: string;
  /** Every transaction hash broadcast for it (a replacement adds one), oldest first. */
  readonly hashes: readonly string[];
  readonly nonce: number | null;
  /** Fee paid in wei, once settled. */
  readonly feeWei: string | null;
  readonly code: string | null;
  readonly reason: string | null;
  /** The full record, when an answer carried it. */
  readonly execution: Execution | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Folds one live event, or one execution record from an answer, into the map of seen executions (a new map; the
 * input is not changed). Events that are not about an execution leave it as it is.
 *
 * @example
 * ```ts
 * let seen = new Map<string, SeenExecution>();
 * seen = recordSeen(seen, { event });
 * seen = recordSeen(seen, { execution: decision.execution });
 * ```
 */
export function recordSeen(
  seen: ReadonlyMap<string, SeenExecution>,
  input: { readonly event: ConsoleEvent } | { readonly execution: Execution },
): ReadonlyMap<string, SeenExecution> {
  if ('execution' in input) {
    const e = input.execution;
    const before = seen.get(e.id);
    const hashes = e.transactions.map((t) => t.hash);
    for (const hash of before?.hashes ?? []) if (!hashes.includes(hash)) hashes.push(hash);
    return new Map(seen).set(e.id, {
      id: e.id,
      updatedAt: e.updatedAt,
      status: e.status,
      hashes,
      nonce: e.nonce,
      feeWei: e.fee?.wei ?? before?.feeWei ?? null,
      code: e.code,
      reason: e.reason,
      execution: e,
    });
  }
  const { type, payload } = input.event;
  const envelope = (payload ?? {}) as { at?: unknown; data?: Record<string, unknown> };
  const data = envelope.data ?? {};
  const id = text(data.executionId);
  if (id === null || !(type.startsWith('execution.') || type === 'confirmation.decided')) return seen;
  const before: SeenExecution = seen.get(id) ?? {
    id,
    updatedAt: '',
    status: 'unknown',
    hashes: [],
    nonce: null,
    feeWei: null,
    code: null,
    reason: null,
    execution: null,
  };
  const next: { -readonly [K in keyof SeenExecution]: SeenExecution[K] } = {
    ...before,
    updatedAt: text(envelope.at) ?? before.updatedAt,
  };
  if (type === 'execution.held') next.status = 'awaiting_confirmation';
  else if (type === 'execution.broadcast') {
    next.status = 'pending';
    const hash = text(data.hash);
    if (hash !== null && !before.hashes.includes(hash)) next.hashes = [...before.hashes, hash];
    if (typeof data.nonce === 'number') next.nonce = data.nonce;
  } else if (type === 'execution.settled') {
    next.status = text(data.status) ?? before.status;
    next.feeWei = text(data.feeWei) ?? before.feeWei;
  } else if (type === 'execution.blocked') {
    next.status = 'blocked';
    next.code = text(data.code);
    next.reason = text(data.reason);
  } else if (type === 'confirmation.decided') {
    const decision = text(data.decision);
    if (decision === 'denied' || decision === 'expired') {
      next.status = 'blocked';
      next.code = decision === 'denied' ? 'CONFIRMATION_DENIED' : 'CONFIRMATION_EXPIRED';
    }
  } else return seen;
  return new Map(seen).set(id, next);
}
