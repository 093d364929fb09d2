import { BaseError } from '../errors/BaseError.js';
import { DcaExecutorError } from '../errors/DcaExecutorError.js';

/**
 * Runs one executor call with a time-out: the signal is aborted and `DCA_EXECUTOR_TIMEOUT` thrown when it elapses;
 * anything the executor throws becomes `DCA_EXECUTOR_ERROR` (its error kept as `cause`).
 */
export async function callExecutor<T>(
  what: string,
  timeoutMs: number,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(
        new DcaExecutorError(
          'DCA_EXECUTOR_TIMEOUT',
          `The executor's ${what} did not answer in ${timeoutMs} ms.`,
        ),
      );
    }, timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(() => call(controller.signal)), timeout]);
  } catch (error) {
    if (error instanceof BaseError && error.code === 'DCA_EXECUTOR_TIMEOUT') throw error;
    throw new DcaExecutorError('DCA_EXECUTOR_ERROR', `The executor's ${what} failed.`, {
      cause: error,
      ...(error instanceof Error ? { details: error.message.slice(0, 500) } : {}),
    });
  } finally {
    clearTimeout(timer);
  }
}
