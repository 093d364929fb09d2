import type { ExecutionRecord } from '../types.js';

/** A position in the newest-first order of executions: strictly after (older than) this record. */
export interface ExecutionCursorPosition {
  readonly createdAt: number;
  readonly id: string;
}

/**
 * The opaque cursor after `record` in the newest-first order (`createdAt` descending, then `id` descending, so
 * records created in the same millisecond are neither skipped nor repeated).
 *
 * @example
 * ```ts
 * const nextCursor = encodeExecutionCursor(items[items.length - 1]);
 * ```
 */
export function encodeExecutionCursor(record: Pick<ExecutionRecord, 'createdAt' | 'id'>): string {
  return Buffer.from(JSON.stringify(['e1', record.createdAt, record.id]), 'utf8').toString('base64url');
}
