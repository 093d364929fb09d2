import { BaseError } from '../errors/BaseError.js';
import { DcaExecutorError } from '../errors/DcaExecutorError.js';

/**
 * ` (CODE: short message)` of the executor's error, bounded, so a recorded reason says why; empty when it has
 * neither. Only a stable `code` and a `shortMessage` (or `title`) are quoted — by convention the safe, one-line
 * summary of a typed error — never a foreign error's `message`, which may carry a URL or a payload.
 */
function causeOf(error: unknown): string {
  const e = error as { code?: unknown; shortMessage?: unknown; title?: unknown } | null;
  const code = typeof e?.code === 'string' && /^[A-Za-z0-9_.:-]{1,100}$/.test(e.code) ? e.code : null;
  const text =
    typeof e?.shortMessage === 'string' ? e.shortMessage : typeof e?.title === 'string' ? e.title : '';
  const message = text.replace(/\s+/g, ' ').trim().slice(0, 300);
  if (code === null && message === '') return '';
  return ` (${[code, message].filter((part) => part !== null && part !== '').join(': ')})`;
}

/**
 * Runs one executor call with a time-out: the signal is aborted and `DCA_EXECUTOR_TIMEOUT` thrown when it elapses;
 * anything the executor throws becomes `DCA_EXECUTOR_ERROR` (its error kept as `cause`, its code and message quoted in
 * the short message, so a fill's recorded reason says why).
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
    throw new DcaExecutorError('DCA_EXECUTOR_ERROR', `The executor's ${what} failed${causeOf(error)}.`, {
      cause: error,
      ...(error instanceof Error ? { details: error.message.slice(0, 500) } : {}),
    });
  } finally {
    clearTimeout(timer);
  }
}
