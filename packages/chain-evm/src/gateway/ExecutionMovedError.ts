import { BaseError } from '../errors/BaseError.js';
import type { ExecutionRecord } from './types.js';

/**
 * A compare-and-set write of the gateway lost: another writer (the reconciler, an operator's cancel, a second
 * process) moved the execution record since it was read. Nothing was written by the losing write; `record` is the
 * record as it stands now, and whoever moved it owns what comes next. Code `EXECUTION_CONFLICT`.
 *
 * @example
 * ```ts
 * try { await gateway.cancel({ id, by: 'cli' }); }
 * catch (error) { if ((error as ExecutionMovedError).code === 'EXECUTION_CONFLICT') { … } }
 * ```
 */
export class ExecutionMovedError extends BaseError<'EXECUTION_CONFLICT'> {
  override name = 'ExecutionMovedError';
  /** The record as another writer left it. */
  readonly record: ExecutionRecord;
  constructor(record: ExecutionRecord) {
    super('EXECUTION_CONFLICT', `Execution ${record.id} was changed by another writer.`, {
      details: `now ${record.status} (version ${record.version})`,
    });
    this.record = record;
  }
}
