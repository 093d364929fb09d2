/** ethers' codes for a node that refused a transaction because its nonce is used or held by another one. */
const CODES = new Set(['NONCE_EXPIRED', 'REPLACEMENT_UNDERPRICED']);

/** Node messages (geth, erigon, nethermind, besu, reth, anvil) saying the same. */
const MESSAGES =
  /nonce too low|nonce has already been used|NonceTooLow|OldNonce|nonce is too low|replacement transaction underpriced|replacement fee too low|transaction underpriced.*same nonce|already known|known transaction|already imported/i;

/**
 * Whether a failed `eth_sendRawTransaction` says the nonce is not ours to use: used by a mined transaction (`nonce
 * too low`), or held in the mempool by another transaction (`replacement transaction underpriced`, `already
 * known`). Decided on ethers' error code (`NONCE_EXPIRED`, `REPLACEMENT_UNDERPRICED`) and on every message of the
 * error's chain (`cause`, `error`, `info.error`: the node's JSON-RPC error), never on the top-level message alone —
 * the RPC boundary wraps the node's answer. A time-out is never such a refusal.
 *
 * @example
 * ```ts
 * isNonceTaken(new RpcError('RPC_ERROR', { chainId, method, cause: new Error('nonce too low') })); // true
 * isNonceTaken(new Error('insufficient funds for gas * price + value')); // false
 * ```
 */
export function isNonceTaken(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  let text = '';
  while (queue.length > 0 && seen.size < 12) {
    const e = queue.shift();
    if (e === null || e === undefined || seen.has(e)) continue;
    seen.add(e);
    if (typeof e !== 'object') {
      text += ` ${String(e)}`;
      continue;
    }
    const x = e as {
      code?: unknown;
      message?: unknown;
      shortMessage?: unknown;
      cause?: unknown;
      error?: unknown;
      info?: { error?: unknown } | null;
    };
    if (typeof x.code === 'string' && CODES.has(x.code)) return true;
    text += ` ${String(x.code ?? '')} ${String(x.message ?? '')} ${String(x.shortMessage ?? '')}`;
    queue.push(x.cause, x.error, x.info?.error);
  }
  if (/RPC_TIMEOUT|timed out|timeout/i.test(text)) return false;
  return MESSAGES.test(text);
}
