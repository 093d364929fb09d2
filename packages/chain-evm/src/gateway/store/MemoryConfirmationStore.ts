import { StoreError } from '../../errors/StoreError.js';
import type {
  ConfirmationPatch,
  ConfirmationRecord,
  ConfirmationStatus,
  ConfirmationStore,
} from '../types.js';
import {
  CONFIRMATION_STATUSES,
  checkConfirmationList,
  checkConfirmationRecord,
  intentRoundTrip,
} from './confirmationRows.js';
import { encodeExecutionCursor } from './executionCursor.js';
import { nonNegativeInteger, nullableBigint, nullableText, oneOf, text } from './storeInput.js';

/**
 * {@link ConfirmationStore} in process memory, for tests and single-process tools (lost on exit). Validates and
 * orders exactly like the SQLite store and hands out copies.
 *
 * @example
 * ```ts
 * import { MemoryConfirmationStore } from '@org/chain-evm';
 * const confirmations = new MemoryConfirmationStore();
 * ```
 */
export class MemoryConfirmationStore implements ConfirmationStore {
  readonly #records = new Map<string, ConfirmationRecord>();

  async insert(record: ConfirmationRecord): Promise<void> {
    const checked = checkConfirmationRecord(record);
    if (this.#records.has(checked.id)) {
      throw new StoreError('STORE_INPUT_INVALID', 'Invalid confirmation.', {
        details: `a confirmation with id ${checked.id} exists`,
      });
    }
    this.#records.set(checked.id, checked);
  }

  async get(id: string): Promise<ConfirmationRecord | null> {
    const found = this.#records.get(text(id, 'confirmation id'));
    return found ? intentRoundTrip(found) : null;
  }

  async getByExecution(executionId: string): Promise<ConfirmationRecord | null> {
    text(executionId, 'execution id');
    const mine = [...this.#records.values()].filter((r) => r.executionId === executionId).sort(newestFirst);
    return mine[0] ? intentRoundTrip(mine[0]) : null;
  }

  async list(parameters: { limit: number; status?: ConfirmationStatus; cursor?: string }) {
    const { limit, status, after } = checkConfirmationList(parameters);
    const all = [...this.#records.values()]
      .filter((r) => status === null || r.status === status)
      .filter((r) => after === null || newestFirst(r, after) > 0)
      .sort(newestFirst);
    const items = all.slice(0, limit).map(intentRoundTrip);
    const last = items.at(-1);
    return { items, nextCursor: all.length > limit && last ? encodeExecutionCursor(last) : null };
  }

  async transition({
    id,
    from,
    to,
    patch = {},
    at,
  }: {
    id: string;
    from: readonly ConfirmationStatus[];
    to: ConfirmationStatus;
    patch?: ConfirmationPatch;
    at: number;
  }): Promise<ConfirmationRecord | null> {
    const checked = checkTransition({ id, from, to, patch, at });
    const current = this.#records.get(checked.id);
    if (!current || !checked.from.includes(current.status)) return null;
    const next: ConfirmationRecord = {
      ...current,
      ...checked.patch,
      status: checked.to,
      updatedAt: checked.at,
    };
    this.#records.set(checked.id, next);
    return intentRoundTrip(next);
  }
}

function newestFirst(a: { createdAt: number; id: string }, b: { createdAt: number; id: string }): number {
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Validates a status change (shared with the SQLite store). */
export function checkTransition(p: {
  id: unknown;
  from: unknown;
  to: unknown;
  patch: unknown;
  at: unknown;
}): {
  id: string;
  from: readonly ConfirmationStatus[];
  to: ConfirmationStatus;
  patch: ConfirmationPatch;
  at: number;
} {
  const id = text(p.id, 'confirmation id');
  if (!Array.isArray(p.from) || p.from.length === 0)
    throw new StoreError('STORE_INPUT_INVALID', 'Invalid from.');
  const from = p.from.map((s) => oneOf(s, CONFIRMATION_STATUSES, 'from status'));
  const to = oneOf(p.to, CONFIRMATION_STATUSES, 'to status');
  const at = nonNegativeInteger(p.at, 'transition time');
  const raw = (p.patch ?? {}) as ConfirmationPatch;
  const patch: { -readonly [K in keyof ConfirmationPatch]: ConfirmationPatch[K] } = {};
  if (raw.approvedValueWei !== undefined)
    patch.approvedValueWei = nullableBigint(raw.approvedValueWei, 'value');
  if (raw.decidedAt !== undefined)
    patch.decidedAt = raw.decidedAt === null ? null : nonNegativeInteger(raw.decidedAt, 'decidedAt');
  if (raw.decidedBy !== undefined) patch.decidedBy = nullableText(raw.decidedBy, 'decidedBy');
  if (raw.note !== undefined) patch.note = nullableText(raw.note, 'note', 1024);
  return { id, from, to, patch, at };
}
