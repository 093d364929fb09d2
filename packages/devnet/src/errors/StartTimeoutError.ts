import { BaseError } from './BaseError.js';

/**
 * anvil did not report `Listening on 127.0.0.1:PORT` within the start-up time-out. The process has
 * already been killed when this is thrown.
 *
 * @example
 * ```ts
 * import { startDevnet } from '@org/devnet';
 * await startDevnet({ timeoutMs: 1 }).catch((e) => e.code); // 'DEVNET_START_TIMEOUT'
 * ```
 */
export class StartTimeoutError extends BaseError<'DEVNET_START_TIMEOUT'> {
  override name = 'StartTimeoutError';
  /** The time-out that elapsed, in milliseconds. */
  readonly timeoutMs: number;
  /** pid of the anvil process that was killed, when it was known. */
  readonly anvilPid: number | undefined;

  constructor(timeoutMs: number, details?: string, anvilPid?: number) {
    super('DEVNET_START_TIMEOUT', `anvil did not start within ${timeoutMs} ms.`, { details });
    this.timeoutMs = timeoutMs;
    this.anvilPid = anvilPid;
  }
}
