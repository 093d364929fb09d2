import { BaseError } from './BaseError.js';

/**
 * anvil (or its supervising shell) exited before it was ready, or could not be spawned at all.
 *
 * @example
 * ```ts
 * import { startDevnet } from '@org/devnet';
 * await startDevnet().catch((e) => { if (e.code === 'DEVNET_ANVIL_EXITED') console.error(e.details); });
 * ```
 */
export class AnvilExitedError extends BaseError<'DEVNET_ANVIL_EXITED'> {
  override name = 'AnvilExitedError';
  /** Exit code of the process, `null` when it was killed by a signal or never started. */
  readonly exitCode: number | null;

  constructor(exitCode: number | null, details?: string, cause?: unknown) {
    super('DEVNET_ANVIL_EXITED', `anvil exited unexpectedly (exit code ${String(exitCode)}).`, {
      details,
      cause,
    });
    this.exitCode = exitCode;
  }
}
