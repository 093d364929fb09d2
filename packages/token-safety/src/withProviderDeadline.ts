import { ProviderError } from './errors/ProviderError.js';

/** Parameters of {@link withProviderDeadline}. */
export type WithProviderDeadlineParameters<T> = {
  /** Provider name carried by the errors, e.g. `'spl-mint'`. */
  provider: string;
  /** Deadline of the call in ms; past it the call fails with `PROVIDER_TIMEOUT` (the call itself is not aborted). */
  timeoutMs: number;
  /** The call. A `ProviderError` it throws passes through unchanged. */
  run: () => Promise<T> | T;
  /**
   * What the call does, used in the error messages: `${describe} timed out after ${timeoutMs} ms` and
   * `${describe} failed` (e.g. `'eth_call'`). Without it: `timed out after … ms` and `call failed`.
   */
  describe?: string;
  /**
   * `details` of the `PROVIDER_NETWORK_ERROR`, from the foreign error. Default: its `shortMessage` (ethers) or
   * else its `name` — never its `message`, which may carry an endpoint URL with credentials.
   */
  details?: (error: unknown) => string;
};

/** Return type of {@link withProviderDeadline}. */
export type WithProviderDeadlineReturnType<T> = Promise<T>;

/** URL-free summary of a foreign error: ethers' `shortMessage`, else the error's name. */
function safeDetails(error: unknown): string {
  const shortMessage = (error as { shortMessage?: unknown } | null | undefined)?.shortMessage;
  if (typeof shortMessage === 'string') return shortMessage;
  return error instanceof Error ? error.name : 'error';
}

/**
 * Runs one provider call under a deadline and translates its failures once: past `timeoutMs` it rejects with a
 * `ProviderError` `PROVIDER_TIMEOUT`; any other foreign error becomes `PROVIDER_NETWORK_ERROR` (the original
 * kept as `cause`); a `ProviderError` thrown by the call passes through. The timer is always cleared.
 *
 * @example
 * ```ts
 * const chainId = await withProviderDeadline({
 *   provider: 'onchain-simulation',
 *   timeoutMs: 8000,
 *   describe: 'eth_chainId',
 *   run: () => provider.send('eth_chainId', []),
 * });
 * ```
 */
export async function withProviderDeadline<T>(
  parameters: WithProviderDeadlineParameters<T>,
): WithProviderDeadlineReturnType<T> {
  const { provider, timeoutMs, run, describe } = parameters;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      (async () => run())(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new ProviderError({
                code: 'PROVIDER_TIMEOUT',
                provider,
                shortMessage: `${describe ? `${describe} ` : ''}timed out after ${timeoutMs} ms`,
              }),
            ),
          timeoutMs,
        );
      }),
    ]);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError({
      code: 'PROVIDER_NETWORK_ERROR',
      provider,
      shortMessage: `${describe ?? 'call'} failed`,
      details: (parameters.details ?? safeDetails)(error),
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
}
