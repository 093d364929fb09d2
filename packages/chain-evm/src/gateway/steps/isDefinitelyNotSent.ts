/** Node answers that prove a transaction was refused and is not in the mempool. */
const REFUSED =
  /nonce too low|nonce too high|insufficient funds|underpriced|intrinsic gas|exceeds block gas limit|gas limit reached|invalid (sender|signature|transaction|chain)|replacement transaction|max fee per gas less than block base fee|ECONNREFUSED/i;

/**
 * Whether a failed `eth_sendRawTransaction` proves the transaction never reached the node's mempool: the node
 * refused it with an explicit error (nonce too low, insufficient funds, underpriced, invalid…) or the connection
 * was refused before anything was sent. Anything else — a time-out, a reset connection, a 5xx — may have come after
 * the node accepted it, so it is NOT proof (the caller must keep the reservation and reconcile).
 *
 * @example
 * ```ts
 * isDefinitelyNotSent(new Error('insufficient funds for gas * price + value')); // true
 * isDefinitelyNotSent(new Error('socket hang up')); // false
 * ```
 */
export function isDefinitelyNotSent(error: unknown): boolean {
  let text = '';
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const x = e as {
      code?: unknown;
      message?: unknown;
      shortMessage?: unknown;
      cause?: unknown;
      error?: unknown;
    };
    text += ` ${String(x.code ?? '')} ${String(x.message ?? '')} ${String(x.shortMessage ?? '')}`;
    e = x.cause ?? x.error;
  }
  if (/RPC_TIMEOUT|timed out|timeout/i.test(text)) return false;
  return REFUSED.test(text);
}
