import type { ExecutionRecord } from '@org/chain-evm';

/** What {@link currentFillAttempt} answers: the key the fill's execution runs under now, and its record if stored. */
export interface FillAttempt {
  readonly key: string;
  readonly record: ExecutionRecord | null;
}

/**
 * The attempt a DCA fill is on. A fill runs under its idempotency key `dca:<order>:<slot>`; when the execution
 * stored under it ended `failed INTERRUPTED` with no transaction (the process died before it signed: nothing can
 * have reached the chain, and the reconciler released its reservation), the fill gets ONE more attempt under the
 * derived key `<key>:after-interrupt` — a crash must not cost the slot. Any other record under the key, or none, is
 * the answer as it is; the derived key is deterministic, so two instances retrying start one execution at most.
 *
 * @example
 * ```ts
 * const { key, record } = await currentFillAttempt({ key: 'dca:o1:0', stored: (k) => executor.stored(k) });
 * ```
 */
export async function currentFillAttempt({
  key,
  stored,
}: {
  key: string;
  stored: (key: string) => Promise<ExecutionRecord | null>;
}): Promise<FillAttempt> {
  const record = await stored(key);
  const interrupted =
    record !== null &&
    record.status === 'failed' &&
    record.code === 'INTERRUPTED' &&
    record.transactions.length === 0;
  if (!interrupted) return { key, record };
  const retryKey = `${key}:after-interrupt`;
  return { key: retryKey, record: await stored(retryKey) };
}
