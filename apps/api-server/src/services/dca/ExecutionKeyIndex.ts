/**
 * Execution records by idempotency key: which gateway execution carries a key. The execution store lists records by
 * status and time only; a DCA fill must find its swap by its key (`dca:<order>:<slot>`) after a crash, and a key
 * must never start a second execution. Implementations: {@link SqliteExecutionKeyIndex} (the app's database) and
 * {@link MemoryExecutionKeyIndex}, under one contract (`ExecutionKeyIndex.test.ts`). Every method is one atomic
 * operation.
 */
export interface ExecutionKeyIndex {
  /** Records `key → executionId` unless the key is taken; true when recorded. */
  insert(parameters: { key: string; executionId: string; at: number }): Promise<boolean>;
  /** The execution the key names, or null. */
  get(key: string): Promise<string | null>;
  /** Compare-and-set: points the key at `to` only while it still names `from`; true when changed. */
  replace(parameters: { key: string; from: string; to: string; at: number }): Promise<boolean>;
}
