import { RpcError } from '../errors/RpcError.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { rpcCall } from '../rpc/rpcCall.js';

/** Parameters of {@link findFirstBlockAtOrAfter}. */
export interface FindFirstBlockAtOrAfterParameters {
  readonly provider: RpcSender;
  readonly chainId: number;
  /** Unix seconds. */
  readonly timestamp: number;
  /** Search `[0, head]`. */
  readonly head: number;
  readonly timeoutMs?: number;
}

/**
 * The first block whose timestamp is ≥ `timestamp` (binary search over `eth_getBlockByNumber`, about log2(head)
 * requests, whatever the number of approvals), or `head + 1` when every block is older. Block timestamps never
 * decrease, so "approved before this block" means "approved before that time".
 *
 * @example
 * ```ts
 * const cutoff = await findFirstBlockAtOrAfter({ provider, chainId: 1, timestamp: now - 180 * 86_400, head });
 * const stale = approvals.filter((a) => a.lastApprovalBlock < cutoff);
 * ```
 */
export async function findFirstBlockAtOrAfter({
  provider,
  chainId,
  timestamp,
  head,
  timeoutMs,
}: FindFirstBlockAtOrAfterParameters): Promise<number> {
  const timeOf = async (block: number): Promise<number> => {
    const raw = (await rpcCall({
      chainId,
      method: 'eth_getBlockByNumber',
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      run: () => provider.send('eth_getBlockByNumber', [`0x${block.toString(16)}`, false]),
    })) as { timestamp?: unknown } | null;
    if (typeof raw?.timestamp !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(raw.timestamp)) {
      throw new RpcError('RPC_ERROR', {
        chainId,
        method: 'eth_getBlockByNumber',
        details: `block ${block} came back without a timestamp`,
      });
    }
    return Number(BigInt(raw.timestamp));
  };
  let low = 0;
  let high = head + 1; // answer in [low, high]
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if ((await timeOf(mid)) >= timestamp) high = mid;
    else low = mid + 1;
  }
  return low;
}
