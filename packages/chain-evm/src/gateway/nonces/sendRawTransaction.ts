import { Transaction } from 'ethers';
import type { RpcSender } from '../../multicall/aggregate3.js';
import { rpcCall } from '../../rpc/rpcCall.js';
import type { Hex } from '../types.js';

/**
 * Hands stored signed bytes to the node (`eth_sendRawTransaction` under the RPC time-out). Success also when the node
 * already has them (`already known`), or when it answers `nonce too low` and knows the transaction's own hash (another
 * instance broadcast the same bytes first and they were mined). Any other failure throws (typed `RpcError`).
 *
 * @example
 * ```ts
 * await sendRawTransaction({ provider, chainId, raw: row.raw, timeoutMs: 8_000 });
 * ```
 */
export async function sendRawTransaction({
  provider,
  chainId,
  raw,
  timeoutMs,
}: {
  readonly provider: (chainId: number) => Promise<RpcSender>;
  readonly chainId: number;
  readonly raw: Hex;
  readonly timeoutMs: number;
}): Promise<void> {
  const node = await provider(chainId);
  try {
    await rpcCall({
      chainId,
      method: 'eth_sendRawTransaction',
      timeoutMs,
      run: () => node.send('eth_sendRawTransaction', [raw]),
    });
  } catch (error) {
    const e = error as { message?: unknown; cause?: { message?: unknown } } | null;
    const text = `${String(e?.message ?? '')} ${String(e?.cause?.message ?? '')}`;
    if (/already known|known transaction|already imported/i.test(text)) return;
    if (/nonce too low|nonce has already been used/i.test(text)) {
      const known = await rpcCall({
        chainId,
        method: 'eth_getTransactionByHash',
        timeoutMs,
        run: () => node.send('eth_getTransactionByHash', [Transaction.from(raw).hash]),
      }).catch(() => null);
      if (known) return;
    }
    throw error;
  }
}
