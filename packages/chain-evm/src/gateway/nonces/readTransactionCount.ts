import type { Address } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import { rpcCall } from '../../rpc/rpcCall.js';

/**
 * `eth_getTransactionCount(address, block)` under the RPC time-out, parsed inside the RPC boundary: a node that
 * answers something other than a quantity is `RPC_ERROR`, like one that answers an error (a typed `RpcError` always).
 *
 * @example
 * ```ts
 * const pending = await readTransactionCount({ provider, chainId: 1, address, block: 'pending', timeoutMs: 8_000 });
 * ```
 */
export function readTransactionCount({
  provider,
  chainId,
  address,
  block,
  timeoutMs,
}: {
  readonly provider: (chainId: number) => Promise<RpcSender>;
  readonly chainId: number;
  readonly address: Address;
  readonly block: 'pending' | 'latest';
  readonly timeoutMs: number;
}): Promise<number> {
  return rpcCall({
    chainId,
    method: 'eth_getTransactionCount',
    timeoutMs,
    run: async () => {
      const raw = await (await provider(chainId)).send('eth_getTransactionCount', [address, block]);
      if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(raw))
        throw new Error('eth_getTransactionCount answered something other than a quantity');
      const count = Number(BigInt(raw));
      if (!Number.isSafeInteger(count))
        throw new Error('eth_getTransactionCount answered an unsafe quantity');
      return count;
    },
  });
}
