/**
 * One line about an error for a record's `reason` (its `shortMessage` when it has one), at most 300 characters.
 *
 * @example
 * ```ts
 * shortMessageOf(new Error('nonce too low')); // 'nonce too low'
 * ```
 */
export function shortMessageOf(error: unknown): string {
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage;
  return (typeof short === 'string' ? short : error instanceof Error ? error.message : String(error)).slice(
    0,
    300,
  );
}
