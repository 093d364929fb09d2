import type { ConfirmationRecord, ConfirmationStatus, ConfirmationStore } from '../types.js';

/**
 * Every held action in `status`, all pages, newest first.
 *
 * @example
 * ```ts
 * for (const approved of await listAllConfirmations(store, 'approved')) { … }
 * ```
 */
export async function listAllConfirmations(
  store: ConfirmationStore,
  status: ConfirmationStatus,
): Promise<ConfirmationRecord[]> {
  const out: ConfirmationRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list({ limit: 100, status, ...(cursor ? { cursor } : {}) });
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}
