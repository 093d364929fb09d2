import { RpcError } from '../../errors/RpcError.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import { rpcCall } from '../../rpc/rpcCall.js';
import type { GatewayReceipt } from '../gatewayTypes.js';
import type { Hex } from '../types.js';

/** Parameters of {@link fetchReceipt}. */
export interface FetchReceiptParameters {
  readonly provider: RpcSender;
  readonly chainId: number;
  readonly hash: Hex;
  /** Deadline of the call (default 8 s). */
  readonly timeoutMs?: number;
}

/**
 * One `eth_getTransactionReceipt`, read strictly: the receipt when mined; `null` only when the node answered that
 * it has no receipt (not mined, as far as this node knows). A node that errs, times out or answers a malformed
 * receipt throws an {@link RpcError} — never `null`, because callers decide on `null` (the reconciler releases a
 * reservation only when none of an execution's hashes is mined and its nonce was used by another transaction).
 *
 * @example
 * ```ts
 * const receipt = await fetchReceipt({ provider, chainId: 1, hash });
 * if (receipt === null) { … } // definitely not mined (as this node sees it)
 * ```
 */
export async function fetchReceipt({
  provider,
  chainId,
  hash,
  timeoutMs = 8_000,
}: FetchReceiptParameters): Promise<GatewayReceipt | null> {
  const method = 'eth_getTransactionReceipt';
  const raw = await rpcCall({ chainId, method, timeoutMs, run: () => provider.send(method, [hash]) });
  if (raw === null) return null;
  const receipt = typeof raw === 'object' ? toReceipt(raw as Record<string, unknown>) : null;
  if (receipt === null || receipt.transactionHash.toLowerCase() !== hash.toLowerCase()) {
    throw new RpcError('RPC_ERROR', { chainId, method, details: 'malformed receipt' });
  }
  return receipt;
}

function toReceipt(raw: Record<string, unknown>): GatewayReceipt | null {
  const { transactionHash, status, blockNumber, blockHash, gasUsed, effectiveGasPrice, logs } = raw;
  if (
    typeof transactionHash !== 'string' ||
    typeof blockNumber !== 'string' ||
    typeof gasUsed !== 'string' ||
    typeof effectiveGasPrice !== 'string' ||
    (status !== '0x1' && status !== '0x0')
  ) {
    return null; // never read a malformed answer as success
  }
  return {
    transactionHash: transactionHash as Hex,
    status: status === '0x1' ? 1 : 0,
    blockNumber: Number(BigInt(blockNumber)),
    ...(typeof blockHash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(blockHash)
      ? { blockHash: blockHash.toLowerCase() as Hex }
      : {}),
    gasUsed: BigInt(gasUsed),
    effectiveGasPrice: BigInt(effectiveGasPrice),
    logs: Array.isArray(logs)
      ? logs.map((l: { address: string; topics: string[]; data: string }) => ({
          address: l.address as Hex,
          topics: l.topics as Hex[],
          data: l.data as Hex,
        }))
      : [],
  };
}
