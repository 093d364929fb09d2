import type { ExecutionRecord, ExecutionRecordPatch, ExecutionStatus, ExecutionStore } from '../types.js';

/** Parameters of {@link transitionExecution}. */
export interface TransitionExecutionParameters {
  readonly store: ExecutionStore;
  readonly id: string;
  /** The statuses the change is allowed from: it applies to the record only while it is in one of them. */
  readonly from: readonly ExecutionStatus[];
  readonly patch: ExecutionRecordPatch;
  readonly at: number;
  /** Compare-and-set attempts before giving up (default 5): each loss re-reads the record. */
  readonly attempts?: number;
  /** The record as the caller last read (or wrote) it: tried first, saving a read when nothing moved. */
  readonly read?: ExecutionRecord;
}

/**
 * A status change decided on the status alone (deny, expire, resume): read the record, and while it is in one of
 * `from`, compare-and-set `patch` on the status and version read; a lost write re-reads and tries again. Resolves the
 * written record, or `null` when the record is no longer in any of `from` (someone else moved it on: nothing
 * written). Unknown id rejects with `EXECUTION_NOT_FOUND`.
 *
 * @example
 * ```ts
 * const blocked = await transitionExecution({ store, id, from: ['awaiting_confirmation'], patch, at: Date.now() });
 * ```
 */
export async function transitionExecution({
  store,
  id,
  from,
  patch,
  at,
  attempts = 5,
  read: known,
}: TransitionExecutionParameters): Promise<ExecutionRecord | null> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const read = attempt === 0 && known !== undefined ? known : await store.get(id);
    if (read === null) {
      // Through the store, so the error is the store's own EXECUTION_NOT_FOUND.
      return store.update({ id, expected: { status: 'preparing', version: 0 }, patch, at });
    }
    if (!from.includes(read.status)) return null;
    const written = await store.update({
      id,
      expected: { status: read.status, version: read.version },
      patch,
      at,
    });
    if (written) return written;
  }
  return null;
}
